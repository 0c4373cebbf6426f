import type { GridPos, Panel } from '../../../panels/layout';
import type { DashboardModel } from '../api';
import { moveRow, removeRow, toggleRow } from './rowEdits';

/**
 * Every change a person makes to a dashboard in edit mode, as data. The editor holds one model and
 * changes it only through these, so the history of actions is the undo stack, a test can replay
 * an edit, and the panel editor, the grid and the settings all change the same dashboard.
 */
export type DashboardEdit =
  /** A whole new model: the JSON model tab, a restored version. */
  | { type: 'dashboard/replace'; model: DashboardModel; coalesce?: string }
  /** Top-level fields (title, tags, time settings, `templating`, `annotations`, `links`, …). */
  | { type: 'dashboard/patch'; patch: Partial<DashboardModel>; coalesce?: string }
  /** A new panel at the top of the dashboard, pushing the others down; it gets the next free id. */
  | { type: 'panel/add'; panel: Panel }
  /** The panel with this id (at any depth, collapsed rows included) becomes `panel`. */
  | { type: 'panel/update'; panelId: number; panel: Panel; coalesce?: string }
  | { type: 'panel/remove'; panelId: number }
  /** A copy beside the original (to its right when it fits, else below), with a new id. */
  | { type: 'panel/duplicate'; panelId: number }
  /** Panels at new places (a drag, a resize, a keyboard move), already collision-resolved by the grid. */
  | { type: 'layout/place'; positions: ReadonlyArray<{ panelId: number; gridPos: GridPos }>; coalesce?: string }
  /** Grafana's toggleRow: folding moves the row's panels into `row.panels`, unfolding puts them back under it. */
  | { type: 'row/toggle'; rowId: number }
  /** The row and the panels it owns swap places with the row above (-1) or below (1) and its panels. */
  | { type: 'row/move'; rowId: number; direction: -1 | 1 }
  /** Grafana's removeRow: with its panels, or the row alone (its panels stay where they are). */
  | { type: 'row/remove'; rowId: number; withPanels: boolean };

/** What an edit does to the model; the history records the models before and after. */
export function applyEdit(model: DashboardModel, edit: DashboardEdit): DashboardModel {
  switch (edit.type) {
    case 'dashboard/replace':
      return edit.model;
    case 'dashboard/patch':
      return { ...model, ...edit.patch };
    case 'panel/add': {
      const panel: Panel = { ...edit.panel, id: nextPanelId(model) };
      const height = panel.gridPos?.h ?? 8;
      const pushed = topLevelPanels(model).map((p) => ({ ...p, gridPos: { ...(p.gridPos ?? {}), y: (p.gridPos?.y ?? 0) + height } }));
      const gridPos = { x: 0, w: 12, h: height, ...(panel.gridPos ?? {}), y: 0 };
      return { ...model, panels: [{ ...panel, gridPos }, ...pushed] };
    }
    case 'panel/update':
      return { ...model, panels: mapPanels(topLevelPanels(model), (p) => (p.id === edit.panelId ? edit.panel : p)) };
    case 'panel/remove':
      return { ...model, panels: removePanel(topLevelPanels(model), edit.panelId) };
    case 'panel/duplicate': {
      const original = findPanel(model, edit.panelId);
      if (!original) return model;
      const copy: Panel = { ...structuredClone(original), id: nextPanelId(model) };
      const pos = { x: 0, y: 0, w: 12, h: 8, ...(original.gridPos ?? {}) } as GridPos;
      copy.gridPos = pos.x + 2 * pos.w <= 24 ? { ...pos, x: pos.x + pos.w } : { ...pos, y: pos.y + pos.h };
      return { ...model, panels: insertAfter(topLevelPanels(model), edit.panelId, copy) };
    }
    case 'layout/place': {
      const at = new Map(edit.positions.map((p) => [p.panelId, p.gridPos]));
      const placed = mapPanels(topLevelPanels(model), (p) => {
        const gridPos = typeof p.id === 'number' ? at.get(p.id) : undefined;
        return gridPos ? { ...p, gridPos: { ...gridPos } } : p;
      });
      // Grafana's sortPanelsByGridPos after a layout change: the order says which row owns a panel.
      return { ...model, panels: sortByGridPos(placed) };
    }
    case 'row/toggle':
      return withTopLevel(model, toggleRow(topLevelPanels(model), edit.rowId));
    case 'row/move':
      return withTopLevel(model, moveRow(topLevelPanels(model), edit.rowId, edit.direction));
    case 'row/remove':
      return withTopLevel(model, removeRow(topLevelPanels(model), edit.rowId, edit.withPanels));
  }
}

