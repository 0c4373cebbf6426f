import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/keys';

/**
 * Drops what the client holds of deleted dashboards: the model (kept forever, `staleTime: Infinity`),
 * its versions, panel data and alert states. Invalidating would keep the model on screen, so
 * going Back to a deleted dashboard showed it and a save created it again; removed, its page asks
 * the server and says "Dashboard not found".
 */
export function useForgetDashboards() {
  const client = useQueryClient();
  return useCallback(
    (uids: Iterable<string>) => {
      for (const uid of uids) {
        client.removeQueries({ queryKey: queryKeys.dashboards.detail(uid) });
        client.removeQueries({ queryKey: queryKeys.panelDataOf(uid) });
        client.removeQueries({ queryKey: queryKeys.alertRuleStatesOfDashboard(uid) });
      }
    },
    [client],
  );
}
