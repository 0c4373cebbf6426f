import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { PreferencesForm } from '../../components/PreferencesForm';

/** Grafana's profile: who is signed in, their own preferences, and (for people) the password. */
export function ProfilePage() {
  const session = useSession();
  return (
    <Page title="Profile">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Signed in as
        </Text>
        <Text size="sm" fw={600}>
          {session?.login}
        </Text>
        {session?.kind === 'cookie' && (
          <Anchor component={Link} to={paths.changePassword()} size="sm">
            Change password
          </Anchor>
        )}
      </Group>
      <PreferencesForm level={{ kind: 'user' }} />
    </Page>
  );
}
