import { Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';

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
          {error && <FormRefusal>{error}</FormRefusal>}
          <FormFooter submitLabel="Save" onCancel={onClose} pending={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
