import type { Panel } from '../../../panels/layout';

/**
 * Each panel is a region named by its title; two regions of one name break axe's
 * `landmark-unique` and leave a screen reader's landmark list ambiguous. For every title shown more
 * than once, the second and later panels get their place among those of that title ("(2)", "(3)"),
 * heard after the title and never shown; a title used once stays as it is, as Grafana names it.
 * `titleOf` gives the title as the panel shows it (variables replaced, `unnamedPanelName` for none).
 */
export function duplicateTitleNumbers(panels: readonly Panel[], titleOf: (panel: Panel) => string): Map<number, number> {
  const seen = new Map<string, number>();
  const numbers = new Map<number, number>();
  const visit = (list: readonly Panel[]) => {
    for (const panel of list) {
      if (panel.type === 'row') {
        if (Array.isArray(panel.panels)) visit(panel.panels as Panel[]);
        continue;
      }
      if (typeof panel.id !== 'number') continue;
      const title = titleOf(panel).trim().toLowerCase();
      const count = (seen.get(title) ?? 0) + 1;
      seen.set(title, count);
      if (count > 1) numbers.set(panel.id, count);
    }
  };
  visit(panels);
  return numbers;
}

/**
 * The name of a panel's region when its title is empty: Grafana shows no title then, but a
 * screen reader still hears which panel it is in ("Panel 4").
 */
export function unnamedPanelName(panel: Panel): string {
  return typeof panel.id === 'number' ? `Panel ${panel.id}` : 'Panel';
}
