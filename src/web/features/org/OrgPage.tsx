import { TextInput, Paper, Stack, Title } from '@mantine/core';
import { useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { PreferencesForm } from '../../components/PreferencesForm';
import { RoleGuard } from '../../components/RoleGuard';

/** Grafana's org settings (`/org`): the org's name and the preferences every member starts from. Admins only. */
export function OrgPage() {
  const session = useSession();
  return (
    <Page title="Organization">
      <RoleGuard role="Admin" what="Changing the organization’s preferences">
        <Paper withBorder p="lg" radius="md" maw={560} component="section" aria-labelledby="org-profile">
          <Stack>
            <Title order={2} size="h4" id="org-profile">
              Organization profile
            </Title>
            <TextInput
              label="Organization name"
              value={session?.orgName ?? ''}
              readOnly
              description="Shown as it is; it is changed through the API."
            />
          </Stack>
        </Paper>
        <PreferencesForm level={{ kind: 'org' }} title="Preferences" />
      </RoleGuard>
    </Page>
  );
}
