import { useCallback, useReducer } from 'react';
import type { DashboardModel } from '../api';
import { historyReducer, initialHistory, type DashboardEdit, type HistoryAction } from './dashboardEdits';

/**
 * The one dashboard state of edit mode: the model, the edits that made it, undo and redo. Every
 * part of the editor (grid, panel editor, settings, JSON model) reads `model` and changes it with
 * `edit`; none keeps a copy of its own.
 */
export function useDashboardEdits(original: DashboardModel) {
  const [history, dispatch] = useReducer(historyReducer, original, initialHistory);
  const edit = useCallback((action: DashboardEdit) => dispatch(action), []);
  const undo = useCallback(() => dispatch({ type: 'history/undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'history/redo' }), []);
  const control = useCallback((action: HistoryAction) => dispatch(action), []);
  return {
    model: history.present,
    edit,
    undo,
    redo,
    /** For history/rewind and history/reset. */
    control,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    /** How many edits can be undone now: a mark the panel editor rewinds to on Discard. */
    depth: history.past.length,
  };
}

export type DashboardEdits = ReturnType<typeof useDashboardEdits>;
