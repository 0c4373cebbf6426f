import { Button, Group, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { OrgRole } from '../../../contract/common';
import {
  updateServiceAccountRequestSchema,
  type ServiceAccount,
  type UpdateServiceAccountRequest,
} from '../../../contract/serviceaccounts';
import { InlineError, RoleSelect } from '../../components/RoleSelect';
import { placeRefusal } from '../../lib/fieldIssues';
import { useUpdateServiceAccount } from './api';
import { notifyAccountUpdated } from './notify';

/** A service account's name, which its login is made from: required when it is created and when it is renamed. */
export function DisplayNameInput({
  onNameChange,
  ...props
}: Omit<TextInputProps, 'label' | 'onChange' | 'required'> & { onNameChange: (name: string) => void }) {
  return <TextInput label="Display name" {...props} onChange={(event) => onNameChange(event.currentTarget.value)} required />;
}

/** Name and role, saved together; the form starts again from the server's values after each save. */
export function DetailsForm({ account }: { account: ServiceAccount }) {
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<OrgRole>(account.role);
  const [nameError, setNameError] = useState<string>();
  const update = useUpdateServiceAccount((answer, variables) => notifyAccountUpdated(answer.name, variables.patch));
  const patch: UpdateServiceAccountRequest = {
    ...(name.trim() !== account.name ? { name } : {}),
    ...(role !== account.role ? { role } : {}),
  };
  const dirty = Object.keys(patch).length > 0;
  // A refusal naming the name (`field`) goes on the name; anything else below the form.
  const { fieldError: serverNameError, formError } = placeRefusal(update.error, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    const parsed = updateServiceAccountRequestSchema.safeParse(patch);
    if (!parsed.success) {
      setNameError(`Name ${parsed.error.issues[0]!.message}`);
      return;
    }
    update.mutate({ id: account.id, patch: parsed.data });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DisplayNameInput
            description="Renaming also changes the login."
            value={name}
            onNameChange={setName}
            error={nameError ?? serverNameError}
          />
          <RoleSelect label="Role" description="What its tokens may do in this organization." value={role} onRoleChange={setRole} />
        </SimpleGrid>
        {formError && <InlineError>{formError}</InlineError>}
        <Group gap="sm">
          <Button type="submit" disabled={!dirty} loading={update.isPending}>
            Save changes
          </Button>
          {dirty && (
            <Button
              variant="default"
              onClick={() => {
                setName(account.name);
                setRole(account.role);
                setNameError(undefined);
                update.reset();
              }}
            >
              Discard changes
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
