import { Alert, Anchor, Button, Center, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconLogin2 } from '@tabler/icons-react';
import { EndedNotice } from '../../components/EndedNotice';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginRequestSchema } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { lastEndReason, signOut, startSession } from '../../api/session';
import { afterSignIn, paths } from '../../app/paths';
import { useSession } from '../../app/useSession';
import { Logo } from '../../components/Logo';
import { fieldIssues } from '../../lib/fieldIssues';
import { useSignIn } from './api';

/** Password sign-in at the server that served this page; tokens and other servers go through /connect. */
export function LoginPage() {
  useDocumentTitle('Sign in · Sightline');
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const session = useSession();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [userError, setUserError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const signIn = useSignIn();
  const reason = lastEndReason();

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
    <Center mih="100vh" p="md" component="main">
      <Container size={460} w="100%">
        <Stack gap="lg">
          <Logo />
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Title order={1} size="h2">
                  Sign in
                </Title>
                {reason && <EndedNotice title="You were signed out" reason={reason} />}
                {session && !reason && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
                    <Text size="sm">
                      Signed in to {session.orgName} as {session.login} ({session.role}).{' '}
                      <Anchor component={Link} to={afterSignIn(next)}>
                        Continue
                      </Anchor>{' '}
                      or{' '}
                      <Anchor component="button" type="button" onClick={() => void signOut()}>
                        sign out
                      </Anchor>
                      .
                    </Text>
                  </Alert>
                )}
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
                  <Alert color="red" variant="light" role="alert" title="Not signed in">
                    {errorMessage(signIn.error)}
                  </Alert>
                )}
                <Button type="submit" loading={signIn.isPending} leftSection={<IconLogin2 size={18} aria-hidden />}>
                  Sign in
                </Button>
              </Stack>
            </form>
          </Paper>
          <Anchor component={Link} to={paths.connect(next)} size="sm" underline="always">
            Use a service account token instead
          </Anchor>
        </Stack>
      </Container>
    </Center>
  );
}
