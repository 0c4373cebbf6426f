import { ActionIcon, Button, Fieldset, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isObject } from './paths';

interface Link {
  title: string;
  url: string;
  targetBlank?: boolean;
}

function linksOf(value: unknown): Link[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .map((l) => ({ ...l, title: typeof l.title === 'string' ? l.title : '', url: typeof l.url === 'string' ? l.url : '' }));
}

/** Data links and panel links, as Grafana saves both: `{title, url, targetBlank}`. */
export function LinksEditor(props: { label: string; value: unknown; onChange(value: unknown, typing?: boolean): void }) {
  const links = linksOf(props.value);
  const replace = (i: number, next: Link, typing = false) =>
    props.onChange(
      links.map((l, j) => (j === i ? next : l)),
      typing,
    );
  const singular = props.label.replace(/s$/, '').toLowerCase();
  return (
    <Stack gap="xs">
      {links.map((link, i) => (
        <Fieldset key={i} legend={link.title || `${props.label.replace(/s$/, '')} ${i + 1}`} p="xs">
          <Stack gap={6}>
            <TextInput
              size="xs"
              label="Title"
              value={link.title}
              onChange={(e) => replace(i, { ...link, title: e.currentTarget.value }, true)}
            />
            <TextInput
              size="xs"
              label="URL"
              description="Variables such as ${__field.name}, ${__value.raw} and dashboard variables are replaced"
              value={link.url}
              onChange={(e) => replace(i, { ...link, url: e.currentTarget.value }, true)}
            />
            <Group justify="space-between">
              <Switch
                label="Open in new tab"
                checked={link.targetBlank === true}
                onChange={(e) => replace(i, { ...link, targetBlank: e.currentTarget.checked || undefined })}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${singular} ${i + 1}`}
                onClick={() => props.onChange(links.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlus size={14} />}
        onClick={() => props.onChange([...links, { title: '', url: '' }])}
      >
        Add {singular}
      </Button>
    </Stack>
  );
}
