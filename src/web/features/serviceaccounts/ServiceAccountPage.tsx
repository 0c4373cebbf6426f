import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconKey, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { serviceAccountIdParamsSchema } from '../../../contract/serviceaccounts';
import { ApiError, errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole, useSession } from '../../app/useSession';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { DetailsForm, Fact } from './AccountDetails';
import { useDeleteServiceAccount, useServiceAccount, useServiceAccountTokens, useUpdateServiceAccount } from './api';
import { confirmDeleteAccount, confirmDisableAccount } from './confirmations';
import { tokenCount } from './format';
import { MintTokenModal } from './MintTokenModal';
import { notifyAccountDeleted, notifyAccountUpdated } from './notify';
import { TokensTable } from './TokensTable';

function BackToList({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs>
        <Anchor component={Link} to={paths.serviceAccounts()} size="sm">
          Service accounts
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

function AccountView({ id }: { id: number }) {
  const account = useServiceAccount(id);
  const tokens = useServiceAccountTokens(id);
  const update = useUpdateServiceAccount((answer, { patch }) => notifyAccountUpdated(answer.name, patch));
  const navigate = useNavigate();
  const remove = useDeleteServiceAccount(() => {
    notifyAccountDeleted(account.data?.name ?? 'The service account');
    navigate(paths.serviceAccounts());
  });
  const [mintOpened, mint] = useDisclosure();
  const session = useSession();

  if (account.isPending) {
    return (
      <Stack gap="sm">
        <BackToList current="Service account" />
        <Page title="Service account">
          <LoadingRows label="Loading the service account" rows={4} />
        </Page>
      </Stack>
    );
  }
  if (account.isError) {
    const notFound = account.error instanceof ApiError && account.error.status === 404;
    return (
      <Stack gap="sm">
        <BackToList current={notFound ? 'Not found' : 'Service account'} />
        <Page title={notFound ? 'Service account not found' : 'Service account'}>
          <ErrorState
            error={notFound ? `There is no service account with id ${id} in this organization. It may have been deleted.` : account.error}
            onRetry={notFound ? undefined : () => account.refetch()}
            title={notFound ? 'Not found' : 'Could not load the service account'}
          />
          <Group>
            <Button component={Link} to={paths.serviceAccounts()} variant="default">
              All service accounts
            </Button>
          </Group>
        </Page>
      </Stack>
    );
  }

  const data = account.data;
  const isOwnAccount = data.login === session?.login;
  const headerError = update.error ?? remove.error;

  const setDisabled = (isDisabled: boolean) => update.mutate({ id, patch: { isDisabled } });
  const deleteAccount = () => remove.mutate(id);

  return (
    <Stack gap="sm">
      <BackToList current={data.name} />
      <Page
        title={data.name}
        actions={
          <>
            <Button leftSection={<IconKey size={18} aria-hidden />} onClick={mint.open} disabled={data.isDisabled}>
              Add token
            </Button>
            {data.isDisabled ? (
              <Button
                variant="default"
                leftSection={<IconLockOpen size={18} aria-hidden />}
                onClick={() => setDisabled(false)}
                loading={update.isPending}
              >
                Enable service account
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconLock size={18} aria-hidden />}
                onClick={() => confirmDisableAccount(data, { isOwnAccount, onConfirm: () => setDisabled(true) })}
                loading={update.isPending}
              >
                Disable service account
              </Button>
            )}
            <Button
              variant="outline"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => confirmDeleteAccount(data, { isOwnAccount, onConfirm: deleteAccount })}
              loading={remove.isPending}
            >
              Delete service account
            </Button>
          </>
        }
      >
        {headerError && (
          <Alert color="red" variant="light" role="alert" title="That did not work">
            {errorMessage(headerError)}
          </Alert>
        )}
        {data.isDisabled && (
          <Alert color="gray" variant="light" icon={<IconAlertTriangle aria-hidden />} title="This service account is disabled">
            Its tokens are refused until it is enabled again, and no tokens can be added meanwhile.
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Details
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <Fact label="Login">
                <Text size="sm" ff="monospace" component="span">
                  {data.login}
                </Text>
              </Fact>
              <Fact label="ID">{data.id}</Fact>
              <Fact label="Status">
                <Badge variant="dot" color={data.isDisabled ? 'gray.5' : 'green'}>
                  {data.isDisabled ? 'Disabled' : 'Enabled'}
                </Badge>
              </Fact>
              <Fact label="Tokens">{data.tokens}</Fact>
            </SimpleGrid>
            <DetailsForm key={`${data.name}|${data.role}`} account={data} />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Tokens
              </Title>
              {tokens.data && (
                <Text size="sm" c="dimmed">
                  {tokenCount(tokens.data.length)}
                </Text>
              )}
            </Group>
            {tokens.isPending ? (
              <LoadingRows label="Loading tokens" rows={3} />
            ) : tokens.isError ? (
              <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} title="Could not load the tokens" />
            ) : tokens.data.length === 0 ? (
              <EmptyState
                title="No tokens"
                action={
                  !data.isDisabled && (
                    <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={mint.open}>
                      Add token
                    </Button>
                  )
                }
              >
                Add a token to let a script or another tool call the API as {data.name}.
              </EmptyState>
            ) : (
              <TokensTable account={data} tokens={tokens.data} fetchedAt={tokens.dataUpdatedAt} />
            )}
          </Stack>
        </Paper>
      </Page>
      <MintTokenModal account={data} opened={mintOpened} onClose={mint.close} />
    </Stack>
  );
}

export function ServiceAccountPage() {
  const isAdmin = useHasRole('Admin');
  const params = serviceAccountIdParamsSchema.safeParse(useParams());
  if (!isAdmin) {
    return (
      <Page title="Service account">
        <RoleGuard role="Admin" what="Managing service accounts">
          {null}
        </RoleGuard>
      </Page>
    );
  }
  if (!params.success) {
    return (
      <Stack gap="sm">
        <BackToList current="Not found" />
        <Page title="Service account not found">
          <ErrorState
            error="A service account's address ends in its number, such as /serviceaccounts/3."
            title="Not a service account address"
          />
        </Page>
      </Stack>
    );
  }
  return <AccountView id={params.data.id} />;
}
