import { describe, expect, it } from 'vitest';
import type { Panel } from '../../../panels/layout';
import { applyEdit } from './dashboardEdits';
import { rowPanelCount } from './rowEdits';

const p = (id: number, x: number, y: number, w = 12, h = 4): Panel => ({ id, type: 'stat', gridPos: { x, y, w, h } });
const row = (id: number, y: number, extra: Partial<Panel> = {}): Panel => ({
  id,
  type: 'row',
  title: `r${id}`,
  collapsed: false,
  panels: [],
  gridPos: { x: 0, y, w: 24, h: 1 },
  ...extra,
});
// A panel at the top, row 10 with two panels, row 20 with one.
const model = { title: 'T', panels: [p(1, 0, 0), row(10, 4), p(2, 0, 5), p(3, 12, 5), row(20, 9), p(4, 0, 10)] };
const shape = (panels: unknown) =>
  (panels as Panel[]).map((panel) =>
    panel.type === 'row'
      ? `row${panel.id}@${panel.gridPos?.y}${panel.collapsed ? `[${(panel.panels ?? []).map((c) => c.id).join(',')}]` : ''}`
      : `${panel.id}@${panel.gridPos?.x},${panel.gridPos?.y}`,
  );

describe('row edits', () => {
  it('folds a row, moving its panels into it, and unfolds it again under the row', () => {
    const folded = applyEdit(model, { type: 'row/toggle', rowId: 10 });
    expect(shape(folded.panels)).toEqual(['1@0,0', 'row10@4[2,3]', 'row20@9', '4@0,10']);
    const unfolded = applyEdit(folded, { type: 'row/toggle', rowId: 10 });
    expect(shape(unfolded.panels)).toEqual(shape(model.panels));
  });

  it('unfolds a row that moved while folded right under it, pushing what follows down (then compacted)', () => {
    const folded = { title: 'T', panels: [row(10, 0, { collapsed: true, panels: [p(2, 0, 30, 12, 6), p(3, 12, 32)] }), p(4, 0, 1)] };
    const unfolded = applyEdit(folded, { type: 'row/toggle', rowId: 10 });
    expect(shape(unfolded.panels)).toEqual(['row10@0', '2@0,1', '3@12,1', '4@0,7']);
  });

  it('moves a row with its panels below the next row and its panels, and back', () => {
    const down = applyEdit(model, { type: 'row/move', rowId: 10, direction: 1 });
    expect(shape(down.panels)).toEqual(['1@0,0', 'row20@4', '4@0,5', 'row10@9', '2@0,10', '3@12,10']);
    expect(applyEdit(model, { type: 'row/move', rowId: 10, direction: -1 })).toBe(model);
    expect(shape(applyEdit(down, { type: 'row/move', rowId: 10, direction: -1 }).panels)).toEqual(shape(model.panels));
  });

  it('removes a row alone, leaving its panels, or with them', () => {
    expect(shape(applyEdit(model, { type: 'row/remove', rowId: 10, withPanels: false }).panels)).toEqual([
      '1@0,0',
      '2@0,5',
      '3@12,5',
      'row20@9',
      '4@0,10',
    ]);
    expect(shape(applyEdit(model, { type: 'row/remove', rowId: 10, withPanels: true }).panels)).toEqual(['1@0,0', 'row20@9', '4@0,10']);
    const folded = applyEdit(model, { type: 'row/toggle', rowId: 20 });
    expect(shape(applyEdit(folded, { type: 'row/remove', rowId: 20, withPanels: false }).panels)).toContain('4@0,10');
    expect(shape(applyEdit(folded, { type: 'row/remove', rowId: 20, withPanels: true }).panels)).not.toContain('4@0,10');
  });

  it('counts the panels a row holds, folded or not', () => {
    expect(rowPanelCount(model.panels, 10)).toBe(2);
    expect(rowPanelCount(applyEdit(model, { type: 'row/toggle', rowId: 20 }).panels as Panel[], 20)).toBe(1);
  });

  it('sorts the panels by their new places after a layout change', () => {
    const placed = applyEdit(model, { type: 'layout/place', positions: [{ panelId: 1, gridPos: { x: 0, y: 12, w: 12, h: 4 } }] });
    expect(shape(placed.panels).at(-1)).toBe('1@0,12');
  });
});
