import { Stack, Text } from '@mantine/core';
import { linkList, linksPatch } from '../listEdits';
import { SettingsList } from '../SettingsList';
import { AddItemButton, SettingsListHeading, useSettingsList, type SettingsListPageProps } from '../SettingsListPage';
import { LinkEditor } from './LinkEditor';
import { describeLink, newLink } from './linkModels';

/** Settings → Links: the dashboard's `links` (shown above its panels), and one link's editor. */
export function LinksSettings(props: SettingsListPageProps) {
  const { edits, onOpen, readOnly } = props;
  const links = linkList(edits.model);
  const list = useSettingsList(props, links, linksPatch, 'links');
  const names = links.map((link, i) => String(link.title || `Link ${i + 1}`));

  if (list.open) {
    const { index, item, onChange, onBack } = list.open;
    return <LinkEditor key={index} link={item} readOnly={readOnly} onChange={onChange} onBack={onBack} />;
  }
  const add = () => list.add(newLink());

  return (
    <Stack gap="sm">
      <SettingsListHeading title="Links">
        {!readOnly && links.length > 0 && <AddItemButton onClick={add}>Add link</AddItemButton>}
      </SettingsListHeading>
      {links.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Links to other dashboards or sites, shown above the panels; they can carry the time range and variables along.
          </Text>
          {!readOnly && <AddItemButton onClick={add}>Add dashboard link</AddItemButton>}
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
          onMove={list.move}
          onDuplicate={list.duplicate}
          onRemove={(index) => list.remove(index, `Link ${names[index]}`)}
        />
      )}
    </Stack>
  );
}
