import { describe, expect, it } from 'vitest';
import { STAT_SPACING } from './stat/statLayout';
import { gridDimensions, repeaterLayout } from './vizRepeater';

const statCells = (count: number, width: number, height: number, orientation: unknown) =>
  repeaterLayout(count, width, height, orientation, { spacing: STAT_SPACING }).cells;

describe('VizRepeater layout', () => {
  describe('as stat passes it (3 px apart, no least sizes)', () => {
    it('stacks horizontal values one under the other, each the full width', () => {
      // (300 + 3) / 3 - 3 = 98 px each, 3 px apart.
      expect(statCells(3, 400, 300, 'horizontal')).toEqual([
        { left: 0, top: 0, width: 400, height: 98 },
        { left: 0, top: 101, width: 400, height: 98 },
        { left: 0, top: 202, width: 400, height: 98 },
      ]);
    });

    it('sets vertical values side by side, each the full height', () => {
      // 600 / 3 - 3 + 1 = 198 px each.
      expect(statCells(3, 600, 100, 'vertical')).toEqual([
        { left: 0, top: 0, width: 198, height: 100 },
        { left: 201, top: 0, width: 198, height: 100 },
        { left: 402, top: 0, width: 198, height: 100 },
      ]);
    });

    it('lays auto values in near-square cells: one column when tall, one row when wide', () => {
      expect(gridDimensions(200, 800, 4)).toEqual({ columns: 1, rows: 4 });
      expect(gridDimensions(800, 200, 4)).toEqual({ columns: 4, rows: 1 });
      expect(gridDimensions(400, 400, 4)).toEqual({ columns: 2, rows: 2 });
      const tall = statCells(3, 200, 600, 'auto');
      expect(tall.map((c) => c.width)).toEqual([200, 200, 200]);
      expect(tall.map((c) => c.top)).toEqual([0, 201, 402]);
    });

    it('widens the cells of a shorter last row to share its width', () => {
      // 5 values in 300 × 200: 3 columns over 2 rows, the last row's 2 share the width.
      const cells = statCells(5, 300, 200, undefined);
      expect(cells.slice(0, 3).map((c) => c.width)).toEqual([98, 98, 98]);
      expect(cells.slice(3).map((c) => [c.left, c.width])).toEqual([
        [0, 148.5],
        [151.5, 148.5],
      ]);
    });
  });

  it('keeps a gauge stack at its manual least sizes and then scrolls, 16 px apart', () => {
    const stacked = repeaterLayout(6, 300, 200, 'horizontal', { spacing: 16, minWidth: 75, minHeight: 75 });
    expect(stacked.cells.map((c) => c.height)).toEqual([75, 75, 75, 75, 75, 75]);
    expect(stacked.cells[1]!.top).toBe(91);
    expect(stacked.scrolls).toBe(true);
    const roomy = repeaterLayout(2, 300, 400, 'horizontal', { spacing: 16, minHeight: 75 });
    expect(roomy.cells.map((c) => c.height)).toEqual([192, 192]);
    expect(roomy.scrolls).toBe(false);
    const sideBySide = repeaterLayout(5, 300, 200, 'vertical', { spacing: 16, minWidth: 75 });
    expect(sideBySide.cells.map((c) => c.left)).toEqual([0, 91, 182, 273, 364]);
    expect(sideBySide.scrolls).toBe(true);
  });

  it('lays four gauges in a square panel two by two (auto), where a row would leave them thin', () => {
    const { cells } = repeaterLayout(4, 400, 400, 'auto', { spacing: 16 });
    expect(cells.map((c) => [c.left, c.top, c.width, c.height])).toEqual([
      [0, 0, 192, 192],
      [208, 0, 192, 192],
      [0, 208, 192, 192],
      [208, 208, 192, 192],
    ]);
  });
});
