import { Badge, Table, Text } from '@mantine/core';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { useOrgUsers } from './api';

function lastSeen(age: string): string {
  return age === '10y' ? 'never' : `${age} ago`;
}

export function UsersPage() {
  const isAdmin = useHasRole('Admin');
  const users = useOrgUsers(isAdmin);
  return (
    <Page title="Users">
      <RoleGuard role="Admin" what="Seeing the organization's users">
        {users.isPending ? (
          <LoadingRows label="Loading users" />
        ) : users.isError ? (
          <ErrorState error={users.error} onRetry={() => users.refetch()} title="Could not load users" />
        ) : users.data.length === 0 ? (
          <EmptyState title="No users in this organization" />
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Login</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last seen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {user.login}
                    </Text>
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      {user.role}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{lastSeen(user.lastSeenAtAge)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </RoleGuard>
    </Page>
  );
}
