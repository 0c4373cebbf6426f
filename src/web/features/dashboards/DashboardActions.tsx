import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { FormFooter } from '../../components/FormFooter';
import { plural } from '../../lib/format';
import { useCreateFolder, useFolders, useMoveDashboards } from './api';
import { FolderSelect } from './FolderSelect';

export function NewFolderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const create = useCreateFolder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(title.trim(), {
      onSuccess: (folder) => {
        notifications.show({ color: 'green', title: 'Folder created', message: folder.title });
        setTitle('');
        create.reset();
        onClose();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New folder">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Folder name"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={create.error && errorMessage(create.error)}
            required
            data-autofocus
          />
          <FormFooter submitLabel="Create folder" onCancel={onClose} pending={create.isPending} disabled={!title.trim()} />
        </Stack>
      </form>
    </Modal>
  );
}

export function MoveModal({ uids, onClose }: { uids: string[]; onClose: (moved: boolean) => void }) {
  const folders = useFolders(uids.length > 0);
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveDashboards();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === null) return;
    move.mutate(
      { uids, folderUid: target },
      {
        onSuccess: (count) => {
          const name = target === '' ? 'General' : folders.data?.find((f) => f.uid === target)?.title;
          notifications.show({ color: 'green', title: `Moved ${plural(count, 'dashboard')}`, message: `to ${name}` });
          move.reset();
          onClose(true);
        },
      },
    );
  };
  return (
    <Modal opened={uids.length > 0} onClose={() => onClose(false)} title={`Move ${plural(uids.length, 'dashboard')}`}>
      <form onSubmit={submit}>
        <Stack>
          <FolderSelect
            label="Move to folder"
            enabled={uids.length > 0}
            value={target}
            onChange={setTarget}
            error={move.error && errorMessage(move.error)}
            data-autofocus
          />
          <FormFooter submitLabel="Move" onCancel={() => onClose(false)} pending={move.isPending} disabled={target === null} />
        </Stack>
      </form>
    </Modal>
  );
}

/** What is selected and what can be done with it. */
export function BulkBar({
  count,
  deleting,
  onMove,
  onDelete,
  onClear,
}: {
  count: number;
  deleting: boolean;
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {count} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onMove}>
            Move…
          </Button>
          <Button size="xs" color="red" onClick={onDelete} loading={deleting}>
            Delete
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function confirmDeleteDashboards(count: number, onConfirm: () => void) {
  modals.openConfirmModal({
    title: `Delete ${plural(count, 'dashboard')}?`,
    children: <Text size="sm">Their version history and annotations are deleted with them. This cannot be undone.</Text>,
    labels: { confirm: `Delete ${count}`, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
