import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRowThenColumn, compactLayout, dashboardGrid, gridPosOf, overlaps, queryText, type GridPos, type Panel } from './layout';

const box = (x: number, y: number, w: number, h: number): GridPos => ({ x, y, w, h });
const ys = (items: GridPos[]) => items.map((item) => item.y);

/** Where each drawn item sits, by its key: what a test compares. */
function placesOf(panels: unknown, toggled: string[] = []) {
  return dashboardGrid(panels, new Set(toggled)).map((item) => [item.key, item.pos.x, item.pos.y, item.pos.w, item.pos.h]);
}

describe('compactLayout (Grafana’s vertical compaction)', () => {
  it('pushes a panel that overlaps another below it', () => {
    expect(ys(compactLayout([box(0, 0, 12, 4), box(6, 2, 12, 4)]))).toEqual([0, 4]);
  });

  it('closes a gap: a panel floats up until it touches the one above', () => {
    expect(ys(compactLayout([box(0, 0, 24, 2), box(0, 10, 12, 3)]))).toEqual([0, 2]);
    // Beside a tall panel it floats up to the top, past the panel's bottom edge.
    expect(ys(compactLayout([box(0, 0, 12, 8), box(12, 5, 12, 4), box(12, 20, 12, 2)]))).toEqual([0, 0, 4]);
  });

  it('places in reading order, so of two panels at one place the first stays and the second moves down', () => {
    expect(ys(compactLayout([box(0, 3, 8, 2), box(0, 3, 8, 2)]))).toEqual([0, 2]);
  });

  it('keeps x, w and h, and the order of the list it was given', () => {
    const input = [box(12, 9, 12, 3), box(0, 0, 6, 2), box(3, 1, 6, 4)];
    const output = compactLayout(input);
    expect(output.map(({ x, w, h }) => [x, w, h])).toEqual(input.map(({ x, w, h }) => [x, w, h]));
    expect(ys(output)).toEqual([0, 0, 2]);
  });

  it('carries other fields along and copies instead of changing what it was given', () => {
    const input = [{ ...box(0, 5, 4, 4), id: 'a' }];
    expect(compactLayout(input)).toEqual([{ x: 0, y: 0, w: 4, h: 4, id: 'a' }]);
    expect(input[0]!.y).toBe(5);
  });

  it('pushes the panels a moved panel would cover down with it, as react-grid-layout does', () => {
    // A overlaps the tall Z and goes below it; B, which A (one row lower) would cover, is pushed
    // below A before B is placed, so B ends under A although the space above it is free.
    const z = box(0, 0, 6, 20);
    const a = box(0, 1, 12, 2);
    const b = box(6, 2, 6, 1);
    expect(ys(compactLayout([z, a, b]))).toEqual([0, 20, 22]);
  });

  it('keeps fractional columns (a repeat of five is 4.8 wide)', () => {
    const items = [0, 1, 2, 3, 4].map((i) => box(i * 4.8, 3, 4.8, 2));
    expect(ys(compactLayout(items))).toEqual([0, 0, 0, 0, 0]);
    expect(ys(compactLayout([box(0, 0, 4, 2), box(0, 2.5, 4, 2), box(8, 0.5, 4, 1)]))).toEqual([0, 2, 0]);
  });
});

describe('gridPosOf', () => {
  it('uses Grafana’s defaults for what is missing and fits the panel in the 24 columns', () => {
    expect(gridPosOf({ type: 'text' })).toEqual({ x: 0, y: 0, w: 6, h: 3 });
    expect(gridPosOf({ gridPos: { x: 20, y: 2, w: 8, h: 5 } })).toEqual({ x: 16, y: 2, w: 8, h: 5 });
    expect(gridPosOf({ gridPos: { x: -2, y: -1, w: 8, h: 0 } })).toEqual({ x: 0, y: 0, w: 24, h: 1 });
    expect(gridPosOf({ gridPos: { x: 0, y: 0, w: 40, h: 2 } })).toEqual({ x: 0, y: 0, w: 24, h: 2 });
    expect(gridPosOf({ gridPos: 'odd' as never })).toEqual({ x: 0, y: 0, w: 6, h: 3 });
  });

  it('makes a row a full-width strip one row high', () => {
    expect(gridPosOf({ type: 'row', gridPos: { x: 4, y: 7, w: 12, h: 3 } })).toEqual({ x: 0, y: 7, w: 24, h: 1 });
  });
});

