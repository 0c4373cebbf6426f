import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { changePasswordRequestSchema } from '../../../contract/users';
import { ApiError, errorMessage, serverFieldError } from '../../api/errors';
import { useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { fieldIssues } from '../../lib/fieldIssues';
import { useChangePassword } from './api';

type Field = 'oldPassword' | 'newPassword' | 'confirmNew';
const labels: Record<Field, string> = { oldPassword: 'Old password', newPassword: 'New password', confirmNew: 'Confirm new password' };

/** Where the server's refusal belongs: the field it names, the old password for a 401, else the form. */
function placeError(error: unknown): { field?: Field; message: string } {
  const named = serverFieldError(error, 'oldPassword', 'newPassword', 'confirmNew');
  if (named !== undefined) return { field: (error as ApiError).field as Field, message: named };
  if (error instanceof ApiError && error.status === 401) return { field: 'oldPassword', message: error.message };
  return { message: errorMessage(error) };
}

function ChangePasswordForm() {
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '', confirmNew: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();
  const refusal = change.isError ? placeError(change.error) : undefined;

  const field = (name: Field, autoComplete: string) => ({
    label: labels[name],
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name] ?? (refusal?.field === name ? refusal.message : undefined),
    autoComplete,
    required: true,
    visibilityToggleButtonProps: { 'aria-label': `Show or hide the ${labels[name].toLowerCase()}` },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    // The contract's checks (length, confirmation), and an old password to check against.
    const parsed = changePasswordRequestSchema.safeParse(values);
    const found = parsed.success ? {} : fieldIssues(parsed.error, labels);
    if (!values.oldPassword) found.oldPassword ??= 'Old password is required';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Password changed', message: 'Your other sessions were signed out.' });
        setValues({ oldPassword: '', newPassword: '', confirmNew: '' });
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={460}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput {...field('oldPassword', 'current-password')} data-autofocus />
          <PasswordInput {...field('newPassword', 'new-password')} description="At least 4 characters." />
          <PasswordInput {...field('confirmNew', 'new-password')} />
          {refusal && !refusal.field && (
            <Alert color="red" variant="light" role="alert" title="The password was not changed">
              {refusal.message}
            </Alert>
          )}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The signed-in person's own password; service accounts (token sessions) have none. */
export function ChangePasswordPage() {
  const session = useSession();
  return (
    <Page title="Change password">
      {session?.kind === 'token' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} maw={560}>
          <Text size="sm">
            You are connected with a service account token, and service accounts have no password. Sign in with your own user and password
            to change it.
          </Text>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" maw={560}>
            Changing it signs you out everywhere else; this tab stays signed in.
          </Text>
          <ChangePasswordForm />
        </>
      )}
    </Page>
  );
}
