import { describe, expect, it } from 'vitest';
import { applyEdit, historyReducer, initialHistory, nextPanelId, type HistoryAction } from './dashboardEdits';

const model = {
  title: 'T',
  panels: [
    { id: 1, type: 'stat', title: 'a', gridPos: { x: 0, y: 0, w: 12, h: 8 } },
    {
      id: 2,
      type: 'row',
      title: 'r',
      collapsed: true,
      gridPos: { x: 0, y: 8, w: 24, h: 1 },
      panels: [{ id: 7, type: 'text', gridPos: { x: 0, y: 9, w: 6, h: 3 } }],
    },
  ],
};

const run = (...actions: HistoryAction[]) => actions.reduce(historyReducer, initialHistory(model));

describe('dashboard edits', () => {
  it('gives a new panel the next id after every panel, folded ones included, at the top', () => {
    expect(nextPanelId(model)).toBe(8);
    const next = applyEdit(model, { type: 'panel/add', panel: { type: 'timeseries', title: 'New' } });
    const panels = next.panels as Array<{ id: number; gridPos: { y: number } }>;
    expect(panels[0]).toMatchObject({ id: 8, gridPos: { x: 0, y: 0, w: 12, h: 8 } });
    expect(panels[1]!.gridPos.y).toBe(8);
  });

  it('updates, duplicates and removes a panel inside a collapsed row', () => {
    const updated = applyEdit(model, { type: 'panel/update', panelId: 7, panel: { id: 7, type: 'text', title: 'x' } });
    expect(JSON.stringify(updated)).toContain('"title":"x"');
    const duplicated = applyEdit(model, { type: 'panel/duplicate', panelId: 7 });
    const row = (duplicated.panels as Array<{ panels?: Array<{ id: number; gridPos: { x: number } }> }>)[1]!;
    expect(row.panels!.map((p) => [p.id, p.gridPos.x])).toEqual([
      [7, 0],
      [8, 6],
    ]);
    const removed = applyEdit(model, { type: 'panel/remove', panelId: 7 });
    expect((removed.panels as Array<{ panels?: unknown[] }>)[1]!.panels).toEqual([]);
  });

  it('undoes and redoes, and an edit after an undo drops what could be redone', () => {
    const remove: HistoryAction = { type: 'panel/remove', panelId: 1 };
    let state = run(remove, { type: 'history/undo' });
    expect(state.present).toBe(model);
    state = historyReducer(state, { type: 'history/redo' });
    expect((state.present.panels as unknown[]).length).toBe(1);
    state = historyReducer(historyReducer(state, { type: 'history/undo' }), { type: 'dashboard/patch', patch: { title: 'U' } });
    expect(state.future).toEqual([]);
  });

  it('keeps typing into one field as one undo step', () => {
    const typed = run(
      { type: 'dashboard/patch', patch: { title: 'a' }, coalesce: 'title' },
      { type: 'dashboard/patch', patch: { title: 'ab' }, coalesce: 'title' },
      { type: 'dashboard/patch', patch: { title: 'abc' }, coalesce: 'title' },
    );
    expect(typed.past).toHaveLength(1);
    expect(historyReducer(typed, { type: 'history/undo' }).present.title).toBe('T');
  });

  it('rewinds to a mark, forgetting the edits after it (Discard in the panel editor)', () => {
    const state = run(
      { type: 'dashboard/patch', patch: { title: 'A' } },
      { type: 'panel/remove', panelId: 1 },
      { type: 'history/rewind', toLength: 1 },
    );
    expect(state.present.title).toBe('A');
    expect((state.present.panels as unknown[]).length).toBe(2);
    expect(state.future).toEqual([]);
  });
});
