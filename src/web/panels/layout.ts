/**
 * Grafana's panel layout: a 24-column grid, `gridPos` in columns and rows of 30 px with 8 px
 * between them, compacted vertically as Grafana's react-grid-layout does (`compactType:
 * 'vertical'`). The stored `gridPos` is never rewritten: compaction is how a dashboard is drawn.
 */
export const GRID_COLUMNS = 24;
export const GRID_ROW_PX = 30;
export const GRID_GAP_PX = 8;
/** Grafana's `md` breakpoint: a viewport narrower than this stacks the panels in one column. */
export const NARROW_VIEWPORT_PX = 769;

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

/** Grafana's PanelModel default, for a panel saved without `gridPos` (or without one of its numbers). */
const DEFAULT_GRID_POS: GridPos = { x: 0, y: 0, w: 6, h: 3 };

function numberOr(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Where a panel asks to be, made to fit the grid as react-grid-layout's `correctBounds` does (too
 * far right moves left; past the left edge takes the full width). A row is always a full-width,
 * one-high strip, as Grafana's DashboardGrid lays it out. Sizes are at least 1; fractions (a
 * repeat of five is 4.8 columns wide) are kept.
 */
export function gridPosOf(panel: Panel): GridPos {
  const g = typeof panel.gridPos === 'object' && panel.gridPos !== null ? panel.gridPos : {};
  const y = Math.max(0, numberOr(g.y, DEFAULT_GRID_POS.y));
  if (panel.type === 'row') return { x: 0, y, w: GRID_COLUMNS, h: 1 };
  let w = Math.max(1, numberOr(g.w, DEFAULT_GRID_POS.w));
  let x = numberOr(g.x, DEFAULT_GRID_POS.x);
  const h = Math.max(1, numberOr(g.h, DEFAULT_GRID_POS.h));
  if (x + w > GRID_COLUMNS) x = GRID_COLUMNS - w;
  if (x < 0) {
    x = 0;
    w = GRID_COLUMNS;
  }
  return { x, y, w, h };
}

/** Whether two boxes share any area (touching edges do not). */
export function overlaps(a: GridPos, b: GridPos): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Top to bottom, then left to right; equal positions keep their order (the sort is stable). */
export function byRowThenColumn(a: GridPos, b: GridPos): number {
  return a.y - b.y || a.x - b.x;
}

/**
 * Grafana's vertical compaction (react-grid-layout's `compact`, `compactType: 'vertical'`): the
 * items are taken top to bottom, left to right; each floats up as far as it can without
 * overlapping one already placed, and one that overlaps is pushed below what it hits, pushing the
 * items after it that it would then cover down with it (so they keep their order). Returns a copy
 * of each item, in the order given, with its new `y`; `x`, `w` and `h` never change.
 */
export function compactLayout<T extends GridPos>(items: readonly T[]): T[] {
  // Working copies in placing order; a push moves the later ones before they are placed.
  const queue = items.map((item, index) => ({ x: item.x, y: item.y, w: item.w, h: item.h, index }));
  queue.sort(byRowThenColumn);
  const placed: GridPos[] = [];
  const result = new Array<T>(items.length);
  let bottom = 0;

  const firstHit = (box: GridPos) => placed.find((other) => overlaps(other, box));
  // react-grid-layout's resolveCompactionCollision: move `box` (at `order` in the queue) to `to`,
  // first moving down every later item that the box, one row lower, would cover.
  const pushDown = (box: GridPos, order: number, to: number) => {
    box.y += 1;
    for (let next = order + 1; next < queue.length; next++) {
      const other = queue[next]!;
      if (other.y > box.y + box.h) break;
      if (overlaps(box, other)) pushDown(other, next, to + box.h);
    }
    box.y = to;
  };

  queue.forEach((item, order) => {
    // Above the top counts as the top (react-grid-layout lifts it to 0 after placing, which can
    // overlap; an unfolded row's panels can start there).
    const box = { x: item.x, y: Math.max(0, Math.min(bottom, item.y)), w: item.w, h: item.h };
    while (box.y > 0 && !firstHit(box)) box.y--;
    box.y = Math.max(0, box.y); // a fractional y floats past 0: the top it is
    for (let hit = firstHit(box); hit; hit = firstHit(box)) pushDown(box, order, hit.y + hit.h);
    placed.push(box);
    bottom = Math.max(bottom, box.y + box.h);
    result[item.index] = { ...items[item.index]!, y: box.y };
  });
  return result;
}

/** One thing drawn on the grid: a row's heading or a panel, at its compacted place. */
export type GridItem =
  | {
      kind: 'row';
      key: string;
      row: Panel;
      /** Folded as shown now (the saved state, or the viewer's toggle of it). */
      collapsed: boolean;
      /** How many panels the fold hides. */
      hidden: number;
      pos: GridPos;
    }
  | { kind: 'panel'; key: string; panel: Panel; inRow: boolean; pos: GridPos };

