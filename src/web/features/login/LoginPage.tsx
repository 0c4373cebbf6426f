import { Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginRequestSchema } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { startSession } from '../../api/session';
import { afterSignIn, paths } from '../../app/paths';
import { FormRefusal } from '../../components/FormRefusal';
import { SignInFrame } from '../../components/SignInFrame';
import { fieldIssues } from '../../lib/fieldIssues';
import { useSignIn } from './api';

/** Password sign-in at the server that served this page; tokens and other servers go through /connect. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [userError, setUserError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const signIn = useSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ user: user.trim(), password });
    const problems = parsed.success ? {} : fieldIssues(parsed.error, { user: 'Email or username', password: 'Password' });
    setUserError(problems.user);
    setPasswordError(problems.password);
    if (!parsed.success) return;
    signIn.mutate(parsed.data, {
      onSuccess: (started) => {
        startSession(started);
        navigate(afterSignIn(next), { replace: true });
      },
    });
  };

  return (
    <SignInFrame
      documentTitle="Sign in"
      title="Sign in"
      endedTitle="You were signed out"
      sessionIs="Signed in to"
      continueTo={afterSignIn(next)}
      onSubmit={submit}
      below={
        <Anchor component={Link} to={paths.connect(next)} size="sm" underline="always">
          Use a service account token instead
        </Anchor>
      }
    >
      <TextInput
        label="Email or username"
        value={user}
        onChange={(e) => setUser(e.currentTarget.value)}
        error={userError}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <PasswordInput
        label="Password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={passwordError}
        autoComplete="current-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
      />
      {signIn.isError && (
        // The server's words: a wrong password (401), too many attempts (429), a refused body (400).
        <FormRefusal title="Not signed in">{errorMessage(signIn.error)}</FormRefusal>
      )}
      <Button type="submit" loading={signIn.isPending} leftSection={<IconLogin2 size={18} aria-hidden />}>
        Sign in
      </Button>
    </SignInFrame>
  );
}
