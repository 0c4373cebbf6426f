import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

/** Copies text, confirming with a notification or saying next to the button why it could not. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [failure, setFailure] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailure(undefined);
      notifications.show({ color: 'green', title: 'Copied to clipboard', message: `The ${what} is on the clipboard` });
    } catch (error) {
      setFailure(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void copy()}>
        Copy to clipboard
      </Button>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Group>
  );
}