/** The model with these top-level panels, or the same model when nothing changed (no history step). */
function withTopLevel(model: DashboardModel, panels: Panel[] | undefined): DashboardModel {
  return panels ? { ...model, panels } : model;
}

const yx = (p: Panel) => [Number(p.gridPos?.y ?? 0), Number(p.gridPos?.x ?? 0)] as const;
function sortByGridPos(panels: Panel[]): Panel[] {
  return panels
    .map((panel, index) => ({ panel, index }))
    .sort((a, b) => yx(a.panel)[0] - yx(b.panel)[0] || yx(a.panel)[1] - yx(b.panel)[1] || a.index - b.index)
    .map(({ panel }) => panel);
}

export function topLevelPanels(model: DashboardModel): Panel[] {
  return Array.isArray(model.panels) ? (model.panels as Panel[]) : [];
}

/** Every panel, rows' folded panels included, in stored order. */
export function allPanels(model: DashboardModel): Panel[] {
  return topLevelPanels(model).flatMap((p) => [p, ...(Array.isArray(p.panels) ? p.panels : [])]);
}

export function findPanel(model: DashboardModel, panelId: number): Panel | undefined {
  return allPanels(model).find((p) => p.id === panelId);
}

/** Grafana's next id: one more than the largest in use (rows and folded panels count). */
export function nextPanelId(model: DashboardModel): number {
  return allPanels(model).reduce((max, p) => (typeof p.id === 'number' && p.id > max ? p.id : max), 0) + 1;
}

function mapPanels(panels: Panel[], change: (panel: Panel) => Panel): Panel[] {
  return panels.map((p) => {
    const changed = change(p);
    return changed === p && Array.isArray(p.panels) && p.panels.length > 0 ? { ...p, panels: mapPanels(p.panels, change) } : changed;
  });
}

function removePanel(panels: Panel[], panelId: number): Panel[] {
  return panels
    .filter((p) => p.id !== panelId)
    .map((p) => (Array.isArray(p.panels) && p.panels.some((c) => c.id === panelId) ? { ...p, panels: removePanel(p.panels, panelId) } : p));
}

function insertAfter(panels: Panel[], panelId: number, copy: Panel): Panel[] {
  const index = panels.findIndex((p) => p.id === panelId);
  if (index >= 0) return [...panels.slice(0, index + 1), copy, ...panels.slice(index + 1)];
  return panels.map((p) =>
    Array.isArray(p.panels) && p.panels.some((c) => c.id === panelId) ? { ...p, panels: insertAfter(p.panels, panelId, copy) } : p,
  );
}

/** The editor's state: the model now, and the models before and after it for undo and redo. */
export interface EditHistory {
  past: DashboardModel[];
  present: DashboardModel;
  future: DashboardModel[];
  /** The `coalesce` key of the last edit: typing into one field is one undo step, not one per key. */
  lastCoalesce?: string;
}

export type HistoryAction =
  | DashboardEdit
  | { type: 'history/undo' }
  | { type: 'history/redo' }
  /** Back to how the model was `steps` edits ago, forgetting them (the panel editor's Discard). */
  | { type: 'history/rewind'; toLength: number }
  /** Starts over from this model with no history (a save, a reload). */
  | { type: 'history/reset'; model: DashboardModel };

/** Kept steps; older ones fall off, so a long session does not keep every model it ever had. */
export const HISTORY_LIMIT = 100;

export function initialHistory(model: DashboardModel): EditHistory {
  return { past: [], present: model, future: [] };
}

export function historyReducer(state: EditHistory, action: HistoryAction): EditHistory {
  switch (action.type) {
    case 'history/undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'history/redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
    case 'history/rewind': {
      if (action.toLength >= state.past.length) return state;
      return { past: state.past.slice(0, action.toLength), present: state.past[action.toLength]!, future: [] };
    }
    case 'history/reset':
      return initialHistory(action.model);
    default: {
      const next = applyEdit(state.present, action);
      if (next === state.present) return state;
      const coalesce = 'coalesce' in action ? action.coalesce : undefined;
      if (coalesce !== undefined && coalesce === state.lastCoalesce && state.past.length > 0) {
        return { ...state, present: next, future: [] };
      }
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: next, future: [], lastCoalesce: coalesce };
    }
  }
}
