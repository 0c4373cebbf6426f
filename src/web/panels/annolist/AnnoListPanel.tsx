import { Badge, CloseButton, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { annotationListSchema, type Annotation } from '../../../contract/annotations';
import { searchResultSchema } from '../../../contract/search';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';
import type { PanelProps } from '../types';
import { formatDateTime } from '../valueFormats';
import { annoListOptionsOf, annotationsRequest, offsetTime, plainText } from './annoListOptions';

/**
 * Grafana's annotation list panel: the latest annotations (of this dashboard, in the time range,
 * with tags, as the panel says), each with who made it, when, and its tags. Choosing one opens its
 * dashboard around its time; choosing a tag narrows the list to it.
 */
export default function AnnoListPanel({ panel, timeRange, timeZone, replaceVariables }: PanelProps) {
  const options = annoListOptionsOf(panel.options);
  const { uid: dashboardUID } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [filterTags, setFilterTags] = useState<string[]>([]);
  const url = annotationsRequest(options, { dashboardUID, timeRange, extraTags: filterTags, replaceVariables });
  // Under the annotations key: adding or editing an annotation anywhere refreshes the list.
  const annotations = useQuery({
    queryKey: queryKeys.annotations({ annolist: url }),
    queryFn: ({ signal }) => apiFetch(url, { schema: annotationListSchema, signal }),
  });
  const title = panel.title ? String(panel.title) : 'Annotations';

  const open = async (annotation: Annotation) => {
    const from = offsetTime(annotation.time, options.navigateBefore, true);
    const to = offsetTime(annotation.timeEnd || annotation.time, options.navigateAfter, false);
    if (!annotation.dashboardUID || annotation.dashboardUID === dashboardUID) {
      const params = new URLSearchParams(location.search);
      params.set('from', String(from));
      params.set('to', String(to));
      if (options.navigateToPanel && annotation.panelId) params.set('viewPanel', String(annotation.panelId));
      navigate({ pathname: location.pathname, search: `?${params}` });
      return;
    }
    try {
      const hits = await apiFetch(`/api/search?dashboardUIDs=${encodeURIComponent(annotation.dashboardUID)}`, {
        schema: searchResultSchema,
      });
      const hit = hits.find((one) => one.uid === annotation.dashboardUID);
      if (!hit) throw new Error(`Unknown dashboard: ${annotation.dashboardUID}`);
      navigate(`${hit.url}?${new URLSearchParams({ from: String(from), to: String(to) })}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not open the annotation',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <Stack gap={6} h="100%" style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`${title}: annotations`}>
      {filterTags.length > 0 && (
        <Group gap={6} role="group" aria-label="Filter">
          <Text size="sm" fw={600}>
            Filter:
          </Text>
          {filterTags.map((tag) => (
            <Badge
              key={tag}
              variant="light"
              rightSection={
                <CloseButton size="xs" aria-label={`Remove ${tag} tag`} onClick={() => setFilterTags((t) => t.filter((x) => x !== tag))} />
              }
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      {annotations.isPending ? (
        <Stack gap={6} role="status" aria-label="Loading annotations">
          <Skeleton height={16} />
          <Skeleton height={16} width="80%" />
          <Skeleton height={16} width="60%" />
        </Stack>
      ) : annotations.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {annotations.error.message}
        </Text>
      ) : annotations.data.length === 0 ? (
        <Text size="sm" ta="center" py="md">
          No annotations found
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={title}>
          {annotations.data.map((annotation) => {
            const text = plainText(annotation.text) || '(no text)';
            const when =
              formatDateTime(annotation.time, 'YYYY-MM-DD HH:mm:ss', timeZone) +
              (annotation.timeEnd && annotation.timeEnd !== annotation.time
                ? ` – ${formatDateTime(annotation.timeEnd, 'YYYY-MM-DD HH:mm:ss', timeZone)}`
                : '');
            return (
              <li
                key={annotation.id}
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 6,
                  padding: '3px 0',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <UnstyledButton
                  onClick={() => void open(annotation)}
                  style={{
                    flex: '1 1 12rem',
                    minWidth: 0,
                    display: 'flex',
                    gap: 8,
                    alignItems: 'baseline',
                    fontSize: 'var(--mantine-font-size-sm)',
                  }}
                >
                  {options.showUser && annotation.login && (
                    <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {annotation.login}
                    </Text>
                  )}
                  <Text span size="sm" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>
                    {text}
                  </Text>
                  {options.showTime && (
                    <Text span size="xs" style={{ whiteSpace: 'nowrap' }}>
                      {when}
                    </Text>
                  )}
                </UnstyledButton>
                {options.showTags && annotation.tags.length > 0 && (
                  <Group gap={4}>
                    {annotation.tags.map((tag) => (
                      <Badge
                        key={tag}
                        component="button"
                        type="button"
                        variant="outline"
                        size="sm"
                        style={{ cursor: 'pointer', textTransform: 'none' }}
                        aria-label={`Show only annotations tagged ${tag}`}
                        onClick={() => setFilterTags((t) => (t.includes(tag) ? t : [...t, tag]))}
                      >
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
