import { describe, expect, it } from 'vitest';
import { gridDimensions, isWideLayout, statCells } from './statLayout';

describe('stat layout (Grafana VizRepeater)', () => {
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

  it('puts name and value side by side only in a box over 2.5 times as wide as high', () => {
    expect(isWideLayout(400, 100, true)).toBe(true);
    expect(isWideLayout(200, 100, true)).toBe(false);
    expect(isWideLayout(400, 100, false)).toBe(false);
  });
});
