import { useEffect, useRef } from 'react';
import { isBusyTarget } from '../runtime/useDashboardShortcuts';
import type { DashboardEdits } from './useDashboardEdits';

/** Whether a key press is Undo (Ctrl/Cmd+Z), Redo (Shift+Ctrl/Cmd+Z, Ctrl+Y), or neither. */
export function historyKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return undefined;
}

/**
 * Undo and redo from the keyboard while edit mode is shown, except where the key belongs to what
 * has focus: a text field or a code editor undoes its own typing.
 */
export function useUndoShortcuts(edits: Pick<DashboardEdits, 'undo' | 'redo'>) {
  const { undo, redo } = edits;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isBusyTarget(event.target)) return;
      const action = historyKey(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'undo') undo();
      else redo();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);
}

/** The panel an element belongs to on the editable grid (`data-edit-panel-id` on its grid cell). */
function editablePanelOf(element: Element | null): number | undefined {
  const id = element?.closest('[data-edit-panel-id]')?.getAttribute('data-edit-panel-id');
  return id && /^\d+$/.test(id) ? Number(id) : undefined;
}

/** Grafana's `e`: edit the panel that has focus or, failing that, the one under the mouse. */
export function useEditPanelKey(onEdit: (panelId: number) => void) {
  const latest = useRef(onEdit);
  useEffect(() => {
    latest.current = onEdit;
  });
  useEffect(() => {
    let hovered: number | undefined;
    const onMouseOver = (event: MouseEvent) => {
      hovered = editablePanelOf(event.target instanceof Element ? event.target : null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.key.toLowerCase() !== 'e') return;
      if (isBusyTarget(event.target)) return;
      const panel = editablePanelOf(document.activeElement) ?? hovered;
      if (panel === undefined) return;
      event.preventDefault();
      latest.current(panel);
    };
    document.addEventListener('mouseover', onMouseOver);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mouseover', onMouseOver);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
