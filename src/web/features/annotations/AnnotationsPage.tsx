import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { PickersBuiltWhenOpened } from '../../components/PickersBuiltWhenOpened';
import { ErrorState, LoadingRows } from '../../components/States';
import { plural } from '../../lib/format';
import { AnnotationDetails } from './AnnotationDetails';
import classes from './Annotations.module.css';
import { AnnotationFilters } from './AnnotationFilters';
import { AnnotationForm } from './AnnotationForm';
import { AnnotationTable } from './AnnotationTable';
import { FETCH_LIMIT, useAnnotations, useDashboardIndex, useDeleteAnnotations, useInvalidateAnnotations, usePanelTitles } from './api';
import { usePendingDeletes } from './pendingDeletes';
import { RangePicker } from './RangePicker';
import { Timeline } from './Timeline';
import { buildLanes } from './timelineModel';
import { deleteWithUndo } from './undoDelete';
import { useAnnotationDraft } from './useAnnotationDraft';
import { currentTime, REFRESH, useAnnotationsUrl } from './useAnnotationsUrl';

export function AnnotationsPage() {
  const url = useAnnotationsUrl();
  const { range, tags, matchAny, dashboardUID, panelId, text, laneMode, update } = url;
  const canEdit = useHasRole('Editor');

  const annotations = useAnnotations({ from: range.from, to: range.to, tags, matchAny, dashboardUID, panelId }, url.refresh.ms);
  const dashboards = useDashboardIndex();
  const titles = useMemo(() => new Map((dashboards.data ?? []).map((d) => [d.uid, d.title])), [dashboards.data]);
  const dashboardTitle = useCallback((uid: string) => titles.get(uid) ?? uid, [titles]);

  const pending = usePendingDeletes();
  const visible = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const matches = (a: { text: string; tags: string[]; login: string }) =>
      !needle ||
      a.text.toLowerCase().includes(needle) ||
      a.tags.some((t) => t.toLowerCase().includes(needle)) ||
      a.login.toLowerCase().includes(needle);
    return (annotations.data ?? []).filter((a) => !pending.has(a.id) && matches(a));
  }, [annotations.data, pending, text]);
  const panelTitle = usePanelTitles(visible);
  const lanes = useMemo(() => buildLanes(visible, laneMode, dashboardTitle), [visible, laneMode, dashboardTitle]);

  const [selectedId, setSelectedId] = useState<number>();
  const selected = visible.find((a) => a.id === selectedId);
  const draft = useAnnotationDraft({ onCreated: setSelectedId });
  const bulkDelete = useDeleteAnnotations();
  const invalidate = useInvalidateAnnotations();

  const confirmBulkDelete = () => {
    const ids = visible.map((a) => a.id);
    modals.openConfirmModal({
      title: `Delete ${plural(ids.length, 'annotation')}?`,
      children: <Text size="sm">Every annotation shown (this range and these filters) is deleted for good. This cannot be undone.</Text>,
      labels: { confirm: `Delete ${ids.length}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        bulkDelete.mutate(ids, {
          onSuccess: (count) =>
            notifications.show({ color: 'green', title: `Deleted ${plural(count, 'annotation')}`, message: 'The timeline is up to date.' }),
          onError: (e) => notifications.show({ color: 'red', title: 'Bulk delete stopped', message: errorMessage(e) }),
        }),
    });
  };

  const addNow = () => {
    const time = currentTime();
    draft.open({ text: '', tags: [], time, timeEnd: time, dashboardUID });
  };

  // The dashboard filter offers every dashboard (up to 5,000): its options are built when it opens.
  const filters = (
    <PickersBuiltWhenOpened>
      <AnnotationFilters tags={tags} matchAny={matchAny} dashboardUID={dashboardUID} panelId={panelId} text={text} update={update} />
    </PickersBuiltWhenOpened>
  );

  return (
    <Page
      title="Annotations"
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={addNow}>
            Add annotation
          </Button>
        )
      }
    >
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <RangePicker
              fromParam={url.fromParam}
              toParam={url.toParam}
              range={range}
              onQuickRange={url.setRelativeRange}
              onCustomRange={url.setRange}
            />
            <Select
              label="Auto refresh"
              data={REFRESH.map((r) => ({ value: r.value, label: r.label }))}
              value={url.refresh.value}
              onChange={(value) => update({ refresh: value && value !== 'off' ? value : undefined })}
              allowDeselect={false}
              w={110}
            />
            <SegmentedControl
              aria-label="Lanes"
              classNames={{ root: classes.wrapping }}
              data={[
                { value: 'dashboard', label: 'Lanes by dashboard' },
                { value: 'tag', label: 'Lanes by tag' },
              ]}
              value={laneMode}
              onChange={(value) => update({ lanes: value === 'tag' ? 'tag' : undefined })}
            />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {filters}
          </Group>
        </Stack>
      </Paper>

      {!range.valid && (
        <Alert color="orange" role="alert">
          The range in the address is not valid; showing the last 24 hours.
        </Alert>
      )}
      {annotations.data && annotations.data.length >= FETCH_LIMIT && (
        <Alert color="orange">
          Only the newest {FETCH_LIMIT.toLocaleString()} annotations of this range are shown: zoom in to see every one.
        </Alert>
      )}

      {annotations.isPending ? (
        <LoadingRows label="Loading annotations" rows={4} />
      ) : annotations.isError ? (
        <ErrorState error={annotations.error} onRetry={() => annotations.refetch()} title="Could not load annotations" />
      ) : (
        <div className={classes.timelineAndDetails}>
          <Paper withBorder p="xs" radius="sm" className={classes.timeline}>
            <Timeline
              lanes={lanes}
              range={range}
              selectedId={selectedId}
              canCreate={canEdit}
              dashboardTitle={dashboardTitle}
              panelTitle={panelTitle}
              onRangeChange={url.setRange}
              onSelect={(a) => setSelectedId(a.id)}
              onCreate={({ time, timeEnd }) => draft.open({ text: '', tags: tags.slice(), time, timeEnd, dashboardUID })}
            />
            <Text size="xs" c="dimmed" mt={4}>
              Scroll to zoom, drag to pan, drag on the time axis (the shaded strip) to pick a range, click a cluster to zoom in.
              {canEdit && ' Click empty space to add a point; shift-drag to add a region.'}
            </Text>
          </Paper>
          {selected && (
            <div className={classes.details}>
              <AnnotationDetails
                annotation={selected}
                dashboardTitle={dashboardTitle}
                panelTitle={panelTitle}
                canEdit={canEdit}
                onClose={() => setSelectedId(undefined)}
                onEdit={() =>
                  draft.open({ id: selected.id, text: selected.text, tags: selected.tags, time: selected.time, timeEnd: selected.timeEnd })
                }
                onDelete={() => {
                  setSelectedId(undefined);
                  deleteWithUndo(selected, { onSettled: () => void invalidate(), onUndone: () => setSelectedId(selected.id) });
                }}
              />
            </div>
          )}
        </div>
      )}

      {annotations.data && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {plural(visible.length, 'annotation')} shown
            </Text>
            {canEdit && visible.length > 0 && (
              <Button
                size="xs"
                color="red"
                variant="default"
                leftSection={<IconTrash size={14} />}
                onClick={confirmBulkDelete}
                loading={bulkDelete.isPending}
              >
                Delete {visible.length} shown
              </Button>
            )}
          </Group>
          {visible.length > 0 && (
            <AnnotationTable
              annotations={visible}
              selectedId={selectedId}
              onSelect={(a) => setSelectedId(a.id)}
              dashboardTitle={dashboardTitle}
              panelTitle={panelTitle}
            />
          )}
        </Stack>
      )}

      <AnnotationForm draft={draft.draft} onClose={draft.close} onSubmit={draft.submit} saving={draft.saving} error={draft.error} />
    </Page>
  );
}
