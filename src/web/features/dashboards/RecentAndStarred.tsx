import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SearchHit } from '../../../contract/search';
import { searchQueryOptions } from '../../api/search';
import { useRecentDashboards } from '../../lib/recentDashboards';

/** How many of each the sections show, as Grafana's browse view. */
const SHOWN = 8;

/**
 * Grafana's "Starred" and "Recently viewed" above the browse list, when nothing is being searched.
 * A section with nothing in it is not shown; what is gone or no longer visible drops out, since
 * both come from the same search as the list.
 */
export function RecentAndStarred({ enabled }: { enabled: boolean }) {
  const recentUids = useRecentDashboards();
  const starred = useQuery({ ...searchQueryOptions({ words: [], tags: [], type: 'dash-db', starred: true, limit: SHOWN }), enabled });
  const recent = useQuery({
    ...searchQueryOptions({ words: [], tags: [], type: 'dash-db', dashboardUids: recentUids.slice(0, SHOWN) }),
    enabled: enabled && recentUids.length > 0,
    // The search answers alphabetically; the section keeps the order of the visits.
    select: (hits: SearchHit[]) => {
      const byUid = new Map(hits.map((hit) => [hit.uid, hit]));
      return recentUids.flatMap((uid) => byUid.get(uid) ?? []);
    },
  });
  if (!enabled) return null;
  const starredHits = starred.data ?? [];
  const recentHits = recent.data ?? [];
  const recentPending = recentUids.length > 0 && recent.isPending;
  if (!starred.isPending && !recentPending && starredHits.length === 0 && recentHits.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Section title="Starred dashboards" icon={<IconStarFilled size={16} aria-hidden />} hits={starredHits} pending={starred.isPending} />
      <Section title="Recently viewed dashboards" icon={<IconClock size={16} aria-hidden />} hits={recentHits} pending={recentPending} />
    </SimpleGrid>
  );
}

function Section({ title, icon, hits, pending }: { title: string; icon: ReactNode; hits: SearchHit[]; pending: boolean }) {
  if (!pending && hits.length === 0) return <div />;
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={title}>
      <Title order={2} size="h5" mb={6} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        {icon}
        {title}
      </Title>
      {pending ? (
        <Stack gap={6} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {hits.map((hit) => (
            <li key={hit.uid} style={{ display: 'flex', gap: 8, alignItems: 'baseline', minWidth: 0 }}>
              <Anchor component={Link} to={hit.url} size="sm" truncate className="dashboard-link">
                {hit.title}
              </Anchor>
              {hit.folderTitle && (
                <Text size="xs" c="dimmed" truncate>
                  {hit.folderTitle}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
