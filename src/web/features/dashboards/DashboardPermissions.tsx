import { Stack, Text, Title } from '@mantine/core';
import { PermissionsEditor } from '../../components/PermissionsEditor';

/**
 * A dashboard's own permissions, on top of its folder's: a section for the dashboard's settings.
 * Shown to whoever may administer the dashboard (`meta.canAdmin`); the server refuses others.
 */
export function DashboardPermissions({ uid, title, canAdmin = true }: { uid: string; title: string; canAdmin?: boolean }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-permissions-heading">
      <Title order={2} size="h3" id="dashboard-permissions-heading">
        Permissions
      </Title>
      {canAdmin ? (
        <PermissionsEditor target={{ kind: 'dashboard', uid }} title={title} />
      ) : (
        <Text size="sm" c="dimmed">
          Changing who may reach “{title}” needs Admin on the dashboard or its folder.
        </Text>
      )}
    </Stack>
  );
}
