import { Modal, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { FormFooter } from '../../components/FormFooter';
import { useSaveDashboard } from './api';
import { FolderSelect } from './FolderSelect';

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

export function NewDashboardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [folderUid, setFolderUid] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const save = useSaveDashboard();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { dashboard: emptyDashboard(title.trim(), tags, description), folderUid, message: 'Created' },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: 'Dashboard created', message: title.trim() });
          setTitle('');
          setTags([]);
          setDescription('');
          save.reset();
          onClose();
          navigate(saved.url);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New dashboard">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={save.error && errorMessage(save.error)}
            required
            data-autofocus
          />
          <FolderSelect enabled={opened} value={folderUid} onChange={(value) => setFolderUid(value ?? '')} />
          <TagsInput label="Tags" value={tags} onChange={setTags} placeholder="Type a tag, press Enter" />
          <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
          <FormFooter submitLabel="Create dashboard" onCancel={onClose} pending={save.isPending} disabled={!title.trim()} />
        </Stack>
      </form>
    </Modal>
  );
}
