import { Alert, Modal, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { useHasRole } from '../../app/useSession';
import { FormFooter } from '../../components/FormFooter';
import { useAnnotationTags, useDashboardIndex, useDashboardPanels } from './api';
import { fromLocalInput, toLocalInput } from './time';

export interface AnnotationDraft {
  id?: number;
  text: string;
  tags: string[];
  time: number;
  timeEnd: number;
  dashboardUID?: string;
  panelId?: number;
}

/**
 * Create or edit one annotation: text, tags (suggested from those in use), times, and for a new
 * one the dashboard and panel it belongs to.
 */
export function AnnotationForm({
  draft,
  onClose,
  onSubmit,
  saving,
  error,
}: {
  draft: AnnotationDraft | null;
  onClose: () => void;
  onSubmit: (draft: AnnotationDraft) => void;
  saving: boolean;
  error: unknown;
}) {
  return (
    <Modal opened={draft !== null} onClose={onClose} title={draft?.id ? 'Edit annotation' : 'New annotation'} size="lg">
      {draft && (
        <FormBody
          key={draft.id ?? `${draft.time}-${draft.timeEnd}`}
          initial={draft}
          onClose={onClose}
          onSubmit={onSubmit}
          saving={saving}
          error={error}
        />
      )}
    </Modal>
  );
}

function FormBody({
  initial,
  onClose,
  onSubmit,
  saving,
  error,
}: {
  initial: AnnotationDraft;
  onClose: () => void;
  onSubmit: (draft: AnnotationDraft) => void;
  saving: boolean;
  error: unknown;
}) {
  const [text, setText] = useState(initial.text);
  const [tags, setTags] = useState(initial.tags);
  const [start, setStart] = useState(toLocalInput(initial.time));
  const [end, setEnd] = useState(toLocalInput(initial.timeEnd));
  const [dashboardUID, setDashboardUID] = useState(initial.dashboardUID ?? '');
  const [panelId, setPanelId] = useState(initial.panelId ? String(initial.panelId) : '');
  const isNew = initial.id === undefined;
  const isEditor = useHasRole('Editor');
  const dashboards = useDashboardIndex();
  const panels = useDashboardPanels(isNew && dashboardUID ? dashboardUID : undefined);
  const tagSuggestions = useAnnotationTags();

  const time = fromLocalInput(start);
  const timeEnd = fromLocalInput(end) ?? time;
  const timeError = time === undefined ? 'Enter a start time' : undefined;
  const endError = time !== undefined && timeEnd !== undefined && timeEnd < time ? 'The end must not be before the start' : undefined;
  const textError = text.trim() ? undefined : 'Write what happened';
  const dashboardError =
    isNew && !dashboardUID && !isEditor ? 'Choose a dashboard: organization annotations need the Editor role' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (timeError || endError || textError || dashboardError || time === undefined) return;
    onSubmit({
      id: initial.id,
      text: text.trim(),
      tags,
      time,
      timeEnd: timeEnd ?? time,
      dashboardUID: dashboardUID || undefined,
      panelId: panelId ? Number(panelId) : undefined,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label="Text"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={textError && text !== initial.text ? textError : undefined}
          required
          autosize
          minRows={2}
          data-autofocus
        />
        <TagsInput
          label="Tags"
          value={tags}
          onChange={setTags}
          data={(tagSuggestions.data ?? []).map((t) => t.tag)}
          placeholder="Type a tag, press Enter"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            step={1}
            label="Start"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={timeError}
            required
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="End"
            description="Same as the start for a point in time"
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={endError}
          />
        </SimpleGrid>
        {isNew && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Dashboard"
              placeholder="None (organization)"
              data={(dashboards.data ?? []).map((d) => ({
                value: d.uid,
                label: d.folderTitle ? `${d.title} (${d.folderTitle})` : d.title,
              }))}
              value={dashboardUID || null}
              onChange={(value) => {
                setDashboardUID(value ?? '');
                setPanelId('');
              }}
              searchable
              clearable
              error={dashboardError}
            />
            <Select
              label="Panel"
              placeholder={dashboardUID ? 'Whole dashboard' : 'Choose a dashboard first'}
              data={(panels.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
              value={panelId || null}
              onChange={(value) => setPanelId(value ?? '')}
              disabled={!dashboardUID}
              clearable
              searchable
            />
          </SimpleGrid>
        )}
        {error != null && (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <FormFooter submitLabel={isNew ? 'Add annotation' : 'Save changes'} onCancel={onClose} pending={saving} />
      </Stack>
    </form>
  );
}