describe('dashboardGrid', () => {
  it('lays out rows and their panels as Grafana: gaps closed, overlaps pushed down, reading order', () => {
    const panels: Panel[] = [
      { id: 1, type: 'stat', gridPos: { x: 0, y: 0, w: 6, h: 4 } },
      { id: 2, type: 'row', title: 'Expanded', collapsed: false, gridPos: { x: 0, y: 9, w: 24, h: 1 }, panels: [] },
      { id: 3, type: 'timeseries', gridPos: { x: 12, y: 10, w: 12, h: 8 } },
      { id: 4, type: 'timeseries', gridPos: { x: 0, y: 10, w: 14, h: 8 } },
      {
        id: 5,
        type: 'row',
        title: 'Collapsed',
        collapsed: true,
        gridPos: { x: 0, y: 30, w: 24, h: 1 },
        panels: [{ id: 6, type: 'table', gridPos: { x: 0, y: 31, w: 24, h: 6 } }],
      },
    ];
    expect(placesOf(panels)).toEqual([
      ['panel-1', 0, 0, 6, 4],
      ['row-2', 0, 4, 24, 1],
      ['panel-4', 0, 5, 14, 8],
      // Overlapped panel 4 (sorted before it, x 0 < 12): pushed below it.
      ['panel-3', 12, 13, 12, 8],
      // The collapsed row's panel takes no space; the row floats up under panel 3.
      ['row-5', 0, 21, 24, 1],
    ]);
    const grid = dashboardGrid(panels);
    expect(grid.map((item) => (item.kind === 'panel' ? item.inRow : item.collapsed))).toEqual([false, false, true, true, true]);
    expect(grid.at(-1)).toMatchObject({ kind: 'row', hidden: 1 });
  });

  it('draws panels saved without gridPos at Grafana’s default place and size, one under the other', () => {
    expect(placesOf([{ id: 1, type: 'text' }, { id: 2, type: 'text' }, null, 'x', { id: 3, gridPos: { x: 30, w: 40 } }])).toEqual([
      ['panel-1', 0, 0, 6, 3],
      ['panel-2', 0, 3, 6, 3],
      ['panel-3', 0, 6, 24, 3],
    ]);
    expect(dashboardGrid(undefined)).toEqual([]);
  });

  it('unfolds a collapsed row as Grafana: its panels right under it, what follows pushed down', () => {
    const panels: Panel[] = [
      {
        id: 1,
        type: 'row',
        collapsed: true,
        gridPos: { x: 0, y: 0, w: 24, h: 1 },
        // Saved far below (the row moved while folded): they move up with the first one.
        panels: [
          { id: 2, type: 'stat', gridPos: { x: 0, y: 40, w: 12, h: 4 } },
          { id: 3, type: 'stat', gridPos: { x: 12, y: 40, w: 12, h: 6 } },
          { id: 4, type: 'stat', gridPos: { x: 0, y: 44, w: 12, h: 2 } },
        ],
      },
      { id: 5, type: 'row', gridPos: { x: 0, y: 1, w: 24, h: 1 } },
      { id: 6, type: 'stat', gridPos: { x: 0, y: 2, w: 24, h: 3 } },
    ];
    expect(placesOf(panels)).toEqual([
      ['row-1', 0, 0, 24, 1],
      ['row-5', 0, 1, 24, 1],
      ['panel-6', 0, 2, 24, 3],
    ]);
    expect(placesOf(panels, ['row-1'])).toEqual([
      ['row-1', 0, 0, 24, 1],
      ['panel-2', 0, 1, 12, 4],
      ['panel-3', 12, 1, 12, 6],
      ['panel-4', 0, 5, 12, 2],
      ['row-5', 0, 7, 24, 1],
      ['panel-6', 0, 8, 24, 3],
    ]);
    expect(dashboardGrid(panels, new Set(['row-1']))[0]).toMatchObject({ kind: 'row', collapsed: false, hidden: 0 });
  });

  it('folds an expanded row: its panels leave and what follows moves up', () => {
    const panels: Panel[] = [
      { id: 1, type: 'row', gridPos: { x: 0, y: 0, w: 24, h: 1 } },
      { id: 2, type: 'stat', gridPos: { x: 0, y: 1, w: 12, h: 4 } },
      { id: 3, type: 'stat', gridPos: { x: 12, y: 1, w: 12, h: 4 } },
      { id: 4, type: 'row', gridPos: { x: 0, y: 5, w: 24, h: 1 } },
      { id: 5, type: 'stat', gridPos: { x: 0, y: 6, w: 24, h: 3 } },
    ];
    expect(placesOf(panels, ['row-1'])).toEqual([
      ['row-1', 0, 0, 24, 1],
      ['row-4', 0, 1, 24, 1],
      ['panel-5', 0, 2, 24, 3],
    ]);
    expect(dashboardGrid(panels, new Set(['row-1']))[0]).toMatchObject({ kind: 'row', collapsed: true, hidden: 2 });
  });

  it('keys panels by id, and by place when the id is missing or taken', () => {
    const keys = dashboardGrid([
      { type: 'stat', gridPos: { x: 0, y: 0, w: 6, h: 2 } },
      { id: 7, type: 'stat', gridPos: { x: 6, y: 0, w: 6, h: 2 } },
      { id: 7, type: 'stat', gridPos: { x: 12, y: 0, w: 6, h: 2 } },
    ]).map((item) => item.key);
    expect(keys).toEqual(['panel-i0', 'panel-7', 'panel-7-2']);
  });
});

