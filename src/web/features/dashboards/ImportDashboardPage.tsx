import { Alert, Button, FileButton, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { uidSchema } from '../../../contract/dashboards';
import { ApiError, errorMessage } from '../../api/client';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { useFolders, useSaveDashboard, folderOptions } from './api';
import { parseModel } from './jsonErrors';

/**
 * Imports a dashboard from pasted or uploaded JSON. A Grafana export works as it is: its `id` is
 * dropped (the server assigns one), its uid kept unless changed here.
 */
export function ImportDashboardPage() {
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [uid, setUid] = useState('');
  const [folderUid, setFolderUid] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const folders = useFolders();
  const save = useSaveDashboard();
  const navigate = useNavigate();

  const parsed = useMemo(() => (text.trim() ? parseModel(text) : undefined), [text]);
  const uidCheck = uidSchema.safeParse(uid);
  const uidError = uid && !uidCheck.success ? `uid ${uidCheck.error.issues[0]?.message}` : undefined;
  const saveError = save.error && errorMessage(save.error);
  const uidTaken = save.error instanceof ApiError && save.error.status === 412;

  const load = (model: Record<string, unknown>) => {
    setTitle(typeof model.title === 'string' ? model.title : '');
    setUid(typeof model.uid === 'string' ? model.uid : '');
  };
  const onText = (next: string) => {
    setText(next);
    save.reset();
    const result = next.trim() ? parseModel(next) : undefined;
    if (result?.ok) load(result.value);
  };
  const onFile = async (file: File | null) => {
    setFileError(undefined);
    if (!file) return;
    if (file.size > 16 * 1024 * 1024) return setFileError(`${file.name} is over 16 MB`);
    onText(await file.text());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.ok || uidError) return;
    const { id: _id, ...model } = parsed.value;
    const dashboard = { ...model, title: title.trim() || model.title, uid: uid || undefined };
    if (!uid) delete dashboard.uid;
    save.mutate(
      { dashboard, folderUid, overwrite, message: 'Imported' },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: 'Dashboard imported', message: String(dashboard.title) });
          navigate(saved.url);
        },
      },
    );
  };

  return (
    <Page title="Import dashboard">
      <RoleGuard role="Editor" what="Importing dashboards">
        <form onSubmit={submit}>
          <Stack maw={760}>
            <Group>
              <FileButton onChange={onFile} accept="application/json,.json">
                {(props) => (
                  <Button variant="default" leftSection={<IconFileUpload size={18} />} {...props}>
                    Upload a JSON file
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed">
                or paste the JSON below
              </Text>
            </Group>
            {fileError && (
              <Alert color="red" role="alert">
                {fileError}
              </Alert>
            )}
            <Textarea
              label="Dashboard JSON"
              description="A Grafana export (Share → Export → Save to file) or any dashboard JSON model."
              value={text}
              onChange={(e) => onText(e.currentTarget.value)}
              autosize
              minRows={8}
              maxRows={20}
              styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 12 } }}
              error={parsed && !parsed.ok ? parsed.error : undefined}
            />
            {parsed?.ok && (
              <>
                <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={!title.trim() ? 'A dashboard needs a title' : undefined} />
                <TextInput
                  label="uid"
                  description="Keep the export's uid so links keep working, or clear it to get a new one."
                  value={uid}
                  onChange={(e) => setUid(e.currentTarget.value.trim())}
                  error={uidError ?? (uidTaken ? saveError : undefined)}
                />
                <Select
                  label="Folder"
                  data={folderOptions(folders.data)}
                  value={folderUid}
                  onChange={(value) => setFolderUid(value ?? '')}
                  allowDeselect={false}
                  searchable
                />
                <Switch label="Replace a dashboard that has the same uid" checked={overwrite} onChange={(e) => setOverwrite(e.currentTarget.checked)} />
                {saveError && !uidTaken && (
                  <Alert color="red" role="alert">
                    {saveError}
                  </Alert>
                )}
                {uidTaken && (
                  <Alert color="orange" role="alert">
                    A dashboard with the uid “{uid}” already exists. Turn on “Replace a dashboard that has the same uid”, or change or clear the uid.
                  </Alert>
                )}
              </>
            )}
            <Group>
              <Button type="submit" disabled={!parsed?.ok || Boolean(uidError) || !title.trim()} loading={save.isPending}>
                Import
              </Button>
            </Group>
          </Stack>
        </form>
      </RoleGuard>
    </Page>
  );
}
