import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DashboardEdits } from '../../useDashboardEdits';
import { insertAfter, linkList, linksPatch, move, removeAt, replaceAt, type Json } from '../listEdits';
import { SettingsList } from '../SettingsList';
import { useUndoableRemoval } from '../useUndoableRemoval';
import { LinkEditor } from './LinkEditor';
import { describeLink, newLink } from './linkModels';

/** Settings → Links: the dashboard's `links` (shown above its panels), and one link's editor. */
export function LinksSettings({
  edits,
  editIndex,
  onOpen,
  readOnly,
}: {
  edits: DashboardEdits;
  editIndex: number | undefined;
  onOpen: (index: number | undefined) => void;
  readOnly: boolean;
}) {
  const { model, edit } = edits;
  const links = linkList(model);
  const removeWithUndo = useUndoableRemoval(edits);
  const store = (list: Json[], coalesce?: string) => edit({ type: 'dashboard/patch', patch: linksPatch(list), coalesce });
  const names = links.map((link, i) => String(link.title || `Link ${i + 1}`));

  const editing = editIndex !== undefined ? links[editIndex] : undefined;
  if (editIndex !== undefined && editing) {
    return (
      <LinkEditor
        key={editIndex}
        link={editing}
        readOnly={readOnly}
        onChange={(next, field) => store(replaceAt(links, editIndex, next), `links.${editIndex}.${field}`)}
        onBack={() => onOpen(undefined)}
      />
    );
  }
  const add = () => {
    store([...links, newLink()]);
    onOpen(links.length);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Links
        </Title>
        {!readOnly && links.length > 0 && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            Add link
          </Button>
        )}
      </Group>
      {links.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Links to other dashboards or sites, shown above the panels; they can carry the time range and variables along.
          </Text>
          {!readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              Add dashboard link
            </Button>
          )}
        </Stack>
      ) : (
        <SettingsList
          caption="Links in the order they show above the panels."
          columns={['Title', 'Type', 'Points to']}
          rows={links.map((link, index) => ({
            name: names[index]!,
            cells: [
              <Text key="type" size="sm">
                {link.type === 'dashboards' ? 'Dashboards' : 'Link'}
              </Text>,
              <Text key="to" size="sm" lineClamp={2}>
                {describeLink(link)}
              </Text>,
            ],
          }))}
          readOnly={readOnly}
          onOpen={onOpen}
          onMove={(index, direction) => store(move(links, index, direction))}
          onDuplicate={(index) => store(insertAfter(links, index, structuredClone(links[index]!)))}
          onRemove={(index) => removeWithUndo(`Link ${names[index]}`, () => store(removeAt(links, index)))}
        />
      )}
    </Stack>
  );
}
