import { describe, expect, it } from 'vitest';
import { queryText, sectionsOf } from './layout';

describe('panel layout', () => {
  it('puts panels under their rows, collapsed rows holding their own', () => {
    const sections = sectionsOf([
      { id: 1, type: 'stat', gridPos: { x: 0, y: 0, w: 6, h: 4 } },
      { id: 2, type: 'row', title: 'Expanded', collapsed: false, gridPos: { x: 0, y: 4, w: 24, h: 1 }, panels: [] },
      { id: 3, type: 'timeseries', gridPos: { x: 12, y: 5, w: 12, h: 8 } },
      { id: 4, type: 'timeseries', gridPos: { x: 0, y: 5, w: 12, h: 8 } },
      {
        id: 5,
        type: 'row',
        title: 'Collapsed',
        collapsed: true,
        gridPos: { x: 0, y: 13, w: 24, h: 1 },
        panels: [{ id: 6, type: 'table', gridPos: { x: 0, y: 14, w: 24, h: 6 } }],
      },
    ]);
    expect(sections.map((s) => [s.row?.title, s.savedCollapsed, s.panels.map((p) => p.id)])).toEqual([
      [undefined, false, [1]],
      ['Expanded', false, [4, 3]],
      ['Collapsed', true, [6]],
    ]);
    // Positions are relative to the section's top.
    expect(sections[1]!.panels.map((p) => p.pos)).toEqual([
      { x: 0, y: 0, w: 12, h: 8 },
      { x: 12, y: 0, w: 12, h: 8 },
    ]);
  });

  it('tolerates missing or odd gridPos values', () => {
    const [section] = sectionsOf([{ id: 1, type: 'text' }, { id: 2, gridPos: { x: 30, w: 40 } }, null, 'x']);
    expect(section!.panels.map((p) => p.pos)).toEqual([
      { x: 0, y: 0, w: 12, h: 8 },
      { x: 0, y: 0, w: 24, h: 8 },
    ]);
    expect(sectionsOf(undefined)).toEqual([]);
  });

  it('reads the query of any data source', () => {
    expect(queryText({ refId: 'A', expr: 'rate(x[5m])' })).toBe('rate(x[5m])');
    expect(queryText({ refId: 'A', rawSql: 'SELECT 1' })).toBe('SELECT 1');
    expect(queryText({ refId: 'A' })).toBe('');
  });
});
