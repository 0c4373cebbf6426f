import { Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { OrgRole } from '../../../contract/common';
import { addOrgUserRequestSchema, createUserRequestSchema, setPasswordRequestSchema, type OrgUser } from '../../../contract/users';
import { errorMessage, serverFieldError } from '../../api/errors';
import { RoleSelect } from '../../components/RoleSelect';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';
import { fieldIssues, placeRefusal } from '../../lib/fieldIssues';
import { useAddOrgUser, useCreateUser, useSetUserPassword } from './api';

function AddUserForm({ orgName, onClose }: { orgName: string; onClose: () => void }) {
  const [loginOrEmail, setLoginOrEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('Viewer');
  const [fieldError, setFieldError] = useState<string>();
  const add = useAddOrgUser();
  // A refusal naming who was typed ("not found", "already a member") goes there; anything else below.
  const { fieldError: personError, formError } = placeRefusal(add.error, 'loginOrEmail');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    const parsed = addOrgUserRequestSchema.safeParse({ loginOrEmail, role });
    if (!parsed.success) return setFieldError(`Login or email ${parsed.error.issues[0]!.message}`);
    add.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'User added',
          message: `${parsed.data.loginOrEmail} joined ${orgName} as ${parsed.data.role}`,
        });
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Login or email"
          description="Of a person who already has a user, e.g. one removed from this organization earlier."
          value={loginOrEmail}
          onChange={(event) => setLoginOrEmail(event.currentTarget.value)}
          error={fieldError ?? personError}
          required
          data-autofocus
        />
        <RoleSelect label="Role" value={role} onRoleChange={setRole} />
        {formError && <FormRefusal title="The user was not added">{formError}</FormRefusal>}
        <FormFooter submitLabel="Add user" onCancel={onClose} pending={add.isPending} />
      </Stack>
    </form>
  );
}

export function AddUserModal({ opened, onClose, orgName }: { opened: boolean; onClose: () => void; orgName: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add an existing user to ${orgName}`}>
      <AddUserForm orgName={orgName} onClose={onClose} />
    </Modal>
  );
}

type UserField = 'name' | 'email' | 'login' | 'password';
const fieldLabels: Record<UserField, string> = { name: 'Name', email: 'Email', login: 'Login', password: 'Password' };

function CreateUserForm({ orgName, onClose }: { orgName: string; onClose: () => void }) {
  const [values, setValues] = useState<Record<UserField, string>>({ name: '', email: '', login: '', password: '' });
  const [role, setRole] = useState<OrgRole>('Viewer');
  const [errors, setErrors] = useState<Partial<Record<UserField, string>>>({});
  const create = useCreateUser();
  // A refusal naming a field (a taken login or email) is said under it; anything else below the form.
  const serverError = (name: UserField) => serverFieldError(create.error, name);
  const { formError } = placeRefusal(create.error, ...Object.keys(fieldLabels));

  const field = (name: UserField) => ({
    label: fieldLabels[name],
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name] ?? serverError(name),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    // Empty optional fields are left out, as the API expects.
    const parsed = createUserRequestSchema.safeParse({
      login: values.login.trim() || undefined,
      email: values.email.trim() || undefined,
      name: values.name.trim() || undefined,
      password: values.password,
      role,
    });
    if (!parsed.success) {
      const next: Partial<Record<UserField, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as UserField;
        next[name] ??=
          issue.code === 'custom' ? issue.message.replace(/^./, (c) => c.toUpperCase()) : `${fieldLabels[name]} ${issue.message}`;
      }
      return setErrors(next);
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'User created',
          message: `${parsed.data.login ?? parsed.data.email} joined ${orgName} as ${role}`,
        });
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput {...field('name')} data-autofocus />
          <TextInput {...field('email')} type="email" />
          <TextInput {...field('login')} description="Left empty, the email is the login." />
          <PasswordInput
            {...field('password')}
            description="At least 4 characters."
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
            required
          />
        </SimpleGrid>
        <RoleSelect label="Role" description={`Their role in ${orgName}`} value={role} onRoleChange={setRole} />
        {formError && <FormRefusal title="The user was not created">{formError}</FormRefusal>}
        <FormFooter submitLabel="Create user" onCancel={onClose} pending={create.isPending} />
      </Stack>
    </form>
  );
}

export function CreateUserModal({ opened, onClose, orgName }: { opened: boolean; onClose: () => void; orgName: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New user" size="lg">
      <CreateUserForm orgName={orgName} onClose={onClose} />
    </Modal>
  );
}

function SetPasswordForm({ user, onClose }: { user: OrgUser; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const setUserPassword = useSetUserPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUserPassword.reset();
    const parsed = setPasswordRequestSchema.safeParse({ password });
    setInvalid(parsed.success ? undefined : fieldIssues(parsed.error, { password: 'New password' }).password);
    if (!parsed.success) return;
    setUserPassword.mutate(
      { userId: user.userId, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Password set',
            message: `${user.login} signs in with the new password from now on; their sessions were signed out.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput
          label="New password"
          description={`At least 4 characters. Tell it to ${user.login} in person or another safe way.`}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          // The server's refusal (too short by its rule, an unknown user, ...) is about this one field.
          error={invalid ?? (setUserPassword.isError ? errorMessage(setUserPassword.error) : undefined)}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
          required
          data-autofocus
        />
        <FormFooter submitLabel="Set password" onCancel={onClose} pending={setUserPassword.isPending} />
      </Stack>
    </form>
  );
}

/** Sets or resets the password of `user`. */
export function SetPasswordModal({ user, opened, onClose }: { user: OrgUser | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened && user !== null} onClose={onClose} title={`Set the password of ${user?.login ?? ''}`}>
      {user && <SetPasswordForm key={user.userId} user={user} onClose={onClose} />}
    </Modal>
  );
}
