/** Grafana's panel layout: a 24-column grid, `gridPos` in columns and rows of 30 px. */
export const GRID_COLUMNS = 24;
export const GRID_ROW_PX = 30;

export interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Panel {
  id?: number;
  type?: string;
  title?: string;
  gridPos?: Partial<GridPos>;
  collapsed?: boolean;
  panels?: Panel[];
  targets?: Array<Record<string, unknown>>;
  datasource?: unknown;
  description?: string;
  [key: string]: unknown;
}

export interface Section {
  /** The row panel that heads the section; none for panels above the first row. */
  row?: Panel;
  /** Whether the dashboard saved this row collapsed (its panels then live inside it). */
  savedCollapsed: boolean;
  panels: Array<Panel & { pos: GridPos }>;
}

function positionOf(panel: Panel): GridPos {
  const g = panel.gridPos ?? {};
  const w = Math.min(GRID_COLUMNS, Math.max(1, Number(g.w) || 12));
  const x = Math.min(GRID_COLUMNS - w, Math.max(0, Number(g.x) || 0));
  return { x, y: Math.max(0, Number(g.y) || 0), w, h: Math.max(1, Number(g.h) || 8) };
}

/**
 * Splits a dashboard's panels into sections under their rows, each laid out from the top of its
 * section: an expanded row owns the panels after it, a collapsed row the panels inside it.
 */
export function sectionsOf(panels: unknown): Section[] {
  const list = (Array.isArray(panels) ? panels : []).filter((p): p is Panel => typeof p === 'object' && p !== null);
  const ordered = [...list].sort((a, b) => positionOf(a).y - positionOf(b).y || positionOf(a).x - positionOf(b).x);
  const sections: Section[] = [{ savedCollapsed: false, panels: [] }];
  for (const panel of ordered) {
    if (panel.type === 'row') {
      const nested = (Array.isArray(panel.panels) ? panel.panels : []).map((p) => ({ ...p, pos: positionOf(p) }));
      sections.push({ row: panel, savedCollapsed: panel.collapsed === true, panels: nested });
    } else {
      sections.at(-1)!.panels.push({ ...panel, pos: positionOf(panel) });
    }
  }
  for (const section of sections) {
    const top = Math.min(...section.panels.map((p) => p.pos.y));
    for (const p of section.panels) p.pos = { ...p.pos, y: p.pos.y - (Number.isFinite(top) ? top : 0) };
  }
  return sections.filter((s, i) => i > 0 || s.panels.length > 0);
}

/** The query text of a panel target, whatever the data source calls it. */
export function queryText(target: Record<string, unknown>): string {
  for (const key of ['expr', 'query', 'rawSql', 'rawQuery', 'target', 'queryText', 'q']) {
    const value = target[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}
