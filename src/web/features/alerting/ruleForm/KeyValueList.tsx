import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { RemoveButton } from '../../../components/RemoveButton';
import type { KeyValue } from './ruleModel';

/** Rows of name and value (labels, custom annotations), each removable, with one button to add. */
export function KeyValueList({
  noun,
  items,
  error,
  onChange,
}: {
  /** "Label" or "Annotation": names the inputs and buttons. */
  noun: string;
  items: KeyValue[];
  error?: string;
  onChange(items: KeyValue[]): void;
}) {
  const set = (index: number, changes: Partial<KeyValue>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...changes } : item)));
  return (
    <Stack gap="xs">
      {items.map((item, index) => (
        <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
          <TextInput label={`${noun} name`} value={item.key} onChange={(e) => set(index, { key: e.currentTarget.value })} w={220} />
          <TextInput
            label={`${noun} value`}
            value={item.value}
            onChange={(e) => set(index, { value: e.currentTarget.value })}
            style={{ flex: 1 }}
            maw={420}
          />
          <RemoveButton
            label={`Remove ${noun.toLowerCase()} ${item.key || index + 1}`}
            size="lg"
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          />
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...items, { key: '', value: '' }])}
      >
        Add {noun.toLowerCase()}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
