import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { ServiceAccount, ServiceAccountToken } from '../../../contract/serviceaccounts';
import { errorMessage } from '../../api/errors';
import { InlineError } from '../../components/RoleSelect';
import { formatDateTime } from '../../lib/format';
import { TableHead } from '../../components/TableHead';
import { useRevokeToken } from './api';
import { confirmRevokeToken } from './confirmations';
import { describeExpiry, refreshInterval } from './format';
import { TokenExpiryLabel, useNow } from './TokenExpiryLabel';

/** The account's tokens; expiry labels count down live while one is about to expire. */
export function TokensTable({ account, tokens, fetchedAt }: { account: ServiceAccount; tokens: ServiceAccountToken[]; fetchedAt: number }) {
  const now = useNow((at) => refreshInterval(tokens, at, fetchedAt));
  const revoke = useRevokeToken(account.id, (_answer, tokenId) => {
    const name = tokens.find((token) => token.id === tokenId)?.name ?? 'The token';
    notifications.show({ color: 'green', title: 'Token revoked', message: `${name} of ${account.name} no longer works` });
  });
  const revokeToken = (token: ServiceAccountToken) => confirmRevokeToken(account, token, () => revoke.mutate(token.id));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={`Tokens of ${account.name}`}>
        <TableHead columns={['Name', 'Expires', 'Created', 'Last used']} />
        <Table.Tbody>
          {tokens.map((token) => {
            const failed = revoke.isError && revoke.variables === token.id;
            return (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {token.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TokenExpiryLabel expiry={describeExpiry(token, now, fetchedAt)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" component="time" dateTime={token.created}>
                    {formatDateTime(token.created)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {token.lastUsedAt === null ? (
                    <Text size="sm">Never</Text>
                  ) : (
                    <Text size="sm" component="time" dateTime={token.lastUsedAt}>
                      {formatDateTime(token.lastUsedAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-end">
                    <Tooltip label={`Revoke ${token.name}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Revoke token ${token.name}`}
                        loading={revoke.isPending && revoke.variables === token.id}
                        onClick={() => revokeToken(token)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {failed && <InlineError>{errorMessage(revoke.error)}</InlineError>}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
