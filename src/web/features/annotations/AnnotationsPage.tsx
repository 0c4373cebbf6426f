import { Alert, Button, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Annotation } from '../../../contract/annotations';
import { errorMessage } from '../../api/client';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { ErrorState, LoadingRows } from '../../components/States';
import { AnnotationDetails } from './AnnotationDetails';
import { AnnotationForm, type AnnotationDraft } from './AnnotationForm';
import { AnnotationTable } from './AnnotationTable';
import {
  FETCH_LIMIT,
  useAnnotations,
  useAnnotationTags,
  useCreateAnnotation,
  useDashboardIndex,
  useDashboardPanels,
  useDeleteAnnotations,
  useInvalidateAnnotations,
  useUpdateAnnotation,
} from './api';
import { cancelDelete, scheduleDelete, UNDO_MS, usePendingDeletes } from './pendingDeletes';
import { fromLocalInput, QUICK_RANGES, resolveRange, toLocalInput, type TimeRange } from './time';
import { Timeline } from './Timeline';
import { buildLanes, type LaneMode } from './timelineModel';

/** The clock, read in event handlers and timers only. */
const currentTime = () => Date.now();

const REFRESH = [
  { value: 'off', label: 'Off', ms: false as const },
  { value: '10s', label: '10 s', ms: 10_000 },
  { value: '30s', label: '30 s', ms: 30_000 },
  { value: '1m', label: '1 min', ms: 60_000 },
];

