import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ServiceAccount } from '../../../contract/serviceaccounts';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useSession } from '../../app/useSession';
import { RowIconAction } from '../../components/ListPage';
import { InlineError, RoleSelect } from '../../components/RoleSelect';
import { useDeleteServiceAccount, useUpdateServiceAccount } from './api';
import { confirmDeleteAccount, confirmDisableAccount } from './confirmations';
import { notifyAccountDeleted, notifyAccountUpdated } from './notify';

export function AccountRow({ account, onAddToken }: { account: ServiceAccount; onAddToken: (account: ServiceAccount) => void }) {
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
              <Button
                size="xs"
                variant="default"
                onClick={() => setDisabled(false)}
                loading={update.isPending && update.variables?.patch.isDisabled === false}
                aria-label={`Enable ${account.name}`}
              >
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
            <RowIconAction
              label={`Delete service account ${account.name}`}
              tooltip={`Delete ${account.name}`}
              icon={IconTrash}
              color="red"
              loading={remove.isPending}
              onClick={() => confirmDeleteAccount(account, { isOwnAccount, onConfirm: deleteAccount })}
            />
          </Group>
          {actionError && <InlineError>{errorMessage(actionError)}</InlineError>}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
