import { describe, expect, it } from 'vitest';
import type { Panel } from '../../../panels/layout';
import { changedBoxes, moveBox, nudgeBox, resizeBox, resizeBoxBy, settlePanels, type LayoutBox } from './gridEditing';

const box = (id: string, x: number, y: number, w: number, h: number): LayoutBox => ({ id, x, y, w, h });
const at = (layout: LayoutBox[]) => Object.fromEntries(layout.map(({ id, x, y, w, h }) => [id, [x, y, w, h]]));

// Expected layouts follow react-grid-layout 1.x's moveElement, moveElementAwayFromCollision and
// compact (vertical), traced by hand for each case.
describe('moving a panel on the grid', () => {
  const stacked = [box('a', 0, 0, 12, 8), box('b', 0, 8, 12, 8)];

  it('stays put while the item it is dragged onto is still partly below it, then swaps', () => {
    expect(at(moveBox(stacked, 'a', 0, 4))).toEqual(at(stacked));
    // At y 8 there is room above b for it: react-grid-layout moves b up, and a lands below.
    expect(at(moveBox(stacked, 'a', 0, 8))).toEqual({ a: [0, 8, 12, 8], b: [0, 0, 12, 8] });
  });

  it('swaps with the item above as soon as it moves up into it', () => {
    expect(at(moveBox(stacked, 'b', 0, 7))).toEqual({ a: [0, 8, 12, 8], b: [0, 0, 12, 8] });
  });

  it('pushes a neighbour it is dragged onto sideways down, below itself', () => {
    const side = [box('a', 0, 0, 12, 8), box('b', 12, 0, 12, 8)];
    expect(at(moveBox(side, 'a', 6, 0))).toEqual({ a: [6, 0, 12, 8], b: [12, 8, 12, 8] });
  });

  it('keeps the item inside the 24 columns and above the top', () => {
    expect(at(moveBox(stacked, 'a', 20, -3))).toEqual({ a: [12, 0, 12, 8], b: [0, 0, 12, 8] });
  });

  it('floats an item dragged into empty space up to the first free row', () => {
    expect(at(moveBox(stacked, 'b', 12, 30))).toEqual({ a: [0, 0, 12, 8], b: [12, 0, 12, 8] });
  });

  it('pushes a whole column down, keeping its order', () => {
    const column = [box('a', 12, 0, 12, 4), box('b', 0, 0, 12, 4), box('c', 0, 4, 12, 4)];
    expect(at(moveBox(column, 'a', 0, 0))).toEqual({ a: [0, 0, 12, 4], b: [0, 4, 12, 4], c: [0, 8, 12, 4] });
  });
});

describe('resizing a panel', () => {
  it('pushes what it grows into down, and what is below that with it', () => {
    const layout = [box('a', 0, 0, 24, 4), box('b', 0, 4, 12, 4), box('c', 0, 8, 12, 4)];
    expect(at(resizeBox(layout, 'a', 24, 6))).toEqual({ a: [0, 0, 24, 6], b: [0, 6, 12, 4], c: [0, 10, 12, 4] });
  });

  it('is at least one cell and never wider than the columns right of it', () => {
    const layout = [box('a', 10, 0, 6, 4)];
    expect(at(resizeBox(layout, 'a', 40, 0))).toEqual({ a: [10, 0, 14, 1] });
    expect(at(resizeBoxBy(layout, 'a', -10, 2))).toEqual({ a: [10, 0, 1, 6] });
  });

  it('lets what it shrinks away from float up', () => {
    const layout = [box('a', 0, 0, 24, 6), box('b', 0, 6, 12, 4)];
    expect(at(resizeBox(layout, 'a', 24, 2))).toEqual({ a: [0, 0, 24, 2], b: [0, 2, 12, 4] });
  });
});

describe('moving a panel with the keyboard', () => {
  const stacked = [box('a', 0, 0, 12, 8), box('b', 0, 8, 12, 8)];

  it('moves one column sideways', () => {
    expect(at(nudgeBox(stacked, 'a', 1, 0))).toMatchObject({ a: [1, 0, 12, 8] });
  });

  it('moves down past the panel below in one press, and back up in one', () => {
    const down = nudgeBox(stacked, 'a', 0, 1);
    expect(at(down)).toEqual({ a: [0, 8, 12, 8], b: [0, 0, 12, 8] });
    expect(at(nudgeBox(down, 'a', 0, -1))).toEqual(at(stacked));
  });

  it('does nothing where there is nowhere to go', () => {
    expect(at(nudgeBox(stacked, 'a', 0, -1))).toEqual(at(stacked));
    expect(at(nudgeBox(stacked, 'b', 0, 1))).toEqual(at(stacked));
    expect(at(nudgeBox(stacked, 'a', -1, 0))).toEqual(at(stacked));
  });

  it('reports which items changed', () => {
    const down = nudgeBox(stacked, 'a', 0, 1);
    expect(changedBoxes(stacked, down).map((b) => b.id)).toEqual(['a', 'b']);
    expect(changedBoxes(stacked, stacked)).toEqual([]);
  });
});

describe('settling the panels', () => {
  it('writes the drawn (compacted) places and sorts by them', () => {
    const panels: Panel[] = [
      { id: 1, gridPos: { x: 0, y: 20, w: 12, h: 4 } },
      { id: 2, type: 'row', gridPos: { x: 0, y: 10, w: 24, h: 1 } },
      { id: 3, gridPos: { x: 12, y: 3, w: 12, h: 4 } },
    ];
    expect(settlePanels(panels).map((p) => [p.id, p.gridPos])).toEqual([
      [3, { x: 12, y: 0, w: 12, h: 4 }],
      [2, { x: 0, y: 4, w: 24, h: 1 }],
      [1, { x: 0, y: 5, w: 12, h: 4 }],
    ]);
  });
});
