import type { Panel } from '../../../panels/layout';
import { referencedVariables } from './interpolation';

// Read once per panel object: a dashboard renders its panels on every refresh tick.
const usedByPanel = new WeakMap<Panel, readonly string[]>();

/** The variables a panel's model names anywhere (`$x`, `${x}`, `[[x]]` in queries, title, links…) and its repeat. */
export function variablesUsedBy(panel: Panel): readonly string[] {
  let names = usedByPanel.get(panel);
  if (!names) {
    const used = new Set(referencedVariables(JSON.stringify(panel)));
    if (typeof panel.repeat === 'string' && panel.repeat !== '') used.add(panel.repeat);
    names = [...used];
    usedByPanel.set(panel, names);
  }
  return names;
}

/** Whether a panel may ask for its data: none of the variables it uses is still loading its first options. */
export function panelVariablesReady(panel: Panel, unready: ReadonlySet<string>): boolean {
  return unready.size === 0 || !variablesUsedBy(panel).some((name) => unready.has(name));
}
