import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Grafana's `?editPanel=<id>`: the panel editor of that panel, for someone who can edit (for anyone
 * else it is ignored). Leaving it goes back to the dashboard in edit mode, as Grafana does.
 */
export function usePanelEditorUrl(canEdit: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('editPanel');
  const panelId = canEdit && raw !== null ? (/^\d+$/.test(raw) ? Number(raw) : Number.NaN) : undefined;
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
