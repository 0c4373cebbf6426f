import { useMemo, type CSSProperties } from 'react';
import { getFieldDisplayValues, type FieldDisplay, type Scheme } from './fieldDisplay';
import { useScheme } from './PanelStates';
import { panelFrames } from './transformations';
import type { PanelProps } from './types';

/** A panel's values reduced for display (after its transformations), and the theme they are coloured for: stat, gauge and bar gauge. */
export function usePanelValues({
  panel,
  frames: rawFrames,
  timeZone,
  replaceVariables,
}: Pick<PanelProps, 'panel' | 'frames' | 'timeZone' | 'replaceVariables'>): { scheme: Scheme; values: FieldDisplay[] } {
  const scheme = useScheme();
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const values = useMemo(
    () => getFieldDisplayValues(panel, frames, { scheme, timeZone, replaceVariables }),
    [panel, frames, scheme, timeZone, replaceVariables],
  );
  return { scheme, values };
}

/** A value's name on one line, cut with an ellipsis when too long; the whole name shows on hover. */
export function ValueName({ name, style }: { name: string; style: CSSProperties }) {
  return (
    <div style={{ ...style, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={name}>
      {name}
    </div>
  );
}
