import { Button, Group, Modal, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { Annotation } from '../../../../contract/annotations';
import { annotationsQueryOptions, useCreateAnnotation } from '../../../api/annotations';
import type { DataSourceSummary } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/keys';
import type { PanelAnnotation } from '../../../panels/types';
import {
  annotationDefinitionsOf,
  annotationSourceOf,
  isGrafanaSource,
  lokiAnnotations,
  prometheusAnnotations,
  standardAnnotations,
  type AnnotationSource,
  type SourcedAnnotation,
} from './annotationSources';
import { fetchPanelData } from './queries';
import { formatDateTime } from './time';
import type { InterpolationScope, ResolvedTimeRange } from './types';

/** An annotation of the dashboard as graphs draw it, with the panel it belongs to (when it has one). */
export interface DashboardAnnotation extends PanelAnnotation {
  panelId?: number;
  /** Data source annotations carry a title besides their text (Prometheus' and Loki's `titleFormat`, a SQL `title` column). */
  title?: string;
  /** Came from the dashboard's own built-in query (then a panelId pins it to that panel, as Grafana). */
  fromDashboard: boolean;
}

/** One annotation query's toggle: its name, whether it runs, and why it failed (server's words). */
export interface AnnotationToggle {
  index: number;
  name: string;
  color?: string;
  hidden: boolean;
  enabled: boolean;
  loading: boolean;
  error?: string;
}

interface SourceAnswer {
  annotations: Array<SourcedAnnotation & { id?: number; panelId?: number }>;
  error?: string;
}

async function runDataSourceAnnotations(
  source: Extract<AnnotationSource, { kind: 'datasource' }>,
  raw: Record<string, unknown>,
  signal: AbortSignal,
): Promise<SourceAnswer> {
  const data = await fetchPanelData(source.body, signal);
  try {
    const convert =
      source.runner === 'prometheus'
        ? prometheusAnnotations.bind(null, raw)
        : source.runner === 'loki'
          ? lokiAnnotations.bind(null, raw)
          : standardAnnotations;
    return { annotations: data.frames.length ? convert(data.frames) : [], error: data.error };
  } catch (error) {
    return { annotations: [], error: data.error ?? errorMessage(error) };
  }
}

/**
 * The dashboard's annotation queries, run as Grafana runs them: the built-in one and Grafana-source
 * tag queries from Sightline's own store, the rest through `/api/ds/query` and converted as
 * Grafana's annotation support for that data source does. Each query can be turned off and on
 * (Grafana keeps that in the dashboard's state, not in the URL); a failed one reports its error
 * on its toggle and the others still draw.
 */
export function useDashboardAnnotations(input: {
  model: Record<string, unknown>;
  dashboardUid: string;
  range: ResolvedTimeRange;
  scope: InterpolationScope;
  dataSources: readonly DataSourceSummary[] | undefined;
}) {
  const { model, dashboardUid, range, scope, dataSources } = input;
  const definitions = useMemo(() => annotationDefinitionsOf(model), [model]);
  const [switched, setSwitched] = useState<Record<number, boolean>>({});
  // Grafana asks no more points than the window is wide; read once, so a resize does not ask again.
  const [maxDataPoints] = useState(() => Math.max(100, Math.round(window.innerWidth || 1000)));
  const sources = useMemo(
    () =>
      definitions.map((definition) => {
        const enabled = switched[definition.index] ?? definition.enabled;
        if (!enabled) return { definition, enabled, source: { kind: 'nothing' } as AnnotationSource };
        if (!isGrafanaSource(definition.raw.datasource) && dataSources === undefined) return { definition, enabled, source: undefined }; // waits for the data source list
        const source = annotationSourceOf(definition, { dashboardUid, range, scope, dataSources: dataSources ?? [], maxDataPoints });
        return { definition, enabled, source };
      }),
    [definitions, switched, dashboardUid, range, scope, dataSources, maxDataPoints],
  );
  const results = useQueries({
    queries: sources.map(({ definition, source }) => {
      if (source?.kind === 'store')
        return {
          ...annotationsQueryOptions(source.query),
          select: (list: Annotation[]): SourceAnswer => ({
            annotations: list.map((item) => ({
              id: item.id,
              time: item.time,
              timeEnd: item.timeEnd && item.timeEnd !== item.time ? item.timeEnd : undefined,
              text: item.text,
              tags: item.tags,
              author: item.login || undefined,
              panelId: item.panelId || undefined,
            })),
          }),
          placeholderData: keepPreviousData,
        };
      if (source?.kind === 'datasource')
        return {
          queryKey: queryKeys.annotationQueryData(dashboardUid, source.body),
          queryFn: ({ signal }: { signal: AbortSignal }) => runDataSourceAnnotations(source, definition.raw, signal),
          placeholderData: keepPreviousData,
          refetchOnWindowFocus: false,
          retry: false,
        };
      return { queryKey: ['annotationsIdle', definition.index], queryFn: () => null, enabled: false };
    }),
  });
  const answeredAt = results.map((r) => `${r.dataUpdatedAt}:${r.errorUpdatedAt}:${r.isFetching}`).join(',');
  const answers = results.map((r) => r as { data?: SourceAnswer | null; error: unknown; isFetching: boolean });

  return useMemo(() => {
    const seen = new Set<number>();
    const annotations: DashboardAnnotation[] = [];
    const toggles: AnnotationToggle[] = [];
    let sourcedId = -1;
    sources.forEach(({ definition, enabled, source }, i) => {
      const answer = answers[i];
      const data = answer?.data ?? undefined;
      const problem = source?.kind === 'problem' ? source.message : undefined;
      toggles.push({
        index: definition.index,
        name: definition.name,
        color: definition.color,
        hidden: definition.hidden,
        enabled,
        loading: enabled && (source === undefined || (answer?.isFetching ?? false)),
        error: enabled ? (problem ?? (answer?.error ? errorMessage(answer.error) : data?.error)) : undefined,
      });
      if (!enabled || !data) return;
      const fromDashboard = source?.kind === 'store' && source.fromDashboard;
      for (const item of data.annotations) {
        const id = typeof item.id === 'number' ? item.id : sourcedId--;
        if (id > 0 && seen.has(id)) continue;
        seen.add(id);
        annotations.push({ ...item, id, color: definition.color, fromDashboard } as DashboardAnnotation);
      }
    });
    return { annotations, toggles, setEnabled: (index: number, on: boolean) => setSwitched((s) => ({ ...s, [index]: on })) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sources, answeredAt]);
}

/** The annotations one panel shows: a dashboard annotation pinned to another panel is not drawn here (Grafana's rule). */
export function annotationsForPanel(annotations: DashboardAnnotation[], panelId: number | undefined): PanelAnnotation[] {
  return annotations.filter((a) => !(a.fromDashboard && a.panelId !== undefined && a.panelId !== panelId));
}

export interface AnnotationDraft {
  panelId?: number;
  time: number;
  timeEnd?: number;
}

/** The form a Ctrl/Cmd-click (or drag) on a graph opens: description and tags, saved to the dashboard. */
export function AddAnnotationModal({
  draft,
  dashboardUid,
  timeZone,
  onClose,
}: {
  draft: AnnotationDraft | null;
  dashboardUid: string;
  timeZone?: string;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const create = useCreateAnnotation();
  const close = () => {
    setText('');
    setTags([]);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    create.mutate(
      { dashboardUID: dashboardUid, panelId: draft.panelId, time: draft.time, timeEnd: draft.timeEnd, text: text.trim(), tags },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Annotation added', message: text.trim() || 'Saved' });
          close();
        },
      },
    );
  };
  const when = draft
    ? draft.timeEnd !== undefined
      ? `${formatDateTime(draft.time, timeZone)} to ${formatDateTime(draft.timeEnd, timeZone)}`
      : formatDateTime(draft.time, timeZone)
    : '';
  return (
    <Modal opened={draft !== null} onClose={close} title="Add annotation">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{when}</Text>
          <Textarea
            label="Description"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={10_000}
            data-autofocus
            required
          />
          <TagsInput label="Tags" value={tags} onChange={setTags} maxTags={50} clearable />
          {create.error && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(create.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!text.trim()}>
              Save annotation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
