import { ActionIcon, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconSearch, IconUserMinus, IconUserPlus, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrgRole } from '../../../contract/common';
import type { OrgUser } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole, useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { InlineError, RoleSelect } from '../../components/RoleSelect';
import { formatDateTime } from '../../lib/format';
import { useUrlParams } from '../../lib/useUrlParams';
import { TableHead } from '../../components/TableHead';
import { useChangeOrgUserRole, useOrgUsers, useRemoveOrgUser } from './api';
import { AddUserModal, CreateUserModal, SetPasswordModal } from './UserModals';

/** Grafana's age of someone never seen is "10y" (seen ten years before they were created). */
export function lastSeen(user: Pick<OrgUser, 'lastSeenAtAge'>): string {
  if (user.lastSeenAtAge === '10y') return 'Never';
  if (user.lastSeenAtAge === '< 1 minute') return 'Just now';
  return `${user.lastSeenAtAge} ago`;
}

function UserRow({ user, orgName, onSetPassword }: { user: OrgUser; orgName: string; onSetPassword: (user: OrgUser) => void }) {
  const changeRole = useChangeOrgUserRole(({ body }) =>
    notifications.show({ color: 'green', title: 'Role changed', message: `${user.login} is now ${body.role} in ${orgName}` }),
  );
  const remove = useRemoveOrgUser(() =>
    notifications.show({ color: 'green', title: 'User removed', message: `${user.login} left ${orgName}` }),
  );
  const pendingRole = changeRole.isPending ? changeRole.variables?.body.role : undefined;

  const setRole = (role: OrgRole) => changeRole.mutate({ userId: user.userId, body: { role } });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove user',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Remove {user.login} ({user.role}) from {orgName}? They lose access to its dashboards, folders and data sources at once.
          </Text>
          <Text size="sm">Their user stays: you can add them back later with their login or email.</Text>
        </Stack>
      ),
      labels: { confirm: 'Remove user', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user.userId),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {user.login}
        </Text>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{user.name}</Table.Td>
      <Table.Td miw={130}>
        <RoleSelect
          aria-label={`Role of ${user.login}`}
          size="xs"
          value={pendingRole ?? user.role}
          onRoleChange={setRole}
          disabled={changeRole.isPending}
          error={changeRole.isError ? errorMessage(changeRole.error) : undefined}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={user.lastSeenAtAge === '10y' ? undefined : formatDateTime(user.lastSeenAt)}>
          {lastSeen(user)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-end">
          <Group gap={4} wrap="nowrap">
            <Tooltip label={`Set the password of ${user.login}`}>
              <ActionIcon variant="subtle" size="lg" aria-label={`Set the password of ${user.login}`} onClick={() => onSetPassword(user)}>
                <IconKey size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={`Remove ${user.login} from ${orgName}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove ${user.login} from ${orgName}`}
                loading={remove.isPending}
                onClick={confirmRemove}
              >
                <IconUserMinus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {remove.isError && <InlineError>{errorMessage(remove.error)}</InlineError>}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function UserList({ orgName }: { orgName: string }) {
  const [params, setUrlParams] = useUrlParams();
  const query = params.get('query') ?? '';
  const [debounced] = useDebouncedValue(query, 250);
  const users = useOrgUsers(debounced);
  // The person stays named while the dialog closes; `opened` says whether it is shown.
  const [passwordOf, setPasswordOf] = useState<OrgUser | null>(null);
  const [passwordOpened, passwordDialog] = useDisclosure();
  const setPassword = (user: OrgUser) => {
    setPasswordOf(user);
    passwordDialog.open();
  };
  const setQuery = (value: string) => setUrlParams({ query: value });

  return (
    <Stack>
      <TextInput
        label="Search users"
        placeholder="Login, email or name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <LoadingRows label="Loading users" />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => users.refetch()} title="Could not load users" />
      ) : users.data.length === 0 ? (
        query ? (
          <EmptyState
            title="No user matches"
            action={
              <Button variant="default" onClick={() => setQuery('')}>
                Clear search
              </Button>
            }
          >
            Nobody in {orgName} has a login, email or name containing “{query}”.
          </EmptyState>
        ) : (
          <EmptyState title="No users in this organization" />
        )
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={`Users of ${orgName}`}>
              <TableHead columns={['Login', 'Email', 'Name', 'Role', 'Last seen']} />
              <Table.Tbody>
                {users.data.map((user) => (
                  <UserRow key={user.userId} user={user} orgName={orgName} onSetPassword={setPassword} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="xs">
            <Text size="sm">
              {users.data.length} {users.data.length === 1 ? 'user' : 'users'}
            </Text>
            {users.isFetching && <Loader size="xs" aria-label="Refreshing the list" />}
          </Group>
          <SetPasswordModal user={passwordOf} opened={passwordOpened} onClose={passwordDialog.close} />
        </>
      )}
    </Stack>
  );
}

export function UsersPage() {
  const isAdmin = useHasRole('Admin');
  const orgName = useSession()?.orgName ?? 'this organization';
  const [addOpened, add] = useDisclosure();
  const [createOpened, create] = useDisclosure();
  return (
    <Page
      title="Users"
      actions={
        isAdmin && (
          <>
            <Button variant="default" leftSection={<IconUserShare size={18} aria-hidden />} onClick={add.open}>
              Add existing user
            </Button>
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={create.open}>
              New user
            </Button>
          </>
        )
      }
    >
      <Text size="sm" c="dimmed" maw={720}>
        The people of {orgName} and their roles. Scripts and tools use{' '}
        <Anchor component={Link} to={paths.serviceAccounts()} size="sm" underline="always">
          service accounts
        </Anchor>{' '}
        instead.
      </Text>
      <RoleGuard role="Admin" what="Managing the organization's users">
        <UserList orgName={orgName} />
        <AddUserModal opened={addOpened} onClose={add.close} orgName={orgName} />
        <CreateUserModal opened={createOpened} onClose={create.close} orgName={orgName} />
      </RoleGuard>
    </Page>
  );
}
