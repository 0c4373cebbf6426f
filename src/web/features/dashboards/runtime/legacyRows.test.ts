import { describe, expect, it } from 'vitest';
import { hasLegacyRows, upgradeRowsToGrid } from './legacyRows';

type Placed = { id?: number; type?: string; title?: string; gridPos?: unknown; collapsed?: boolean; repeat?: string; panels?: Placed[] };
const placed = (model: Record<string, unknown>) => model.panels as Placed[];
const layout = (model: Record<string, unknown>) => placed(model).map(({ id, type, gridPos }) => ({ id, type, gridPos }));

describe('Grafana 4 rows', () => {
  it('lays the panels of rows without titles side by side, 12 spans across 24 columns', () => {
    const model = upgradeRowsToGrid({
      schemaVersion: 14,
      rows: [
        {
          height: '250px',
          panels: [
            { id: 1, span: 6 },
            { id: 2, span: 6 },
          ],
        },
        { height: 300, panels: [{ id: 3, span: 4 }, { id: 4 }, { id: 5, span: 4 }] },
      ],
    });
    expect(model).not.toHaveProperty('rows');
    expect(layout(model)).toEqual([
      { id: 1, type: undefined, gridPos: { x: 0, y: 0, w: 12, h: 7 } },
      { id: 2, type: undefined, gridPos: { x: 12, y: 0, w: 12, h: 7 } },
      { id: 3, type: undefined, gridPos: { x: 0, y: 7, w: 8, h: 8 } },
      { id: 4, type: undefined, gridPos: { x: 8, y: 7, w: 8, h: 8 } },
      { id: 5, type: undefined, gridPos: { x: 16, y: 7, w: 8, h: 8 } },
    ]);
    expect(placed(model).some((p) => 'span' in p)).toBe(false);
  });

  it('adds a row panel for every row once one has a title, and folds a collapsed row’s panels into it', () => {
    const model = upgradeRowsToGrid({
      schemaVersion: 12,
      rows: [
        { title: 'Overview', showTitle: true, height: '250px', panels: [{ id: 1, span: 12 }] },
        { title: 'Hidden', collapse: true, height: '250px', panels: [{ id: 2, span: 6 }] },
        { title: 'Per host', repeat: 'host', height: '100px', panels: [{ id: 3, span: 12 }] },
      ],
    });
    expect(layout(model)).toEqual([
      { id: 4, type: 'row', gridPos: { x: 0, y: 0, w: 24, h: 1 } },
      { id: 1, type: undefined, gridPos: { x: 0, y: 1, w: 24, h: 7 } },
      { id: 5, type: 'row', gridPos: { x: 0, y: 8, w: 24, h: 1 } },
      { id: 6, type: 'row', gridPos: { x: 0, y: 9, w: 24, h: 1 } },
      { id: 3, type: undefined, gridPos: { x: 0, y: 10, w: 24, h: 3 } },
    ]);
    const [overview, hidden, perHost] = placed(model).filter((p) => p.type === 'row');
    expect(overview).toMatchObject({ title: 'Overview', collapsed: false, panels: [] });
    expect(hidden).toMatchObject({ title: 'Hidden', collapsed: true, panels: [{ id: 2, gridPos: { x: 0, y: 9, w: 12, h: 7 } }] });
    expect(perHost).toMatchObject({ title: 'Per host', repeat: 'host' });
  });

  it('wraps panels that do not fit onto a new line of the row, and honours a panel’s own height', () => {
    const model = upgradeRowsToGrid({
      rows: [
        {
          height: '250px',
          panels: [
            { id: 1, span: 8 },
            { id: 2, span: 8, height: '100px' },
          ],
        },
      ],
    });
    expect(layout(model)).toEqual([
      { id: 1, type: undefined, gridPos: { x: 0, y: 0, w: 16, h: 7 } },
      { id: 2, type: undefined, gridPos: { x: 0, y: 7, w: 16, h: 3 } },
    ]);
  });

  it('skips rows Grafana made as repeat copies and numbers panels without an id', () => {
    const model = upgradeRowsToGrid({
      schemaVersion: 15,
      rows: [{ panels: [{ id: 7, span: 12 }, { span: 12 }] }, { repeatIteration: 123, panels: [{ id: 8 }] }],
    });
    expect(placed(model).map((p) => p.id)).toEqual([7, 9]);
  });

  it('turns sharedCrosshair into graphTooltip', () => {
    expect(upgradeRowsToGrid({ schemaVersion: 13, sharedCrosshair: true, rows: [] })).toEqual({
      schemaVersion: 13,
      graphTooltip: 1,
      panels: [],
    });
  });

  it('leaves dashboards of the grid era as they are', () => {
    const current = { schemaVersion: 39, panels: [{ id: 1, gridPos: { x: 0, y: 0, w: 12, h: 8 } }] };
    expect(hasLegacyRows(current)).toBe(false);
    expect(upgradeRowsToGrid(current)).toBe(current);
    const odd = { schemaVersion: 30, rows: [{ panels: [{ id: 1 }] }], panels: [] };
    expect(upgradeRowsToGrid(odd)).toBe(odd);
  });
});
