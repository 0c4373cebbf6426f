import { describe, expect, it } from 'vitest';
import { cellGrid, type CellSpec } from './layoutValues';

const stat: CellSpec = { minWidth: 110, minHeight: 48, minCell: 20, gap: 6 };
const gauge: CellSpec = { minWidth: 100, minHeight: 80, minCell: 40, gap: 0 };

describe('cellGrid', () => {
  // Side by side, one row holds every value and the width is shared out after the gaps.
  it.each([
    { name: 'gives one value the whole panel', values: 1, width: 300, height: 120, spec: stat, cellWidth: 300 },
    // (600 - 2 gaps of 6) / 3 = 196 each.
    { name: 'shares the width out after the gaps between values', values: 3, width: 600, height: 200, spec: stat, cellWidth: 196 },
    { name: 'shares the width out evenly when the cells have no gap', values: 2, width: 300, height: 100, spec: gauge, cellWidth: 150 },
  ])('$name', ({ values, width, height, spec, cellWidth }) => {
    expect(cellGrid(values, width, height, 'horizontal', spec)).toEqual({
      columns: values,
      rows: 1,
      cellWidth,
      cellHeight: height,
      gap: spec.gap,
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
