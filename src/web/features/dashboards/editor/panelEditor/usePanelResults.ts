import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { DataFrame } from '../../../../../contract/query';
import { queryKeys } from '../../../../api/keys';
import type { PanelData } from '../../runtime/queries';

export interface PanelResults {
  frames: DataFrame[];
  /** Each query's own error by refId, from the last answer. */
  errors: Record<string, string>;
}

const NONE: PanelResults = { frames: [], errors: {} };
const cache = new WeakMap<PanelData, PanelResults>();

function resultsOf(data: PanelData): PanelResults {
  let results = cache.get(data);
  if (!results) {
    const errors: Record<string, string> = {};
    const answered = (data.response as { results?: Record<string, { error?: unknown }> } | undefined)?.results ?? {};
    for (const [refId, result] of Object.entries(answered)) if (typeof result?.error === 'string') errors[refId] = result.error;
    results = { frames: data.frames, errors };
    cache.set(data, results);
  }
  return results;
}

/**
 * The last answer the preview's panel got, read from the query cache rather than asked again: the
 * options pane, the transformations' field pickers and the visualization previews show the same data.
 */
export function usePanelResults(dashboardUid: string, panelId: number): PanelResults {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const snapshot = useCallback(() => {
    const prefix = [...queryKeys.panelDataOf(dashboardUid), panelId];
    const latest = client
      .getQueryCache()
      .findAll({ queryKey: prefix })
      .filter((q) => q.state.data !== undefined)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
    return latest ? resultsOf(latest.state.data as PanelData) : NONE;
  }, [client, dashboardUid, panelId]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
