import { Alert, Anchor, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { lastEndReason, signOut } from '../api/session';
import { useSession } from '../app/useSession';
import { EndedNotice } from './EndedNotice';
import { Logo } from './Logo';

/**
 * The frame of the pages that start a session (sign in with a password, connect with a token): the
 * logo, one card with the form under its heading, then `below`. The card says first why the last
 * session ended, or, while one is still going, whose it is, with the ways on or out.
 */
export function SignInFrame({
  documentTitle,
  title,
  endedTitle,
  sessionIs,
  continueTo,
  onSubmit,
  children,
  below,
}: {
  documentTitle: string;
  title: string;
  endedTitle: string;
  /** How the going session is described: "Connected to", "Signed in to". */
  sessionIs: string;
  continueTo: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  below: ReactNode;
}) {
  useDocumentTitle(`${documentTitle} · Sightline`);
  const session = useSession();
  const reason = lastEndReason();
  return (
    <Center mih="100vh" p="md" component="main">
      <Container size={460} w="100%">
        <Stack gap="lg">
          <Logo />
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Title order={1} size="h2">
                  {title}
                </Title>
                {reason && <EndedNotice title={endedTitle} reason={reason} />}
                {session && !reason && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
                    <Text size="sm">
                      {sessionIs} {session.orgName} as {session.login} ({session.role}).{' '}
                      <Anchor component={Link} to={continueTo}>
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
                {children}
              </Stack>
            </form>
          </Paper>
          {below}
        </Stack>
      </Container>
    </Center>
  );
}
