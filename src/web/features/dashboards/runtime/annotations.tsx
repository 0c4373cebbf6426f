import { Button, Group, Modal, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { annotationsQueryOptions, useCreateAnnotation, type AnnotationQuery } from '../../../api/annotations';
import { errorMessage } from '../../../api/errors';
import type { PanelAnnotation } from '../panels/types';
import { formatDateTime } from './time';
import type { ResolvedTimeRange } from './types';

/** An annotation of the dashboard as graphs draw it, with the panel it belongs to (when it has one). */
export interface DashboardAnnotation extends PanelAnnotation {
  panelId?: number;
  /** Came from the dashboard's own built-in query (then a panelId pins it to that panel, as Grafana). */
  fromDashboard: boolean;
}

interface AnnotationDefinition {
  builtIn?: number;
  enable?: boolean;
  hide?: boolean;
  iconColor?: string;
  name?: string;
  datasource?: unknown;
  type?: string;
  /** Grafana's built-in source: `{ type: 'dashboard' }` or `{ type: 'tags', tags, matchAny, limit }`. */
  target?: { type?: string; tags?: unknown; matchAny?: boolean; limit?: number };
}

function isGrafanaSource(datasource: unknown): boolean {
  if (datasource === undefined || datasource === null) return true;
  const uid = typeof datasource === 'string' ? datasource : (datasource as { uid?: unknown }).uid;
  const type = typeof datasource === 'object' ? (datasource as { type?: unknown }).type : undefined;
  return uid === '-- Grafana --' || uid === 'grafana' || type === 'grafana' || type === 'datasource';
}

/**
 * The annotation queries Sightline can answer from its own store: the built-in one (this
 * dashboard's annotations) and Grafana-source queries by tags (the org's annotations with
 * those tags). A dashboard without `annotations.list` gets the built-in one, as in Grafana.
 */
export function annotationQueriesOf(model: Record<string, unknown>, dashboardUid: string, range: ResolvedTimeRange) {
  const list = (model.annotations as { list?: unknown } | undefined)?.list;
  const definitions: AnnotationDefinition[] = Array.isArray(list) ? (list as AnnotationDefinition[]) : [{ builtIn: 1, enable: true }];
  const queries: Array<{ query: AnnotationQuery; color?: string; fromDashboard: boolean }> = [];
  for (const definition of definitions) {
    if (!definition || definition.enable === false || !isGrafanaSource(definition.datasource)) continue;
    const base = { from: range.from, to: range.to, tags: [] as string[], matchAny: false };
    const targetType = definition.target?.type ?? (definition.type === 'tags' ? 'tags' : 'dashboard');
    if (targetType === 'tags') {
      const tags = Array.isArray(definition.target?.tags) ? definition.target.tags.filter((t): t is string => typeof t === 'string') : [];
      // Grafana's tags query with no tags finds nothing; it never means "everything".
      if (tags.length === 0) continue;
      queries.push({
        query: { ...base, tags, matchAny: definition.target?.matchAny === true },
        color: definition.iconColor,
        fromDashboard: false,
      });
    } else {
      queries.push({ query: { ...base, dashboardUID: dashboardUid }, color: definition.iconColor, fromDashboard: true });
    }
  }
  return queries;
}

/** Every annotation the dashboard's annotation settings ask for in this range, each once. */
export function useDashboardAnnotations(model: Record<string, unknown>, dashboardUid: string, range: ResolvedTimeRange) {
  const definitions = useMemo(() => annotationQueriesOf(model, dashboardUid, range), [model, dashboardUid, range]);
  const results = useQueries({
    queries: definitions.map(({ query }) => ({
      ...annotationsQueryOptions(query),
      placeholderData: keepPreviousData,
    })),
  });
  // When any list was answered again; the lists themselves are read inside.
  const answeredAt = results.map((r) => r.dataUpdatedAt).join(',');
  const lists = results.map((r) => r.data);
  return useMemo(() => {
    const seen = new Set<number>();
    const annotations: DashboardAnnotation[] = [];
    lists.forEach((list, index) => {
      for (const item of list ?? []) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        annotations.push({
          id: item.id,
          time: item.time,
          timeEnd: item.timeEnd && item.timeEnd !== item.time ? item.timeEnd : undefined,
          text: item.text,
          tags: item.tags,
          author: item.login || undefined,
          color: definitions[index]?.color,
          panelId: item.panelId || undefined,
          fromDashboard: definitions[index]?.fromDashboard ?? false,
        });
      }
    });
    return annotations;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definitions, answeredAt]);
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
