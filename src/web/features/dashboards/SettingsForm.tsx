import { SegmentedControl, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import type { DashboardModel } from './api';
import { FolderSelect } from './FolderSelect';
import { TimeOptions } from './editor/settings/TimeOptions';

/**
 * Settings → General, as Grafana's: title, description, tags, folder, editable; the time options;
 * the graph tooltip shared between panels. Each field changes the dashboard through `onPatch`,
 * named so typing into one field is one undo step.
 */
export function SettingsForm({
  model,
  onPatch,
  folderUid,
  onFolderChange,
  readOnly,
}: {
  model: DashboardModel;
  onPatch: (patch: Partial<DashboardModel>, field: string) => void;
  folderUid: string;
  onFolderChange: (uid: string) => void;
  readOnly: boolean;
}) {
  const editableId = useId();
  const tooltipId = useId();
  const set = (key: string, value: unknown) => onPatch({ [key]: value }, key);
  const title = typeof model.title === 'string' ? model.title : '';
  return (
    <Stack maw={760} gap="md">
      <Title order={2} size="h3">
        General
      </Title>
      <TextInput
        label="Title"
        value={title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={!title.trim() ? 'A dashboard needs a title' : undefined}
        readOnly={readOnly}
        required
      />
      <Textarea
        label="Description"
        value={typeof model.description === 'string' ? model.description : ''}
        onChange={(e) => set('description', e.currentTarget.value)}
        autosize
        minRows={2}
        readOnly={readOnly}
      />
      <TagsInput
        label="Tags"
        value={Array.isArray(model.tags) ? (model.tags as string[]) : []}
        onChange={(tags) => set('tags', tags)}
        placeholder="Type a tag, press Enter"
        readOnly={readOnly}
      />
      <FolderSelect value={folderUid} onChange={(value) => onFolderChange(value ?? '')} readOnly={readOnly} />
      <div>
        <Text id={editableId} size="sm" fw={500} mb={4}>
          Editable
        </Text>
        <SegmentedControl
          aria-labelledby={editableId}
          data={[
            { value: 'true', label: 'Editable' },
            { value: 'false', label: 'Read-only' },
          ]}
          value={model.editable === false ? 'false' : 'true'}
          onChange={(value) => set('editable', value === 'true')}
          readOnly={readOnly}
        />
        <Text size="xs" c="dimmed" mt={4}>
          Read-only asks Grafana to offer no editing; people with Edit permission can still change it here.
        </Text>
      </div>

      <TimeOptions model={model} onPatch={onPatch} readOnly={readOnly} />

      <Stack gap={4}>
        <Title order={3} size="h4">
          Panel options
        </Title>
        <Text id={tooltipId} size="sm" fw={500}>
          Graph tooltip
        </Text>
        <SegmentedControl
          aria-labelledby={tooltipId}
          data={[
            { value: '0', label: 'Default' },
            { value: '1', label: 'Shared crosshair' },
            { value: '2', label: 'Shared tooltip' },
          ]}
          value={String(model.graphTooltip === 1 || model.graphTooltip === 2 ? model.graphTooltip : 0)}
          onChange={(value) => set('graphTooltip', Number(value))}
          readOnly={readOnly}
          w="fit-content"
        />
        <Text size="xs" c="dimmed">
          Whether hovering one graph shows a crosshair, or a crosshair and tooltip, on every graph of the dashboard.
        </Text>
      </Stack>
    </Stack>
  );
}
