import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { LibraryElement } from '../../../../../contract/libraryElements';
import { errorMessage } from '../../../../api/errors';
import { useConnectedDashboards, useUpdateLibraryElement } from '../../../../api/libraryElements';
import { FormRefusal } from '../../../../components/FormRefusal';
import type { Panel } from '../../../../panels/layout';
import { libraryPanelModel } from '../../runtime/libraryPanels';

function dashboards(count: number): string {
  return count === 1 ? '1 dashboard' : `${count} dashboards`;
}

/**
 * Grafana's "Save library panel" dialog (SaveLibraryPanelModal): how many dashboards the update
 * affects and which, searchable; "Update all" writes the panel to the element with the version
 * the dashboard loaded, and a refusal (a newer version, 412) shows here in the server's words.
 */
export function SaveLibraryPanelModal({
  panel,
  element,
  onClose,
  onSaved,
}: {
  panel: Panel;
  element: LibraryElement;
  onClose(): void;
  onSaved(element: LibraryElement): void;
}) {
  const [search, setSearch] = useState('');
  const connected = useConnectedDashboards(element.uid);
  const update = useUpdateLibraryElement();
  const names = (connected.data ?? []).filter((name) => name.toLowerCase().includes(search.trim().toLowerCase()));
  const save = () =>
    update.mutate(
      { uid: element.uid, name: element.name, folderUid: element.folderUid, model: libraryPanelModel(panel), version: element.version },
      {
        onSuccess: ({ result }) => {
          notifications.show({
            color: 'green',
            title: 'Library panel saved',
            message: `${result.name}: ${dashboards(result.meta.connectedDashboards)} updated`,
          });
          onSaved(result);
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Save library panel">
      <Stack>
        <Text size="sm">
          This update will affect <strong>{dashboards(element.meta.connectedDashboards)}</strong> using the library panel “{element.name}”.
          The following dashboards using the panel will be affected:
        </Text>
        <TextInput label="Search affected dashboards" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        {connected.isPending ? (
          <Text size="sm">Loading connected dashboards…</Text>
        ) : connected.isError ? (
          <FormRefusal title="The dashboards using it could not be listed">{errorMessage(connected.error)}</FormRefusal>
        ) : names.length === 0 ? (
          <Text size="sm" c="dimmed">
            No dashboard matches.
          </Text>
        ) : (
          <List size="sm" aria-label="Affected dashboards">
            {names.map((name, i) => (
              <List.Item key={`${name}-${i}`}>{name}</List.Item>
            ))}
          </List>
        )}
        {update.isError && <FormRefusal title="The library panel was not saved">{errorMessage(update.error)}</FormRefusal>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Update all
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
