import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconDeviceFloppy, IconLibrary, IconUnlink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { libraryElementQueryOptions, useCreateLibraryElement } from '../../../../api/libraryElements';
import { FormRefusal } from '../../../../components/FormRefusal';
import type { Panel } from '../../../../panels/layout';
import { libraryPanelChanged, mergeLibraryPanel, unlinkLibraryPanel } from '../../runtime/libraryPanels';
import { SaveLibraryPanelModal } from './SaveLibraryPanelModal';

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

function LibraryPanelInfo({
  panel,
  uid,
  name,
  canSave,
  onChange,
  onSaved,
}: {
  panel: Panel;
  uid: string;
  name: string;
  canSave: boolean;
  onChange(panel: Panel): void;
  onSaved?(): void;
}) {
  const [saving, setSaving] = useState(false);
  const element = useQuery(libraryElementQueryOptions(uid));
  const ready = element.data ?? undefined;
  const changed = ready !== undefined && libraryPanelChanged(panel, ready.model);
  return (
    <Alert color="blue" title={`Library panel: ${name}`} icon={<IconLibrary size={18} aria-hidden />}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" maw={640}>
          {changed
            ? 'This panel differs from the library panel. Save the library panel to update every dashboard that uses it; the dashboard itself keeps only the reference.'
            : 'Changes made here are saved to the library panel, for every dashboard that uses it. Unlink it to keep them in this dashboard only.'}
        </Text>
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUnlink size={16} aria-hidden />}
            onClick={() => onChange(unlinkLibraryPanel(panel))}
          >
            Unlink library panel
          </Button>
          {canSave && (
            <Button size="xs" leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={!changed} onClick={() => setSaving(true)}>
              Save library panel
            </Button>
          )}
        </Group>
      </Group>
      {element.isError && <FormRefusal title="The library panel could not be loaded">{errorMessage(element.error)}</FormRefusal>}
      {saving && ready && (
        <SaveLibraryPanelModal
          panel={panel}
          element={ready}
          onClose={() => setSaving(false)}
          onSaved={(saved) => {
            setSaving(false);
            onChange(mergeLibraryPanel(panel, saved.name, saved.model));
            onSaved?.();
          }}
        />
      )}
    </Alert>
  );
}

/**
 * Grafana's library panel actions in the panel editor: a library panel can be unlinked (the
 * dashboard keeps a copy of its model without the reference) or, once changed, saved to its
 * element for every dashboard using it; any other panel can become one.
 */
export function LibraryPanelActions({
  panel,
  folderUid,
  canSave = true,
  onChange,
  onSaved,
}: {
  panel: Panel;
  folderUid: string;
  /** Whether "Save library panel" is offered (the caller may save). */
  canSave?: boolean;
  onChange(panel: Panel): void;
  /** After "Update all" saved the element (Grafana then leaves the panel editor). */
  onSaved?(): void;
}) {
  const [creating, setCreating] = useState(false);
  const ref = (panel as { libraryPanel?: { uid?: unknown; name?: unknown } }).libraryPanel;
  if (ref && typeof ref.uid === 'string') {
    const name = typeof ref.name === 'string' && ref.name ? ref.name : ref.uid;
    return <LibraryPanelInfo panel={panel} uid={ref.uid} name={name} canSave={canSave} onChange={onChange} onSaved={onSaved} />;
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
