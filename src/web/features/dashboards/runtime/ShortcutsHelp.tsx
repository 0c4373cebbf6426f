import { Group, Kbd, Modal, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { SHORTCUT_GROUPS, type ShortcutGroup } from './useDashboardShortcuts';

/** The editing keys (bound by the editor, not here), listed for those who can edit. */
const EDITING: { title: string; shortcuts: ReadonlyArray<{ keys: readonly string[]; description: string }> } = {
  title: 'Editing',
  shortcuts: [
    { keys: ['e'], description: 'Edit the focused panel (opens the panel editor)' },
    { keys: ['Ctrl+Z'], description: 'Undo the last change (in edit mode; ⌘Z on a Mac)' },
    { keys: ['Ctrl+Shift+Z'], description: 'Redo (in edit mode; Ctrl+Y too)' },
  ],
};

/** Grafana's "?" dialog: every dashboard shortcut, by group. `d s` shows only to those who can open the settings. */
export function ShortcutsHelp({ opened, onClose, canOpenSettings }: { opened: boolean; onClose(): void; canOpenSettings: boolean }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="xl">
      <Stack gap="md">
        <Text size="sm">
          Press the keys one after the other. Panel shortcuts act on the panel that has focus or is under the mouse. They do nothing while
          you type in a field.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {[...SHORTCUT_GROUPS, ...(canOpenSettings ? [EDITING as ShortcutGroup] : [])].map((group) => (
            <Table key={group.title} captionSide="top" verticalSpacing={4} withRowBorders={false}>
              <Table.Caption style={{ textAlign: 'left', fontWeight: 700, marginBottom: 4 }}>{group.title}</Table.Caption>
              <Table.Tbody>
                {group.shortcuts
                  .filter((shortcut) => shortcut.action !== 'settings' || canOpenSettings)
                  .map((shortcut) => (
                    <Table.Tr key={shortcut.keys.join(' ')}>
                      <Table.Th scope="row" w={96} fw={400}>
                        <Group gap={4} wrap="nowrap" aria-hidden>
                          {shortcut.keys.map((key) => (
                            <Kbd key={key}>{key}</Kbd>
                          ))}
                        </Group>
                        <VisuallyHidden>{shortcut.keys.map(spokenKey).join(' then ')}</VisuallyHidden>
                      </Table.Th>
                      <Table.Td>
                        <Text size="sm">{shortcut.description}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          ))}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}

/** What a screen reader says for a key: arrows and Esc by name. */
function spokenKey(key: string): string {
  return (
    { '←': 'Left arrow', '→': 'Right arrow', esc: 'Escape', '?': 'Question mark' }[key] ?? (key.length === 1 ? key.toUpperCase() : key)
  );
}