export function AnnotationsPage() {
  const [params, setParams] = useSearchParams();
  const canEdit = useHasRole('Editor');
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const tags = params.getAll('tags');
  const matchAny = params.get('match') === 'any';
  const dashboardUID = params.get('dashboardUID') ?? undefined;
  const panelParam = params.get('panelId');
  const panelId = panelParam && /^\d+$/.test(panelParam) ? Number(panelParam) : undefined;
  const text = params.get('q') ?? '';
  const laneMode: LaneMode = params.get('lanes') === 'tag' ? 'tag' : 'dashboard';
  const refresh = REFRESH.find((r) => r.value === params.get('refresh')) ?? REFRESH[0]!;

  // "now" moves when a range is chosen and on each refresh of a relative range (now-6h …).
  const [now, setNow] = useState(() => Date.now());
  const relative = !fromParam || fromParam.startsWith('now') || !toParam || toParam.startsWith('now');
  useEffect(() => {
    if (!refresh.ms || !relative) return;
    const timer = setInterval(() => setNow(currentTime()), refresh.ms);
    return () => clearInterval(timer);
  }, [refresh.ms, relative]);
  const range = resolveRange(fromParam, toParam, now);

  const update = useCallback(
    /** Ranges and filters go into the history (Back undoes a zoom); typing replaces its entry. */
    (changes: Record<string, string | string[] | undefined>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            next.delete(key);
            for (const v of [value ?? []].flat()) if (v !== '') next.append(key, v);
          }
          return next;
        },
        // Synchronously: a text box driven by the URL loses keystrokes if the URL lags behind in a transition.
        { replace, flushSync: true },
      );
    },
    [setParams],
  );
  const setRange = useCallback((next: TimeRange) => update({ from: String(Math.round(next.from)), to: String(Math.round(next.to)) }), [update]);

  const annotations = useAnnotations({ from: range.from, to: range.to, tags, matchAny, dashboardUID, panelId }, refresh.ms);
  const tagOptions = useAnnotationTags();
  const dashboards = useDashboardIndex();
  const panels = useDashboardPanels(dashboardUID);
  const titles = useMemo(() => new Map((dashboards.data ?? []).map((d) => [d.uid, d.title])), [dashboards.data]);
  const dashboardTitle = useCallback((uid: string) => titles.get(uid) ?? uid, [titles]);

  const pending = usePendingDeletes();
  const visible = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (annotations.data ?? []).filter(
      (a) => !pending.has(a.id) && (!needle || a.text.toLowerCase().includes(needle) || a.tags.some((t) => t.toLowerCase().includes(needle)) || a.login.toLowerCase().includes(needle)),
    );
  }, [annotations.data, pending, text]);
  const lanes = useMemo(() => buildLanes(visible, laneMode, dashboardTitle), [visible, laneMode, dashboardTitle]);

  const [selectedId, setSelectedId] = useState<number>();
  const selected = visible.find((a) => a.id === selectedId);
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const create = useCreateAnnotation();
  const updateAnnotation = useUpdateAnnotation();
  const bulkDelete = useDeleteAnnotations();
  const invalidate = useInvalidateAnnotations();
  const saving = create.isPending || updateAnnotation.isPending;

  const openDraft = (next: AnnotationDraft) => {
    create.reset();
    updateAnnotation.reset();
    setDraft(next);
  };
  const submitDraft = (value: AnnotationDraft) => {
    if (value.id !== undefined) {
      updateAnnotation.mutate(
        { id: value.id, patch: { text: value.text, tags: value.tags, time: value.time, timeEnd: value.timeEnd } },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', title: 'Annotation updated', message: value.text.slice(0, 80) });
            setDraft(null);
          },
        },
      );
    } else {
      create.mutate(
        { text: value.text, tags: value.tags, time: value.time, timeEnd: value.timeEnd, dashboardUID: value.dashboardUID, panelId: value.panelId },
        {
          onSuccess: (result) => {
            notifications.show({ color: 'green', title: 'Annotation added', message: value.text.slice(0, 80) });
            setDraft(null);
            setSelectedId(result.id);
          },
        },
      );
    }
  };

  const deleteWithUndo = (annotation: Annotation) => {
    const notificationId = `delete-${annotation.id}`;
    setSelectedId(undefined);
    scheduleDelete(annotation.id, (error) => {
      if (error) notifications.show({ color: 'red', title: 'Could not delete the annotation', message: errorMessage(error) });
      void invalidate();
    });
    notifications.show({
      id: notificationId,
      title: 'Annotation deleted',
      autoClose: UNDO_MS,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" lineClamp={1}>
            {annotation.text}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              if (cancelDelete(annotation.id)) {
                notifications.hide(notificationId);
                notifications.show({ color: 'green', title: 'Delete undone', message: annotation.text.slice(0, 80) });
                setSelectedId(annotation.id);
              }
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };

  const confirmBulkDelete = () => {
    const ids = visible.map((a) => a.id);
    modals.openConfirmModal({
      title: `Delete ${ids.length} annotation${ids.length === 1 ? '' : 's'}?`,
      children: <Text size="sm">Every annotation shown (this range and these filters) is deleted for good. This cannot be undone.</Text>,
      labels: { confirm: `Delete ${ids.length}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        bulkDelete.mutate(ids, {
          onSuccess: (count) => notifications.show({ color: 'green', title: `Deleted ${count} annotation${count === 1 ? '' : 's'}`, message: 'The timeline is up to date.' }),
          onError: (e) => notifications.show({ color: 'red', title: 'Bulk delete stopped', message: errorMessage(e) }),
        }),
    });
  };

  const [customOpen, setCustomOpen] = useState(false);
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const quick = QUICK_RANGES.find((q) => q.from === (fromParam ?? 'now-24h') && (toParam ?? 'now') === 'now');
  const customFromMs = fromLocalInput(customFrom);
  const customToMs = fromLocalInput(customTo);
  const customError = customFromMs !== undefined && customToMs !== undefined && customToMs <= customFromMs ? 'The end must be after the start' : undefined;

  return (
    <Page
      title="Annotations"
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => {
            const time = currentTime();
            openDraft({ text: '', tags: [], time, timeEnd: time, dashboardUID });
          }}>
            Add annotation
          </Button>
        )
      }
    >
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Time range"
              data={[...QUICK_RANGES.map((q) => ({ value: q.from, label: q.label })), { value: 'custom', label: 'Custom' }]}
              value={customOpen || !quick ? 'custom' : quick.from}
              onChange={(value) => {
                if (value === 'custom') {
                  setCustomFrom(toLocalInput(range.from));
                  setCustomTo(toLocalInput(range.to));
                  setCustomOpen(true);
                  return;
                }
                setCustomOpen(false);
                setNow(currentTime());
                update({ from: value, to: 'now' });
              }}
            />
            <Select
              label="Auto refresh"
              data={REFRESH.map((r) => ({ value: r.value, label: r.label }))}
              value={refresh.value}
              onChange={(value) => update({ refresh: value && value !== 'off' ? value : undefined })}
              allowDeselect={false}
              w={110}
            />
            <SegmentedControl
              aria-label="Lanes"
              data={[
                { value: 'dashboard', label: 'Lanes by dashboard' },
                { value: 'tag', label: 'Lanes by tag' },
              ]}
              value={laneMode}
              onChange={(value) => update({ lanes: value === 'tag' ? 'tag' : undefined })}
            />
          </Group>
          {customOpen && (
            <Group gap="sm" align="flex-end">
              <TextInput type="datetime-local" step={1} label="From" value={customFrom} onChange={(e) => setCustomFrom(e.currentTarget.value)} />
              <TextInput type="datetime-local" step={1} label="To" value={customTo} onChange={(e) => setCustomTo(e.currentTarget.value)} error={customError} />
              <Button
                variant="default"
                disabled={customFromMs === undefined || customToMs === undefined || Boolean(customError)}
                onClick={() => {
                  setCustomOpen(false);
                  setRange({ from: customFromMs!, to: customToMs! });
                }}
              >
                Apply range
              </Button>
            </Group>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <MultiSelect
              label="Tags"
              placeholder={tags.length ? undefined : 'Any tag'}
              data={[...new Set([...(tagOptions.data ?? []).map((t) => t.tag), ...tags])]}
              value={tags}
              onChange={(next) => update({ tags: next })}
              searchable
              clearable
              w={240}
            />
            <SegmentedControl
              aria-label="Tags must"
              data={[
                { value: 'all', label: 'Match all' },
                { value: 'any', label: 'Match any' },
              ]}
              value={matchAny ? 'any' : 'all'}
              onChange={(value) => update({ match: value === 'any' ? 'any' : undefined })}
            />
            <Select
              label="Dashboard"
              placeholder="All dashboards"
              data={(dashboards.data ?? []).map((d) => ({ value: d.uid, label: d.title }))}
              value={dashboardUID ?? null}
              onChange={(value) => update({ dashboardUID: value ?? undefined, panelId: undefined })}
              searchable
              clearable
              w={220}
            />
            <Select
              label="Panel"
              placeholder={dashboardUID ? 'All panels' : 'Choose a dashboard'}
              data={(panels.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
              value={panelId !== undefined ? String(panelId) : null}
              onChange={(value) => update({ panelId: value ?? undefined })}
              disabled={!dashboardUID}
              clearable
              w={180}
            />
            <TextInput label="Filter text" placeholder="Words in text, tags or author" leftSection={<IconSearch size={16} aria-hidden />} value={text} onChange={(e) => update({ q: e.currentTarget.value || undefined }, true)} w={240} />
          </Group>
        </Stack>
      </Paper>

      {!range.valid && (
        <Alert color="orange" role="alert">
          The range in the address is not valid; showing the last 24 hours.
        </Alert>
      )}
      {annotations.data && annotations.data.length >= FETCH_LIMIT && (
        <Alert color="orange">Only the newest {FETCH_LIMIT.toLocaleString()} annotations of this range are shown: zoom in to see every one.</Alert>
      )}

      {annotations.isPending ? (
        <LoadingRows label="Loading annotations" rows={4} />
      ) : annotations.isError ? (
        <ErrorState error={annotations.error} onRetry={() => annotations.refetch()} title="Could not load annotations" />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: selected ? 'minmax(0, 1fr) minmax(240px, 300px)' : 'minmax(0, 1fr)', gap: 'var(--mantine-spacing-md)', alignItems: 'start' }}>
          <div>
            <Paper withBorder p="xs" radius="sm">
              <Timeline
                lanes={lanes}
                range={range}
                selectedId={selectedId}
                canCreate={canEdit}
                dashboardTitle={dashboardTitle}
                onRangeChange={setRange}
                onSelect={(a) => setSelectedId(a.id)}
                onCreate={({ time, timeEnd }) => openDraft({ text: '', tags: tags.slice(), time, timeEnd, dashboardUID })}
              />
              <Text size="xs" c="dimmed" mt={4}>
                Scroll to zoom, drag to pan, drag on the time axis to pick a range, click a cluster to zoom in.
                {canEdit && ' Click empty space to add a point; shift-drag to add a region.'}
              </Text>
            </Paper>
          </div>
          {selected ? (
            <div>
              <AnnotationDetails
                annotation={selected}
                dashboardTitle={dashboardTitle}
                canEdit={canEdit}
                onClose={() => setSelectedId(undefined)}
                onEdit={() => openDraft({ id: selected.id, text: selected.text, tags: selected.tags, time: selected.time, timeEnd: selected.timeEnd })}
                onDelete={() => deleteWithUndo(selected)}
              />
            </div>
          ) : null}
        </div>
      )}

      {annotations.data && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {visible.length} annotation{visible.length === 1 ? '' : 's'} shown
            </Text>
            {canEdit && visible.length > 0 && (
              <Button size="xs" color="red" variant="default" leftSection={<IconTrash size={14} />} onClick={confirmBulkDelete} loading={bulkDelete.isPending}>
                Delete {visible.length} shown
              </Button>
            )}
          </Group>
          {visible.length > 0 && <AnnotationTable annotations={visible} selectedId={selectedId} onSelect={(a) => setSelectedId(a.id)} dashboardTitle={dashboardTitle} />}
        </Stack>
      )}

      <AnnotationForm draft={draft} onClose={() => setDraft(null)} onSubmit={submitDraft} saving={saving} error={create.error ?? updateAnnotation.error} />
    </Page>
  );
}
