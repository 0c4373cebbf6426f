import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLibrary, IconUnlink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { useCreateLibraryElement } from '../../../../api/libraryElements';
import { FormRefusal } from '../../../../components/FormRefusal';
import type { Panel } from '../../../../panels/layout';
import { unlinkLibraryPanel } from '../../runtime/libraryPanels';

function NewLibraryPanelModal({
  panel,
  folderUid,
  onClose,
  onCreated,
}: {
  panel: Panel;
  folderUid: string;
  onClose(): void;
  onCreated(panel: Panel): void;
}) {
  const [name, setName] = useState(typeof panel.title === 'string' ? panel.title : '');
  const create = useCreateLibraryElement();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { gridPos: _gridPos, id: _id, libraryPanel: _ref, ...model } = panel;
    create.mutate(
      { name: name.trim(), folderUid, model },
      {
        onSuccess: ({ result }) => {
          notifications.show({ color: 'green', title: 'Library panel created', message: result.name });
          onCreated({ ...panel, libraryPanel: { uid: result.uid, name: result.name } });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="New library panel">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The panel is kept in the library, in this dashboard’s folder, and this panel becomes a use of it.</Text>
          <TextInput label="Library panel name" value={name} onChange={(e) => setName(e.currentTarget.value)} required data-autofocus />
          {create.isError && <FormRefusal title="The library panel was not created">{errorMessage(create.error)}</FormRefusal>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create library panel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Grafana's library panel actions in the panel editor: a library panel can be unlinked (the
 * dashboard keeps a copy of its model without the reference); any other panel can become one.
 */
export function LibraryPanelActions({ panel, folderUid, onChange }: { panel: Panel; folderUid: string; onChange(panel: Panel): void }) {
  const [creating, setCreating] = useState(false);
  const ref = (panel as { libraryPanel?: { uid?: unknown; name?: unknown } }).libraryPanel;
  if (ref && typeof ref.uid === 'string') {
    const name = typeof ref.name === 'string' && ref.name ? ref.name : ref.uid;
    return (
      <Alert color="blue" title={`Library panel: ${name}`} icon={<IconLibrary size={18} aria-hidden />}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" maw={640}>
            The dashboard draws the library’s model of this panel each time it opens, so changes made here last until then. Unlink it to
            keep them in this dashboard.
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUnlink size={16} aria-hidden />}
            onClick={() => onChange(unlinkLibraryPanel(panel))}
          >
            Unlink library panel
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconLibrary size={16} aria-hidden />} onClick={() => setCreating(true)}>
        New library panel
      </Button>
      {creating && <NewLibraryPanelModal panel={panel} folderUid={folderUid} onClose={() => setCreating(false)} onCreated={onChange} />}
    </>
  );
}
