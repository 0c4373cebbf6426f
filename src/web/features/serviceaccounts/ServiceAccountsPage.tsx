import { Button, Group, NativeSelect, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ServiceAccount } from '../../../contract/serviceaccounts';
import { useHasRole } from '../../app/useSession';
import { ListCount, ListPage, ListTable, NoMatch, SearchInput, WhenLoaded } from '../../components/ListPage';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState } from '../../components/States';
import { accountFilters, useServiceAccounts, type AccountFilter, type AccountSearch } from './api';
import { useUrlParams } from '../../lib/useUrlParams';
import { AccountRow } from './AccountRow';
import { CreateServiceAccountModal } from './CreateServiceAccountModal';
import { MintTokenModal } from './MintTokenModal';

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
  const [params, setUrlParams] = useUrlParams();
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
    // Typing replaces the entry; paging and filtering can be gone back through.
    setUrlParams(
      {
        query: next.query,
        filter: next.filter === 'all' ? undefined : next.filter,
        page: next.page === 1 ? undefined : String(next.page),
        perpage: next.perPage === DEFAULT_PAGE_SIZE ? undefined : String(next.perPage),
      },
      { replace: change.query !== undefined },
    );
  };
  return [search, update];
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
        <SearchInput
          label="Search by name"
          placeholder="Name or login"
          value={search.query}
          onSearch={(query) => setSearch({ query })}
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
      <WhenLoaded query={accounts} loadingLabel="Loading service accounts" errorTitle="Could not load service accounts">
        {() =>
          rows.length === 0 && totalCount === 0 ? (
            narrowed ? (
              <NoMatch
                title="No service account matches"
                clearLabel="Clear search and filter"
                onClear={() => setSearch({ query: '', filter: 'all' })}
              >
                Nothing matches {search.query ? `“${search.query}”` : 'this filter'}
                {search.query && search.filter !== 'all' ? ` with the filter “${filterLabels[search.filter]}”` : ''}.
              </NoMatch>
            ) : (
              <EmptyState title="No service accounts yet" action={<Button onClick={onCreate}>Add service account</Button>}>
                A service account is an identity for scripts and other tools; its tokens call the API with its role.
              </EmptyState>
            )
          ) : (
            <>
              <ListTable label="Service accounts" columns={['Name', 'Login', 'Role', 'Tokens', 'Status']} minWidth={880}>
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
              </ListTable>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <ListCount refreshing={accounts.isFetching} data-testid="service-account-count">
                  {rows.length > 0 ? `${first}–${first + rows.length - 1} of ${totalCount}` : `0 of ${totalCount}`} service accounts
                </ListCount>
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
          )
        }
      </WhenLoaded>
      {tokenFor && <MintTokenModal account={tokenFor} opened={mintOpened} onClose={mint.close} />}
    </Stack>
  );
}

export function ServiceAccountsPage() {
  const [opened, modal] = useDisclosure();
  const isAdmin = useHasRole('Admin');
  return (
    <ListPage
      title="Service accounts"
      actions={
        isAdmin && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={modal.open}>
            Add service account
          </Button>
        )
      }
      intro="Service accounts are identities for scripts and other tools. Each has a role, and calls the API with its tokens."
    >
      <RoleGuard role="Admin" what="Managing service accounts">
        <ServiceAccountList onCreate={modal.open} />
        <CreateServiceAccountModal opened={opened} onClose={modal.close} />
      </RoleGuard>
    </ListPage>
  );
}
