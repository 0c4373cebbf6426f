import { Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Folder } from '../../../contract/folders';
import { errorMessage, serverFieldError } from '../../api/errors';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';
import { useRenameFolder } from './api';

/** Renames the folder; mounted while open, so it starts from the folder's current title. */
export function RenameFolderModal({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const [title, setTitle] = useState(folder.title);
  const rename = useRenameFolder(folder);
  const navigate = useNavigate();
  // A taken name (409) is about the title; anything else, a 412 included, goes below it.
  const titleError = serverFieldError(rename.error, 'title');
  const otherError = rename.error && !titleError ? errorMessage(rename.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(title.trim(), {
      onSuccess: (renamed) => {
        notifications.show({ color: 'green', title: 'Folder renamed', message: `${folder.title} is now ${renamed.title}` });
        onClose();
        // The address carries the title's slug.
        navigate(renamed.url, { replace: true });
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Rename folder ${folder.title}`}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Folder name"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            required
            data-autofocus
          />
          {otherError && <FormRefusal>{otherError}</FormRefusal>}
          <FormFooter
            submitLabel="Rename"
            onCancel={onClose}
            pending={rename.isPending}
            disabled={!title.trim() || title.trim() === folder.title}
          />
        </Stack>
      </form>
    </Modal>
  );
}
