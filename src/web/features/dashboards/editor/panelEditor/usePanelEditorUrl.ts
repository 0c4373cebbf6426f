import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { panelIdParam } from '../../runtime/panelIdParam';

/**
 * Grafana's `?editPanel=<id>` (or `panel-<id>`): the panel editor of that panel, for someone who can edit (for anyone
 * else it is ignored). Leaving it goes back to the dashboard in edit mode, as Grafana does.
 */
export function usePanelEditorUrl(canEdit: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('editPanel');
  // An editPanel that names no panel id still opens the editor, which then says so.
  const panelId = canEdit && raw !== null ? (panelIdParam(raw) ?? Number.NaN) : undefined;
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['editPanel', 'inspect', 'inspectTab', 'tab']) next.delete(key);
          next.set('edit', '');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  return { panelId, close };
}