interface Placed {
  key: string;
  panel: Panel;
  pos: GridPos;
}

/** Keys that stay with a panel between renders: its id, else its place in the list; `seen` keeps them unique. */
function keyed(panels: Panel[], prefix: string, seen: Set<string>): Array<{ key: string; panel: Panel }> {
  return panels.map((panel, index) => {
    let key = `${panel.type === 'row' ? 'row' : 'panel'}-${typeof panel.id === 'number' ? panel.id : `${prefix}${index}`}`;
    while (seen.has(key)) key += `-${index}`;
    seen.add(key);
    return { key, panel };
  });
}

function compactPlaced(items: Placed[]): Placed[] {
  const compacted = compactLayout(items.map((item) => ({ ...item.pos, item })));
  // Grafana sorts its panels by their new place (sortPanelsByGridPos): reading and phone order.
  return compacted.sort(byRowThenColumn).map(({ item, x, y, w, h }) => ({ ...item, pos: { x, y, w, h } }));
}

const objects = (list: unknown): Panel[] =>
  (Array.isArray(list) ? list : []).filter((p): p is Panel => typeof p === 'object' && p !== null && !Array.isArray(p));

/**
 * The dashboard as Grafana draws it: its top-level panels (rows included) compacted, a collapsed
 * row's panels inside it taking no space, an expanded row owning the panels after it up to the
 * next row. `toggledRows` holds the keys of rows the viewer folded or unfolded (a view choice,
 * never saved); they change as Grafana's toggleRow does: unfolding puts the row's panels right
 * under it and pushes what follows down, folding takes its panels out, and the grid compacts again.
 */
export function dashboardGrid(panels: unknown, toggledRows: ReadonlySet<string> = new Set()): GridItem[] {
  const seen = new Set<string>();
  const saved = compactPlaced(keyed(objects(panels), 'i', seen).map(({ key, panel }) => ({ key, panel, pos: gridPosOf(panel) })));

  const hiddenBy = new Map<string, number>();
  let shown = saved;
  if (saved.some((item) => toggledRows.has(item.key) && item.panel.type === 'row')) {
    const next: Placed[] = [];
    let pushed = 0;
    let folding = false;
    for (const item of saved) {
      const pos = { ...item.pos, y: item.pos.y + pushed };
      if (item.panel.type !== 'row') {
        if (folding) hiddenBy.set(next.at(-1)!.key, (hiddenBy.get(next.at(-1)!.key) ?? 0) + 1);
        else next.push({ ...item, pos });
        continue;
      }
      next.push({ ...item, pos });
      const toggled = toggledRows.has(item.key);
      folding = toggled && item.panel.collapsed !== true;
      if (toggled && item.panel.collapsed === true) {
        // Grafana: a panel saved without a y starts at the row's; the first panel (as saved) goes
        // right under the row, the others keep their offsets to it.
        const inside = keyed(objects(item.panel.panels), `${item.key}-`, seen).map(({ key, panel }) => ({
          key,
          panel,
          pos: { ...gridPosOf(panel), ...(Number.isFinite(numberOr(panel.gridPos?.y, NaN)) ? {} : { y: pos.y }) },
        }));
        const shift = inside.length > 0 ? inside[0]!.pos.y - (pos.y + 1) : 0;
        let bottom = pos.y;
        for (const child of inside) {
          const childPos = { ...child.pos, y: child.pos.y - shift };
          next.push({ ...child, pos: childPos });
          bottom = Math.max(bottom, childPos.y + childPos.h);
        }
        pushed += Math.max(0, bottom - pos.y - 1);
      }
    }
    shown = compactPlaced(next);
  }

  const items: GridItem[] = [];
  let inRow = false;
  for (const { key, panel, pos } of shown) {
    if (panel.type === 'row') {
      inRow = true;
      const collapsed = (panel.collapsed === true) !== toggledRows.has(key);
      const hidden = collapsed ? (panel.collapsed === true ? objects(panel.panels).length : (hiddenBy.get(key) ?? 0)) : 0;
      items.push({ kind: 'row', key, row: panel, collapsed, hidden, pos });
    } else {
      items.push({ kind: 'panel', key, panel, inRow, pos });
    }
  }
  return items;
}

/** How many grid rows the items take (the grid's height). */
export function gridHeight(items: ReadonlyArray<{ pos: GridPos }>): number {
  return Math.max(0, ...items.map((item) => item.pos.y + item.pos.h));
}

/** The query text of a panel target, whatever the data source calls it. */
export function queryText(target: Record<string, unknown>): string {
  for (const key of ['expr', 'query', 'rawSql', 'rawQuery', 'target', 'queryText', 'q']) {
    const value = target[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}
