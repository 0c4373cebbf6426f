import { Modal, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrgRole } from '../../../contract/common';
import { createServiceAccountRequestSchema } from '../../../contract/serviceaccounts';
import { paths } from '../../app/paths';
import { DisplayNameInput } from './AccountDetails';
import { useCreateServiceAccount } from './api';
import { RoleSelect } from '../../components/RoleSelect';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';
import { placeRefusal } from '../../lib/fieldIssues';

function CreateServiceAccountForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<OrgRole>('Viewer');
  const [isDisabled, setDisabled] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const create = useCreateServiceAccount();
  const navigate = useNavigate();
  // A refusal naming the name (a taken one) goes on the name field; anything else below the form.
  const { fieldError: serverNameError, formError } = placeRefusal(create.error, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    const parsed = createServiceAccountRequestSchema.safeParse({ name, role, isDisabled });
    if (!parsed.success) {
      setNameError(`Name ${parsed.error.issues[0]!.message}`);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (account) => {
        notifications.show({ color: 'green', title: 'Service account created', message: `${account.name} (${account.role})` });
        onClose();
        // As in Grafana: the new account's page is where its first token is added.
        navigate(paths.serviceAccount(account.id));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <DisplayNameInput
          description="Its login is made from it: sa-<name>."
          value={name}
          onNameChange={setName}
          error={nameError ?? serverNameError}
          data-autofocus
        />
        <RoleSelect label="Role" description="What its tokens may do in this organization." value={role} onRoleChange={setRole} />
        <Switch
          label="Disabled"
          description="A disabled account's tokens are refused until it is enabled."
          checked={isDisabled}
          onChange={(event) => setDisabled(event.currentTarget.checked)}
        />
        {formError && <FormRefusal title="The service account was not created">{formError}</FormRefusal>}
        <FormFooter submitLabel="Create" onCancel={onClose} pending={create.isPending} />
      </Stack>
    </form>
  );
}

export function CreateServiceAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add service account">
      {/* The form mounts with the dialog, so each opening starts empty. */}
      <CreateServiceAccountForm onClose={onClose} />
    </Modal>
  );
}
