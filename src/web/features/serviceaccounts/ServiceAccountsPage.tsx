import { Badge, Button, Group, Modal, Pagination, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orgRoles, type OrgRole } from '../../../contract/common';
import { errorMessage } from '../../api/client';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { useCreateServiceAccount, useServiceAccounts } from './api';

const PER_PAGE = 30;

function NewServiceAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<OrgRole>('Viewer');
  const [isDisabled, setDisabled] = useState(false);
  const create = useCreateServiceAccount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), role, isDisabled },
      {
        onSuccess: (account) => {
          notifications.show({ color: 'green', title: 'Service account created', message: `${account.name} (${account.role})` });
          setName('');
          create.reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New service account">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={create.error && errorMessage(create.error)} required data-autofocus />
          <Select label="Role" data={[...orgRoles]} value={role} onChange={(value) => setRole((value as OrgRole) ?? 'Viewer')} allowDeselect={false} />
          <Switch label="Disabled" checked={isDisabled} onChange={(e) => setDisabled(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ServiceAccountList() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [debounced] = useDebouncedValue(query, 200);
  const accounts = useServiceAccounts({ query: debounced, page, perPage: PER_PAGE });
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <Stack>
      <TextInput label="Search service accounts" leftSection={<IconSearch size={16} aria-hidden />} value={query} onChange={(e) => setParam('query', e.currentTarget.value)} />
      {accounts.isPending ? (
        <LoadingRows label="Loading service accounts" />
      ) : accounts.isError ? (
        <ErrorState error={accounts.error} onRetry={() => accounts.refetch()} title="Could not load service accounts" />
      ) : accounts.data.serviceAccounts.length === 0 ? (
        <EmptyState title={query ? 'No service account matches' : 'No service accounts'} />
      ) : (
        <>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Login</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Tokens</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.serviceAccounts.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {account.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {account.login}
                    </Text>
                  </Table.Td>
                  <Table.Td>{account.role}</Table.Td>
                  <Table.Td>{account.tokens}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={account.isDisabled ? 'gray' : 'green'}>
                      {account.isDisabled ? 'Disabled' : 'Enabled'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {accounts.data.totalCount} service accounts
            </Text>
            <Pagination
              total={Math.max(1, Math.ceil(accounts.data.totalCount / PER_PAGE))}
              value={page}
              onChange={(next) => setParam('page', String(next))}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </>
      )}
    </Stack>
  );
}

export function ServiceAccountsPage() {
  const [opened, modal] = useDisclosure();
  const isAdmin = useHasRole('Admin');
  return (
    <Page
      title="Service accounts"
      actions={
        isAdmin && (
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Add service account
          </Button>
        )
      }
    >
      <RoleGuard role="Admin" what="Managing service accounts">
        <ServiceAccountList />
        <NewServiceAccountModal opened={opened} onClose={modal.close} />
      </RoleGuard>
    </Page>
  );
}
