import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { searchResultSchema, type SearchHit } from '../../../contract/search';
import { apiFetch } from '../../api/client';
import { dashboardQueryOptions } from '../../api/dashboards';
import { queryKeys } from '../../api/keys';
import { useRecentDashboards } from '../../lib/recentDashboards';
import { linkHref } from '../../lib/links';
import type { PanelProps } from '../types';
import { dashListOptionsOf, searchRequests, type DashListSection } from './dashListOptions';

const HEADINGS: Record<DashListSection, string> = {
  starred: 'Starred dashboards',
  recent: 'Recently viewed dashboards',
  search: 'Search',
};

/**
 * Grafana's dashboard list panel: starred dashboards, the ones recently viewed in this browser,
 * and a search by words, tags and folder, each at most `maxItems` long. Links keep the current
 * time range (`keepTime`) and variables (`includeVars`) when the panel asks.
 */
export default function DashListPanel({ panel, timeRange, replaceVariables }: PanelProps) {
  const options = dashListOptionsOf(panel.options);
  const location = useLocation();
  const visited = useRecentDashboards();
  const recent = options.showRecentlyViewed ? visited : [];
  const requests = searchRequests(options, { recent, replaceVariables });
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: queryKeys.search({ dashlist: request.url }),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch(request.url, { schema: searchResultSchema, signal }),
      enabled: request.url !== '',
    })),
  });
  const params = new URLSearchParams(location.search);
  // keepTime passes the range as the person sees it: the URL's, else the dashboard's saved `time`
  // (already loaded, so read from the cache), else the absolute range.
  const { uid } = useParams();
  const saved = useQueryClient().getQueryData(dashboardQueryOptions(uid ?? '').queryKey)?.dashboard as { time?: unknown } | undefined;
  const savedTime = (typeof saved?.time === 'object' && saved.time !== null ? saved.time : {}) as { from?: unknown; to?: unknown };
  const rawRange = {
    from: params.get('from') ?? (typeof savedTime.from === 'string' ? savedTime.from : String(timeRange.from)),
    to: params.get('to') ?? (typeof savedTime.to === 'string' ? savedTime.to : String(timeRange.to)),
  };
  const title = panel.title ? String(panel.title) : 'Dashboards';

  const sectionItems = (section: DashListSection, hits: SearchHit[]): SearchHit[] => {
    const dashboards = hits.filter((hit) => hit.type === 'dash-db');
    // Most recent first, as they were viewed, not as the search sorts them.
    if (section === 'recent') dashboards.sort((a, b) => recent.indexOf(a.uid) - recent.indexOf(b.uid));
    return dashboards.slice(0, options.maxItems);
  };

  return (
    <Stack gap="sm" h="100%" style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`${title}: dashboards`}>
      {requests.map((request, i) => {
        const result = results[i]!;
        const headingId = `${panel.id ?? 'dashlist'}-${request.section}`;
        return (
          <section
            key={request.section}
            aria-labelledby={options.showHeadings ? headingId : undefined}
            aria-label={options.showHeadings ? undefined : HEADINGS[request.section]}
          >
            {options.showHeadings && (
              <Text component="h3" id={headingId} size="sm" fw={600} m={0} mb={4}>
                {HEADINGS[request.section]}
              </Text>
            )}
            {request.url === '' ? (
              <Text size="sm">None yet</Text>
            ) : result.isPending ? (
              <Stack gap={4} aria-label={`Loading ${HEADINGS[request.section].toLowerCase()}`} role="status">
                <Skeleton height={14} />
                <Skeleton height={14} width="70%" />
              </Stack>
            ) : result.isError ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {result.error.message}
              </Text>
            ) : sectionItems(request.section, result.data).length === 0 ? (
              <Text size="sm">No dashboards</Text>
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {sectionItems(request.section, result.data).map((hit) => (
                  <li key={hit.uid} style={{ padding: '2px 0', display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Anchor component={Link} to={linkHref(hit.url, options, rawRange, params)} size="sm">
                      {hit.title}
                    </Anchor>
                    {hit.folderTitle && <Text size="xs">{hit.folderTitle}</Text>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
