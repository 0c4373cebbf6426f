import { useMemo } from 'react';
import { libraryPanelUids } from '../../../../contract/libraryElements';
import { errorMessage } from '../../../api/errors';
import { useLibraryElements } from '../../../api/libraryElements';
import { resolveLibraryPanels, type LibraryPanelState } from './libraryPanels';

/** The library panels `panels` reference, each loaded once through React Query, as `resolveLibraryPanels` reads them. */
export function useLibraryPanelStates(panels: unknown) {
  const uids = useMemo(() => libraryPanelUids(panels), [panels]);
  const queries = useLibraryElements(uids);
  const key = uids.map((uid) => `${uid}:${queries.get(uid)?.dataUpdatedAt ?? 0}:${queries.get(uid)?.status}`).join('|');
  return useMemo(() => {
    const states = new Map<string, LibraryPanelState>();
    for (const uid of uids) {
      const query = queries.get(uid);
      if (!query || query.isPending) states.set(uid, { state: 'loading' });
      else if (query.isError) states.set(uid, { state: 'failed', message: errorMessage(query.error) });
      else if (query.data === null || query.data === undefined) states.set(uid, { state: 'missing' });
      else states.set(uid, { state: 'ready', name: query.data.name, model: query.data.model });
    }
    return { states, pending: [...states.values()].some((s) => s.state === 'loading') };
    // `key` changes exactly when one of the queries does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The panels as drawn: each library panel from its element, a missing one as a message in its place. */
export function useResolvedPanels(panels: unknown): unknown {
  const { states } = useLibraryPanelStates(panels);
  return useMemo(() => resolveLibraryPanels(panels, (uid) => states.get(uid) ?? { state: 'loading' }), [panels, states]);
}
