import { compactLayout, gridPosOf, GRID_COLUMNS, type GridPos, type Panel } from '../../../panels/layout';

/**
 * Moving and resizing panels on Grafana's grid, as its react-grid-layout (1.x, `compactType:
 * 'vertical'`, collisions allowed to push) does: a moved item pushes what it lands on out of its
 * way (`moveElement`, `moveElementAwayFromCollision`), then the whole layout floats up again
 * (`compact`). Pure: each function takes a layout and returns a new one.
 */
export interface LayoutBox extends GridPos {
  /** The grid key of the item (`panel-3`, `row-7`). */
  id: string;
}

interface Working extends LayoutBox {
  moved: boolean;
}

/** The id of react-grid-layout's probe item: collides with everything, since no item has it. */
const PROBE = '\u0000probe';

function collides(a: LayoutBox, b: LayoutBox): boolean {
  return a.id !== b.id && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const byRowThenColumn = (a: GridPos, b: GridPos) => a.y - b.y || a.x - b.x;

/** react-grid-layout's moveElement: `l` goes to (x, y); whatever it then covers moves away. */
function moveElement(layout: Working[], l: Working, x: number | undefined, y: number | undefined, isUserAction: boolean): void {
  if (l.x === x && l.y === y) return;
  const oldY = l.y;
  if (x !== undefined) l.x = x;
  if (y !== undefined) l.y = y;
  l.moved = true;
  // The nearest collision first: from the top when moving down, from the bottom when moving up.
  const sorted = [...layout].sort(byRowThenColumn);
  if (y !== undefined && oldY >= y) sorted.reverse();
  for (const collision of sorted.filter((other) => collides(other, l))) {
    if (collision.moved) continue;
    moveAwayFromCollision(layout, l, collision, isUserAction);
  }
}

/**
 * react-grid-layout's moveElementAwayFromCollision (vertical): the item hit by the moved one goes
 * above it when there is room there (only for the item the person moved, not for the cascade),
 * else one row below where the moved item now starts, else one row lower, and so on.
 */
function moveAwayFromCollision(layout: Working[], collidesWith: Working, itemToMove: Working, isUserAction: boolean): void {
  if (isUserAction) {
    const probe: LayoutBox = {
      id: PROBE,
      x: itemToMove.x,
      y: Math.max(collidesWith.y - itemToMove.h, 0),
      w: itemToMove.w,
      h: itemToMove.h,
    };
    const firstCollision = layout.find((other) => collides(other, probe));
    if (!firstCollision) return moveElement(layout, itemToMove, undefined, probe.y, false);
    if (firstCollision.y + firstCollision.h > collidesWith.y) return moveElement(layout, itemToMove, undefined, collidesWith.y + 1, false);
  }
  moveElement(layout, itemToMove, undefined, itemToMove.y + 1, false);
}

const working = (layout: readonly LayoutBox[]): Working[] => layout.map(({ id, x, y, w, h }) => ({ id, x, y, w, h, moved: false }));
const settled = (layout: Working[]): LayoutBox[] => compactLayout(layout).map(({ id, x, y, w, h }) => ({ id, x, y, w, h }));

/**
 * The item `id` dragged to column `x`, row `y` (kept inside the 24 columns, as react-grid-layout's
 * calcXY does), the items it lands on pushed away, the layout compacted. A drag calls this for
 * every new cell the pointer reaches, each time on the layout the last call returned.
 */
export function moveBox(layout: readonly LayoutBox[], id: string, x: number, y: number): LayoutBox[] {
  const items = working(layout);
  const item = items.find((box) => box.id === id);
  if (!item) return [...layout];
  const toX = Math.max(0, Math.min(GRID_COLUMNS - item.w, Math.round(x)));
  const toY = Math.max(0, Math.round(y));
  moveElement(items, item, toX, toY, true);
  return settled(items);
}

/** The item `id` at a new size (1 to the columns left of its x wide, at least 1 high); the layout compacted. */
export function resizeBox(layout: readonly LayoutBox[], id: string, w: number, h: number): LayoutBox[] {
  const items = working(layout);
  const item = items.find((box) => box.id === id);
  if (!item) return [...layout];
  item.w = Math.max(1, Math.min(GRID_COLUMNS - item.x, Math.round(w)));
  item.h = Math.max(1, Math.round(h));
  return settled(items);
}

const positionOf = (layout: readonly LayoutBox[], id: string) => layout.find((box) => box.id === id);
const samePlace = (a: LayoutBox | undefined, b: LayoutBox | undefined) => a?.x === b?.x && a?.y === b?.y && a?.w === b?.w && a?.h === b?.h;

/**
 * The keyboard's move: one column left or right, or up or down to the next place where the layout
 * actually changes (in a compacted grid, one row down floats straight back up, so a step down
 * goes on until the item passes what is below it).
 */
export function nudgeBox(layout: readonly LayoutBox[], id: string, dx: -1 | 0 | 1, dy: -1 | 0 | 1): LayoutBox[] {
  const start = positionOf(layout, id);
  if (!start) return [...layout];
  if (dx !== 0) return moveBox(layout, id, start.x + dx, start.y);
  const bottom = Math.max(0, ...layout.map((box) => box.y + box.h));
  for (let y = start.y + dy; y >= 0 && y <= bottom; y += dy) {
    const next = moveBox(layout, id, start.x, y);
    if (next.some((box) => !samePlace(box, positionOf(layout, box.id)))) return next;
  }
  return [...layout];
}

/** The keyboard's resize: one column wider or narrower, one row taller or shorter. */
export function resizeBoxBy(layout: readonly LayoutBox[], id: string, dw: number, dh: number): LayoutBox[] {
  const start = positionOf(layout, id);
  return start ? resizeBox(layout, id, start.w + dw, start.h + dh) : [...layout];
}

/** The items of `after` whose place or size differs from `before`. */
export function changedBoxes(before: readonly LayoutBox[], after: readonly LayoutBox[]): LayoutBox[] {
  return after.filter((box) => !samePlace(box, positionOf(before, box.id)));
}

/**
 * The top-level panels at the places the grid draws them (compacted), in reading order, as
 * Grafana's model holds them after its grid reports the layout (`sortPanelsByGridPos`). What a row
 * owns (the panels after it up to the next row) is then read from the order.
 */
export function settlePanels(panels: readonly Panel[]): Panel[] {
  const compacted = compactLayout(panels.map((panel, index) => ({ ...gridPosOf(panel), index })));
  return compacted
    .sort((a, b) => byRowThenColumn(a, b) || a.index - b.index)
    .map(({ x, y, w, h, index }) => ({ ...panels[index]!, gridPos: { ...(panels[index]!.gridPos ?? {}), x, y, w, h } }));
}
