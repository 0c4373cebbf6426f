import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, NetworkError, UnexpectedResponseError, errorMessage } from '../../api/errors';
import { startSession } from '../../api/session';
import { afterSignIn, paths } from '../../app/paths';
import { FormRefusal } from '../../components/FormRefusal';
import { SignInFrame } from '../../components/SignInFrame';
import { RoleNoneError, useCheckConnection } from './api';

function normaliseAddress(address: string): { value: string; error?: string } {
  const trimmed = address.trim().replace(/\/+$/, '');
  if (!trimmed) return { value: '' };
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { value: trimmed, error: 'Use an http:// or https:// address' };
    return { value: url.origin + url.pathname.replace(/\/+$/, '') };
  } catch {
    return { value: trimmed, error: 'Not an address: use e.g. http://localhost:3000' };
  }
}

export function ConnectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [address, setAddress] = useState('');
  const [tokenError, setTokenError] = useState<string>();
  const [addressError, setAddressError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const check = useCheckConnection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTokenError(undefined);
    setAddressError(undefined);
    setFormError(undefined);
    if (!token.trim()) return setTokenError('Paste a service account token');
    const server = normaliseAddress(address);
    if (server.error) return setAddressError(server.error);
    check.mutate(
      { serverUrl: server.value, token: token.trim() },
      {
        onSuccess: (next) => {
          startSession(next);
          navigate(afterSignIn(params.get('next')), { replace: true });
        },
        onError: (error) => {
          if (error instanceof NetworkError) setAddressError(error.message);
          else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setTokenError(error.message);
          else if (error instanceof RoleNoneError) setTokenError(error.message);
          else if (error instanceof UnexpectedResponseError || error instanceof ApiError) setAddressError(error.message);
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <SignInFrame
      documentTitle="Connect"
      title="Connect to a server"
      endedTitle="You were disconnected"
      sessionIs="Connected to"
      continueTo={paths.dashboards()}
      onSubmit={submit}
      below={
        <>
          <Anchor component={Link} to={paths.login(params.get('next'))} size="sm" underline="always">
            Sign in with a password instead
          </Anchor>
          <Text size="sm" c="dimmed">
            No token? The server printed one when it first started; an administrator can mint more with{' '}
            <code>npm run token -- --name NAME --role Viewer</code>.
          </Text>
        </>
      }
    >
      <PasswordInput
        label="Service account token"
        description="A token such as glsa_…; it stays in this browser tab only."
        placeholder="glsa_…"
        value={token}
        onChange={(e) => setToken(e.currentTarget.value)}
        error={tokenError}
        autoComplete="off"
        required
        autoFocus
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the token' }}
      />
      <TextInput
        label="Server address"
        description="Leave empty to use this server."
        placeholder={window.location.origin}
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
        error={addressError}
        inputMode="url"
      />
      {formError && <FormRefusal>{formError}</FormRefusal>}
      <Button type="submit" loading={check.isPending} leftSection={<IconPlugConnected size={18} />}>
        Connect
      </Button>
    </SignInFrame>
  );
}
