import { Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { useFolders, type DashboardModel, folderOptions } from './api';

const REFRESH = ['', '5s', '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '1d'];

type TimeRange = { from?: unknown; to?: unknown };

/** Title, description, tags, folder, time range and refresh: the fields people change most. */
export function SettingsForm({
  model,
  onChange,
  folderUid,
  onFolderChange,
  readOnly,
}: {
  model: DashboardModel;
  onChange: (next: DashboardModel) => void;
  folderUid: string;
  onFolderChange: (uid: string) => void;
  readOnly: boolean;
}) {
  const folders = useFolders();
  const time = (typeof model.time === 'object' && model.time !== null ? model.time : {}) as TimeRange;
  const set = (key: string, value: unknown) => onChange({ ...model, [key]: value });
  const title = typeof model.title === 'string' ? model.title : '';
  return (
    <Stack maw={720}>
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
      <Select
        label="Folder"
        data={folderOptions(folders.data)}
        value={folderUid}
        onChange={(value) => onFolderChange(value ?? '')}
        allowDeselect={false}
        searchable
        readOnly={readOnly}
        error={folders.error && errorMessage(folders.error)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Time range from"
          description="e.g. now-6h"
          value={typeof time.from === 'string' ? time.from : ''}
          onChange={(e) => set('time', { ...time, from: e.currentTarget.value })}
          readOnly={readOnly}
        />
        <TextInput
          label="Time range to"
          description="e.g. now"
          value={typeof time.to === 'string' ? time.to : ''}
          onChange={(e) => set('time', { ...time, to: e.currentTarget.value })}
          readOnly={readOnly}
        />
        <Select
          label="Auto refresh"
          description="How often panels reload"
          data={REFRESH.map((value) => ({ value, label: value || 'Off' }))}
          value={typeof model.refresh === 'string' ? model.refresh : ''}
          onChange={(value) => set('refresh', value ?? '')}
          allowDeselect={false}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </Stack>
  );
}
