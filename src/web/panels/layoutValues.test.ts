import { describe, expect, it } from 'vitest';
import { cellGrid, type CellSpec } from './layoutValues';

const stat: CellSpec = { minWidth: 110, minHeight: 48, minCell: 20, gap: 6 };
const gauge: CellSpec = { minWidth: 100, minHeight: 80, minCell: 40, gap: 0 };

describe('cellGrid', () => {
  it('gives one value the whole panel', () => {
    expect(cellGrid(1, 300, 120, 'horizontal', stat)).toEqual({
      columns: 1,
      rows: 1,
      cellWidth: 300,
      cellHeight: 120,
      gap: 6,
      scrolls: false,
    });
  });

  it('shares the width out after the gaps when values sit side by side', () => {
    // (600 - 2 gaps of 6) / 3 = 196 each.
    expect(cellGrid(3, 600, 200, 'horizontal', stat)).toMatchObject({
      columns: 3,
      rows: 1,
      cellWidth: 196,
      cellHeight: 200,
      scrolls: false,
    });
    expect(cellGrid(2, 300, 100, 'horizontal', gauge)).toMatchObject({
      columns: 2,
      rows: 1,
      cellWidth: 150,
      cellHeight: 100,
      scrolls: false,
    });
  });

  it('stacks values when vertical, wrapping to more columns once a row would be too low', () => {
    expect(cellGrid(3, 200, 600, 'vertical', stat)).toMatchObject({ columns: 1, rows: 3, cellWidth: 200, cellHeight: 196 });
    // 100 px holds two rows of at least 48 px: ten values take five columns.
    expect(cellGrid(10, 400, 100, 'vertical', stat)).toMatchObject({ columns: 5, rows: 2, cellWidth: 75, cellHeight: 47, scrolls: false });
  });

  it('keeps cells at their least size and scrolls when the panel is too small for them', () => {
    const grid = cellGrid(10, 100, 100, 'vertical', stat);
    expect(grid).toMatchObject({ columns: 5, rows: 2, cellWidth: 20, scrolls: true });
    expect(cellGrid(4, 100, 100, 'vertical', gauge)).toMatchObject({ columns: 4, rows: 1, cellWidth: 40, scrolls: true });
  });
});
