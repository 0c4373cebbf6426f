import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { dashboardWithMetaSchema } from '../../../contract/dashboards';
import { apiFetch } from '../../api/client';
import { dashboardPath } from '../../api/dashboards';
import { ApiError } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { searchQueryOptions } from '../../api/search';

/** A dashboard the import would meet: by uid it would be replaced, by title it would stand beside the import. */
export interface ClashingDashboard {
  uid: string;
  title: string;
  folderUid: string;
  folderTitle: string;
}

export type UidClash =
  | { kind: 'dashboard'; dashboard: ClashingDashboard }
  /** The uid is taken by a dashboard the person may not open (403): it cannot be replaced from here. */
  | { kind: 'hidden' };

/**
 * What Grafana's import page checks before it imports: whether a dashboard already has the uid
 * (`GET /api/dashboards/uid/<uid>`) and whether one of the same title is in the chosen folder.
 * Asked after typing pauses; the uid is asked fresh each time (not from the dashboard page's cache,
 * which keeps a model forever).
 */
export function useImportClashes({ uid, title, folderUid, enabled }: { uid: string; title: string; folderUid: string; enabled: boolean }) {
  const [checkedUid] = useDebouncedValue(uid, 300);
  const [checkedTitle] = useDebouncedValue(title.trim(), 300);

  const byUid = useQuery({
    queryKey: queryKeys.dashboards.latestSaved(checkedUid, 'import'),
    queryFn: ({ signal }) => apiFetch(dashboardPath(checkedUid), { schema: dashboardWithMetaSchema, signal }),
    enabled: enabled && checkedUid !== '',
    staleTime: 0,
  });
  const words = checkedTitle.split(/\s+/).filter(Boolean);
  const byTitle = useQuery({
    ...searchQueryOptions({ words, tags: [], folderUid, type: 'dash-db' }),
    enabled: enabled && words.length > 0,
  });

  const uidClash: UidClash | undefined =
    checkedUid !== uid || checkedUid === ''
      ? undefined
      : byUid.data
        ? {
            kind: 'dashboard',
            dashboard: {
              uid: checkedUid,
              title: String(byUid.data.dashboard.title ?? ''),
              folderUid: byUid.data.meta.folderUid,
              folderTitle: byUid.data.meta.folderTitle,
            },
          }
        : byUid.error instanceof ApiError && byUid.error.status === 403
          ? { kind: 'hidden' }
          : undefined;

  const lowered = checkedTitle.toLowerCase();
  const sameTitle =
    checkedTitle === title.trim() && lowered !== ''
      ? byTitle.data?.find((hit) => hit.title.toLowerCase() === lowered && hit.uid !== uidClashUid(uidClash))
      : undefined;
  const titleClash: ClashingDashboard | undefined = sameTitle && {
    uid: sameTitle.uid,
    title: sameTitle.title,
    folderUid: sameTitle.folderUid ?? '',
    folderTitle: sameTitle.folderTitle ?? 'General',
  };

  return { uidClash, titleClash, recheckUid: () => byUid.refetch() };
}

/** The uid clash's own dashboard is not also a title clash: it is the one replaced. */
const uidClashUid = (clash: UidClash | undefined) => (clash?.kind === 'dashboard' ? clash.dashboard.uid : undefined);
