import { Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormRefusal } from '../../components/FormRefusal';
import { useSaveDashboard } from './api';
import { FolderSelect } from './FolderSelect';
import { saveRefusals } from './saveRefusals';

/** A new, empty dashboard in Grafana's current model shape. */
export function emptyDashboard(title: string, tags: string[], description: string) {
  return {
    title,
    tags,
    description,
    panels: [],
    schemaVersion: 39,
    editable: true,
    time: { from: 'now-6h', to: 'now' },
    refresh: '',
    templating: { list: [] },
    annotations: { list: [] },
  };
}

/**
 * A new dashboard's form, wherever it is shown (the dashboards page's dialog, `/dashboard/new`):
 * title, folder, tags and description, saved at once and then opened. `footer` gets whether a
 * submit may start and whether one is under way.
 */
export function NewDashboardForm({
  initialFolderUid = '',
  autoFocus = false,
  footer,
}: {
  initialFolderUid?: string;
  autoFocus?: boolean;
  footer: (state: { canSubmit: boolean; pending: boolean }) => ReactNode;
}) {
  const [title, setTitle] = useState('');
  const [folderUid, setFolderUid] = useState(initialFolderUid);
  const [tags, setTags] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const save = useSaveDashboard();
  const navigate = useNavigate();
  const refusal = saveRefusals(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { dashboard: emptyDashboard(title.trim(), tags, description), folderUid, message: 'Created' },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: 'Dashboard created', message: title.trim() });
          navigate(saved.url);
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack maw={560}>
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={refusal.title}
          required
          data-autofocus={autoFocus || undefined}
        />
        <FolderSelect value={folderUid} onChange={(value) => setFolderUid(value ?? '')} error={refusal.folder} />
        <TagsInput label="Tags" description="Press Enter after each tag." value={tags} onChange={setTags} />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        {refusal.other && <FormRefusal>{refusal.other}</FormRefusal>}
        {footer({ canSubmit: title.trim() !== '', pending: save.isPending })}
      </Stack>
    </form>
  );
}
