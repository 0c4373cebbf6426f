import type { Panel } from '../../../panels/layout';
import { hasDataSourceAnnotations } from './annotationSources';

/** Replaces the panel with `next.id` wherever it sits (top level or inside a collapsed row). */
export function replacePanel(panels: unknown, next: Panel): unknown[] {
  const list = Array.isArray(panels) ? (panels as Panel[]) : [];
  return list.map((p) => {
    if (p && p.id === next.id) return next;
    if (p && p.type === 'row' && Array.isArray(p.panels)) return { ...p, panels: replacePanel(p.panels, next) };
    return p;
  });
}

/** Every panel id of the saved model, so that a repeated copy's menu edits nothing it does not own. */
export function savedPanelIds(panels: unknown): Set<number> {
  const ids = new Set<number>();
  const visit = (list: unknown) => {
    for (const p of Array.isArray(list) ? (list as Panel[]) : []) {
      if (typeof p?.id === 'number') ids.add(p.id);
      if (p?.type === 'row') visit(p.panels);
    }
  };
  visit(panels);
  return ids;
}

/** The panel types drawn, rows' panels included, so their renderers can be downloaded early. */
export function panelTypes(panels: Panel[]): string[] {
  return panels.flatMap((p) => (p.type === 'row' && Array.isArray(p.panels) ? panelTypes(p.panels) : [String(p.type ?? '')]));
}

/** The panel (not a row) with this id, at the top level or inside a row. */
export function findPanel(panels: Panel[], id: number): Panel | undefined {
  for (const panel of panels) {
    if (panel.id === id && panel.type !== 'row') return panel;
    if (panel.type === 'row' && Array.isArray(panel.panels)) {
      const inside = findPanel(panel.panels, id);
      if (inside) return inside;
    }
  }
  return undefined;
}

/** Whether any panel has queries or any variable loads from a data source. */
export function needsDataSources(model: Record<string, unknown>): boolean {
  const variables = (model.templating as { list?: unknown } | undefined)?.list;
  const loads = Array.isArray(variables) && variables.some((v: { type?: unknown }) => v?.type === 'query' || v?.type === 'datasource');
  const queries = (list: unknown): boolean =>
    Array.isArray(list) && list.some((p: Panel) => (Array.isArray(p?.targets) && p.targets.length > 0) || queries(p?.panels));
  return loads || queries(model.panels) || hasDataSourceAnnotations(model);
}
