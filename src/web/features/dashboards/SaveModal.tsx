import { Button, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';

/** Asks for the optional change message that goes into the version history; offers saving a copy instead. */
export function SaveModal({
  opened,
  onClose,
  onSave,
  onSaveAsCopy,
  saving,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  onSave: (message: string) => void;
  onSaveAsCopy?: () => void;
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
          <FormFooter submitLabel="Save" onCancel={onClose} pending={saving}>
            {onSaveAsCopy && (
              <Button variant="subtle" onClick={onSaveAsCopy} disabled={saving}>
                Save as copy…
              </Button>
            )}
          </FormFooter>
        </Stack>
      </form>
    </Modal>
  );
}
