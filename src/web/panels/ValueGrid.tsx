import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { getFieldDisplayValues, type FieldDisplay, type Scheme } from './fieldDisplay';
import type { CellGrid } from './layoutValues';
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

/**
 * The cells of `grid` (`cellGrid`), centred across the panel; `centerRows` centres them down it
 * too. A grid larger than the panel scrolls and takes focus, so a keyboard can scroll it.
 */
export function ValueGrid({ grid, centerRows = false, children }: { grid: CellGrid; centerRows?: boolean; children: ReactNode }) {
  return (
    <div
      tabIndex={grid.scrolls ? 0 : undefined}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${grid.columns}, ${grid.cellWidth}px)`,
        gridAutoRows: `${grid.cellHeight}px`,
        gap: grid.gap,
        width: '100%',
        height: '100%',
        justifyContent: 'center',
        alignContent: centerRows ? 'center' : undefined,
        overflow: 'auto',
      }}
    >
      {children}
    </div>
  );
}

/** A value's name on one line, cut with an ellipsis when too long; the whole name shows on hover. */
export function ValueName({ name, style }: { name: string; style: CSSProperties }) {
  return (
    <div style={{ ...style, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={name}>
      {name}
    </div>
  );
}
