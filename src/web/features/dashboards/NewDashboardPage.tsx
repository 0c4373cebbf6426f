import { Button, Group, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { FormRefusal } from '../../components/FormRefusal';
import { Page } from '../../components/Page';
import { useSaveDashboard } from './api';
import { FolderSelect } from './FolderSelect';
import { emptyDashboard } from './NewDashboardModal';
import { saveRefusals } from './saveRefusals';

/**
 * `/dashboard/new`, Grafana's address for a new dashboard: `?folderUid=` picks the folder it is
 * saved in (a folder page's "New dashboard" links here). Saved at once, then opened.
 */
export function NewDashboardPage() {
  const [params] = useSearchParams();
  const [title, setTitle] = useState('');
  const [folderUid, setFolderUid] = useState(params.get('folderUid') ?? '');
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
    <Page title="New dashboard">
      <form onSubmit={submit}>
        <Stack maw={560}>
          <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={refusal.title} required />
          <FolderSelect value={folderUid} onChange={(value) => setFolderUid(value ?? '')} error={refusal.folder} />
          <TagsInput label="Tags" description="Press Enter after each tag." value={tags} onChange={setTags} />
          <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
          {refusal.other && <FormRefusal>{refusal.other}</FormRefusal>}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!title.trim()}>
              Create dashboard
            </Button>
            <Button variant="default" component={Link} to={folderUid ? paths.folder(folderUid) : paths.dashboards()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
