import { ActionIcon, Anchor, Badge, Button, Group, Loader, NativeSelect, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconKey, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ServiceAccount } from '../../../contract/serviceaccounts';
import { errorMessage } from '../../api/client';
import { paths } from '../../app/paths';
import { useHasRole, useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { accountFilters, useDeleteServiceAccount, useServiceAccounts, useUpdateServiceAccount, type AccountFilter, type AccountSearch } from './api';
import { confirmDeleteAccount, confirmDisableAccount } from './confirmations';
import { InlineError, RoleSelect } from '../../components/RoleSelect';
import { CreateServiceAccountModal } from './CreateServiceAccountModal';
import { MintTokenModal } from './MintTokenModal';
import { notifyAccountDeleted, notifyAccountUpdated } from './notify';

export const PAGE_SIZES = [10, 30, 50, 100];
/** Grafana's page size for this list. */
export const DEFAULT_PAGE_SIZE = 30;

const filterLabels: Record<AccountFilter, string> = {
  all: 'All',
  disabled: 'Disabled',
  expiring: 'With expiring tokens',
  expired: 'With expired tokens',
};

function positiveInteger(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
}

/** Search text, filter, page and page size live in the URL, so a view can be bookmarked and shared. */
function useAccountSearch(): [AccountSearch, (change: Partial<AccountSearch>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const search: AccountSearch = {
    query: params.get('query') ?? '',
    filter: accountFilters.find((known) => known === filter) ?? 'all',
    page: positiveInteger(params.get('page')) ?? 1,
    perPage: positiveInteger(params.get('perpage'), 1000) ?? DEFAULT_PAGE_SIZE,
  };
  const update = (change: Partial<AccountSearch>) => {
    // Any change but the page's own starts again at page 1.
    const next = { ...search, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.query) query.set('query', next.query);
    if (next.filter !== 'all') query.set('filter', next.filter);
    if (next.page !== 1) query.set('page', String(next.page));
    if (next.perPage !== DEFAULT_PAGE_SIZE) query.set('perpage', String(next.perPage));
    // Typing replaces the entry; paging and filtering can be gone back through.
    // Synchronously: a text box driven by the URL loses keystrokes if the URL lags behind in a transition.
    setParams(query, { replace: change.query !== undefined, flushSync: true });
  };
  return [search, update];
}

function AccountRow({ account, onAddToken }: { account: ServiceAccount; onAddToken: (account: ServiceAccount) => void }) {
  const session = useSession();
  const isOwnAccount = account.login === session?.login;
  const update = useUpdateServiceAccount((answer, { patch }) => notifyAccountUpdated(answer.name, patch));
  const remove = useDeleteServiceAccount(() => notifyAccountDeleted(account.name));
  const roleChange = update.variables?.patch.role;
  const failedRoleChange = update.isError && roleChange !== undefined;
  const actionError = (update.isError && roleChange === undefined ? update.error : null) ?? remove.error;
  const changeRole = (role: ServiceAccount['role']) => update.mutate({ id: account.id, patch: { role } });
  const setDisabled = (isDisabled: boolean) => update.mutate({ id: account.id, patch: { isDisabled } });
  const deleteAccount = () => remove.mutate(account.id);

  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={paths.serviceAccount(account.id)} fw={500} size="sm">
          {account.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {account.login}
        </Text>
      </Table.Td>
      <Table.Td miw={130}>
        <RoleSelect
          aria-label={`Role of ${account.name}`}
          size="xs"
          value={update.isPending && roleChange ? roleChange : account.role}
          onRoleChange={changeRole}
          disabled={update.isPending}
          error={failedRoleChange ? errorMessage(update.error) : undefined}
        />
      </Table.Td>
      <Table.Td>{account.tokens}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={account.isDisabled ? 'gray.5' : 'green'}>
          {account.isDisabled ? 'Disabled' : 'Enabled'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} aria-hidden />}
              onClick={() => onAddToken(account)}
              // As in Grafana: a disabled account's tokens would be refused, so none are added until it is enabled.
              disabled={account.isDisabled}
              aria-label={`Add token for ${account.name}`}
            >
              Add token
            </Button>
            {account.isDisabled ? (
              <Button size="xs" variant="default" onClick={() => setDisabled(false)} loading={update.isPending && update.variables?.patch.isDisabled === false} aria-label={`Enable ${account.name}`}>
                Enable
              </Button>
            ) : (
              <Button
                size="xs"
                variant="default"
                onClick={() => confirmDisableAccount(account, { isOwnAccount, onConfirm: () => setDisabled(true) })}
                loading={update.isPending && update.variables?.patch.isDisabled === true}
                aria-label={`Disable ${account.name}`}
              >
                Disable
              </Button>
            )}
            <Tooltip label={`Delete ${account.name}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Delete service account ${account.name}`}
                loading={remove.isPending}
                onClick={() => confirmDeleteAccount(account, { isOwnAccount, onConfirm: deleteAccount })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {actionError && <InlineError>{errorMessage(actionError)}</InlineError>}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function ServiceAccountList({ onCreate }: { onCreate: () => void }) {
  const [search, setSearch] = useAccountSearch();
  const [query] = useDebouncedValue(search.query, 250);
  const accounts = useServiceAccounts({ ...search, query });
  const [tokenFor, setTokenFor] = useState<ServiceAccount | null>(null);
  // The four filters do not fit side by side on a phone; stacked, they stay readable.
  const narrowScreen = useMediaQuery('(max-width: 40em)');
  const [mintOpened, mint] = useDisclosure();
  const totalCount = accounts.data?.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalCount / search.perPage));
  const narrowed = search.query !== '' || search.filter !== 'all';

  // After deletes the page asked for may be past the end: go to the last one that exists.
  useEffect(() => {
    if (accounts.data && !accounts.isPlaceholderData && search.page > lastPage) setSearch({ page: lastPage });
  }, [accounts.data, accounts.isPlaceholderData, search.page, lastPage, setSearch]);

  const pageSizes = PAGE_SIZES.includes(search.perPage) ? PAGE_SIZES : [...PAGE_SIZES, search.perPage].sort((a, b) => a - b);
  const first = (search.page - 1) * search.perPage + 1;
  const rows = accounts.data?.serviceAccounts ?? [];

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search by name"
          placeholder="Name or login"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.query}
          onChange={(event) => setSearch({ query: event.currentTarget.value })}
          miw={260}
          style={{ flex: 1 }}
        />
        <Stack gap={4} w={narrowScreen ? '100%' : undefined}>
          <Text size="sm" fw={500} id="service-account-filter">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="service-account-filter"
            data={accountFilters.map((value) => ({ value, label: filterLabels[value] }))}
            value={search.filter}
            onChange={(filter) => setSearch({ filter: filter as AccountFilter })}
            orientation={narrowScreen ? 'vertical' : 'horizontal'}
            fullWidth={narrowScreen}
          />
        </Stack>
      </Group>
      {accounts.isPending ? (
        <LoadingRows label="Loading service accounts" />
      ) : accounts.isError ? (
        <ErrorState error={accounts.error} onRetry={() => accounts.refetch()} title="Could not load service accounts" />
      ) : rows.length === 0 && totalCount === 0 ? (
        narrowed ? (
          <EmptyState
            title="No service account matches"
            action={
              <Button variant="default" onClick={() => setSearch({ query: '', filter: 'all' })}>
                Clear search and filter
              </Button>
            }
          >
            Nothing matches {search.query ? `“${search.query}”` : 'this filter'}
            {search.query && search.filter !== 'all' ? ` with the filter “${filterLabels[search.filter]}”` : ''}.
          </EmptyState>
        ) : (
          <EmptyState title="No service accounts yet" action={<Button onClick={onCreate}>Add service account</Button>}>
            A service account is an identity for scripts and other tools; its tokens call the API with its role.
          </EmptyState>
        )
      ) : (
        <>
          <Table.ScrollContainer minWidth={880}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Service accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Login</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Tokens</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <Text size="sm" fw={700} ta="right">
                      Actions
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((account) => (
                  <AccountRow
                    key={account.id}
                    account={account}
                    onAddToken={(target) => {
                      setTokenFor(target);
                      mint.open();
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Text size="sm" data-testid="service-account-count">
                {rows.length > 0 ? `${first}–${first + rows.length - 1} of ${totalCount}` : `0 of ${totalCount}`} service accounts
              </Text>
              {accounts.isFetching && <Loader size="xs" aria-label="Refreshing the list" />}
            </Group>
            <Group gap="md" wrap="wrap">
              <Group gap="xs" wrap="nowrap">
                <Text component="label" htmlFor="service-account-page-size" size="sm">
                  Per page
                </Text>
                <NativeSelect
                  id="service-account-page-size"
                  size="xs"
                  data={pageSizes.map(String)}
                  value={String(search.perPage)}
                  onChange={(event) => setSearch({ perPage: Number(event.currentTarget.value) })}
                />
              </Group>
              <nav aria-label="Pages of service accounts">
                <Pagination
                  total={lastPage}
                  value={Math.min(search.page, lastPage)}
                  onChange={(page) => setSearch({ page })}
                  size="sm"
                  withEdges
                  getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === search.page ? 'page' : undefined })}
                />
              </nav>
            </Group>
          </Group>
        </>
      )}
      {tokenFor && <MintTokenModal account={tokenFor} opened={mintOpened} onClose={mint.close} />}
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
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={modal.open}>
            Add service account
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed" maw={720}>
        Service accounts are identities for scripts and other tools. Each has a role, and calls the API with its tokens.
      </Text>
      <RoleGuard role="Admin" what="Managing service accounts">
        <ServiceAccountList onCreate={modal.open} />
        <CreateServiceAccountModal opened={opened} onClose={modal.close} />
      </RoleGuard>
    </Page>
  );
}
