import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconUserMinus, IconUserPlus, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrgRole } from '../../../contract/common';
import type { OrgUser } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole, useSession } from '../../app/useSession';
import { confirmDestructive } from '../../components/confirmDestructive';
import { ListCount, ListPage, ListTable, NoMatch, RowActions, RowIconAction, SearchInput, WhenLoaded } from '../../components/ListPage';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState } from '../../components/States';
import { RoleSelect } from '../../components/RoleSelect';
import { formatDateTime } from '../../lib/format';
import { useUrlParams } from '../../lib/useUrlParams';
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
    confirmDestructive({
      title: 'Remove user',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Remove {user.login} ({user.role}) from {orgName}? They lose access to its dashboards, folders and data sources at once.
          </Text>
          <Text size="sm">Their user stays: you can add them back later with their login or email.</Text>
        </Stack>
      ),
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
      <RowActions error={remove.error}>
        <Group gap={4} wrap="nowrap">
          <RowIconAction label={`Set the password of ${user.login}`} icon={IconKey} onClick={() => onSetPassword(user)} />
          <RowIconAction
            label={`Remove ${user.login} from ${orgName}`}
            icon={IconUserMinus}
            color="red"
            loading={remove.isPending}
            onClick={confirmRemove}
          />
        </Group>
      </RowActions>
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
      <SearchInput label="Search users" placeholder="Login, email or name" value={query} onSearch={setQuery} maw={420} />
      <WhenLoaded query={users} loadingLabel="Loading users" errorTitle="Could not load users">
        {(list) =>
          list.length === 0 ? (
            query ? (
              <NoMatch title="No user matches" onClear={() => setQuery('')}>
                Nobody in {orgName} has a login, email or name containing “{query}”.
              </NoMatch>
            ) : (
              <EmptyState title="No users in this organization" />
            )
          ) : (
            <>
              <ListTable label={`Users of ${orgName}`} columns={['Login', 'Email', 'Name', 'Role', 'Last seen']} minWidth={760}>
                {list.map((user) => (
                  <UserRow key={user.userId} user={user} orgName={orgName} onSetPassword={setPassword} />
                ))}
              </ListTable>
              <ListCount refreshing={users.isFetching}>
                {list.length} {list.length === 1 ? 'user' : 'users'}
              </ListCount>
              <SetPasswordModal user={passwordOf} opened={passwordOpened} onClose={passwordDialog.close} />
            </>
          )
        }
      </WhenLoaded>
    </Stack>
  );
}

export function UsersPage() {
  const isAdmin = useHasRole('Admin');
  const orgName = useSession()?.orgName ?? 'this organization';
  const [addOpened, add] = useDisclosure();
  const [createOpened, create] = useDisclosure();
  return (
    <ListPage
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
      intro={
        <>
          The people of {orgName} and their roles. Scripts and tools use{' '}
          <Anchor component={Link} to={paths.serviceAccounts()} size="sm" underline="always">
            service accounts
          </Anchor>{' '}
          instead.
        </>
      }
    >
      <RoleGuard role="Admin" what="Managing the organization's users">
        <UserList orgName={orgName} />
        <AddUserModal opened={addOpened} onClose={add.close} orgName={orgName} />
        <CreateUserModal opened={createOpened} onClose={create.close} orgName={orgName} />
      </RoleGuard>
    </ListPage>
  );
}