describe('compaction properties', () => {
  const item = fc
    .record({ x: fc.integer({ min: 0, max: 23 }), y: fc.integer({ min: 0, max: 40 }), h: fc.integer({ min: 1, max: 10 }) })
    .chain(({ x, y, h }) => fc.integer({ min: 1, max: 24 - x }).map((w) => ({ x, y, w, h })));
  const layouts = fc.array(item, { maxLength: 30 });

  it('leaves no two items overlapping and keeps each item’s x, w and h', () => {
    fc.assert(
      fc.property(layouts, (input) => {
        const output = compactLayout(input);
        output.forEach((a, i) => {
          expect([a.x, a.w, a.h]).toEqual([input[i]!.x, input[i]!.w, input[i]!.h]);
          output.forEach((b, j) => expect(i === j || !overlaps(a, b)).toBe(true));
        });
      }),
    );
  });

  it('leaves no gap Grafana would close: no item can move up a row without hitting another', () => {
    fc.assert(
      fc.property(layouts, (input) => {
        const output = compactLayout(input);
        output.forEach((a, i) => {
          const raised = { ...a, y: a.y - 1 };
          expect(a.y === 0 || output.some((b, j) => i !== j && overlaps(raised, b))).toBe(true);
        });
      }),
    );
  });

  it('is stable: the result depends on the (y, x) order only, ties keep the order given, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(layouts, fc.func(fc.integer()), (input, rank) => {
        const output = compactLayout(input);
        expect(compactLayout(output)).toEqual(output);
        // Shuffled (ties kept in the same order), each item lands where it did.
        const order = input.map((_, i) => i).sort((i, j) => byRowThenColumn(input[i]!, input[j]!) || i - j);
        const shuffled = [...order].sort((i, j) => rank(i) - rank(j) || i - j);
        const tiesInOrder = shuffled.filter((i, k) =>
          shuffled.some((j, l) => l > k && byRowThenColumn(input[i]!, input[j]!) === 0 && j < i),
        );
        fc.pre(tiesInOrder.length === 0);
        const again = compactLayout(shuffled.map((i) => input[i]!));
        shuffled.forEach((i, k) => expect(again[k]).toEqual(output[i]));
        // Of two items of one width saved at one place, the first listed stays above. (A narrower
        // second one may float up past what stops a wider first one, as in Grafana's grid.)
        input.forEach((a, i) =>
          input.forEach((b, j) => {
            if (i < j && a.x === b.x && a.y === b.y && a.w === b.w) expect(output[i]!.y).toBeLessThan(output[j]!.y);
          }),
        );
      }),
    );
  });

  it('draws a dashboard with rows in reading order, rows full width, nothing overlapping and no gap left', () => {
    const panel = fc.oneof(
      item.map((gridPos) => ({ type: 'stat', gridPos })),
      fc.record({
        type: fc.constant('row'),
        gridPos: item,
        collapsed: fc.boolean(),
        panels: fc.array(
          item.map((gridPos) => ({ gridPos })),
          { maxLength: 3 },
        ),
      }),
    );
    fc.assert(
      fc.property(fc.array(panel, { maxLength: 25 }), fc.array(fc.nat({ max: 30 }), { maxLength: 4 }), (panels, toggles) => {
        const rowKeys = dashboardGrid(panels)
          .filter((i) => i.kind === 'row')
          .map((i) => i.key);
        const saved = structuredClone(panels);
        const grid = dashboardGrid(panels, new Set(toggles.map((t) => rowKeys[t % Math.max(1, rowKeys.length)] ?? '')));
        // The saved model (what the JSON tab shows and Save sends) is never touched.
        expect(panels).toEqual(saved);
        const places = grid.map((i) => i.pos);
        expect([...places].sort(byRowThenColumn)).toEqual(places);
        grid.forEach((a, i) => {
          if (a.kind === 'row') expect([a.pos.x, a.pos.w, a.pos.h]).toEqual([0, 24, 1]);
          const raised = { ...a.pos, y: a.pos.y - 1 };
          expect(a.pos.y === 0 || places.some((b, j) => i !== j && overlaps(raised, b))).toBe(true);
          places.forEach((b, j) => expect(i === j || !overlaps(a.pos, b)).toBe(true));
        });
        // A panel belongs to the last row above it.
        let inRow = false;
        for (const i of grid) {
          if (i.kind === 'row') inRow = true;
          else expect(i.inRow).toBe(inRow);
        }
      }),
    );
  });
});

describe('queryText', () => {
  it('reads the query of any data source', () => {
    expect(queryText({ refId: 'A', expr: 'rate(x[5m])' })).toBe('rate(x[5m])');
    expect(queryText({ refId: 'A', rawSql: 'SELECT 1' })).toBe('SELECT 1');
    expect(queryText({ refId: 'A' })).toBe('');
  });
});
