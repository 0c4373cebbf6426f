import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** Asks for the optional change message that goes into the version history. */
export function SaveModal({
  opened,
  onClose,
  onSave,
  saving,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  onSave: (message: string) => void;
  saving: boolean;
  error?: string;
}) {
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(message.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save dashboard">
      <form onSubmit={submit}>
        <Stack>
          <Textarea
            label="Change message"
            description="Optional; kept in the version history."
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
