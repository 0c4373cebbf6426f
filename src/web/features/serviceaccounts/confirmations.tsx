import { Stack, Text } from '@mantine/core';
import type { ServiceAccount, ServiceAccountToken } from '../../../contract/serviceaccounts';
import { confirmDestructive } from '../../components/confirmDestructive';
import { tokenCount } from './format';

/** Said when the account being changed is the one whose token this browser uses. */
const OWN_ACCOUNT_NOTE = 'This is the account you are connected with: this browser will be disconnected.';

/** What deleting an account takes with it, named: "Delete service account X and its 3 tokens? …" */
export function deleteAccountQuestion(account: Pick<ServiceAccount, 'name' | 'tokens'>): string {
  if (account.tokens === 0) return `Delete service account ${account.name}? It has no tokens.`;
  const them = account.tokens === 1 ? 'it' : 'them';
  return `Delete service account ${account.name} and its ${tokenCount(account.tokens)}? Anything using ${them} stops working.`;
}

export function disableAccountQuestion(account: Pick<ServiceAccount, 'name' | 'tokens'>): string {
  if (account.tokens === 0)
    return `Disable service account ${account.name}? It has no tokens now; any it gets are refused until you enable it again.`;
  const are = account.tokens === 1 ? 'is' : 'are';
  return `Disable service account ${account.name}? Its ${tokenCount(account.tokens)} ${are} refused until you enable it again, so anything using ${account.tokens === 1 ? 'it' : 'them'} stops working.`;
}

function Question({ question, details, isOwnAccount }: { question: string; details?: string; isOwnAccount?: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{question}</Text>
      {details && <Text size="sm">{details}</Text>}
      {isOwnAccount && (
        <Text size="sm" fw={600}>
          {OWN_ACCOUNT_NOTE}
        </Text>
      )}
    </Stack>
  );
}

export function confirmDeleteAccount(account: ServiceAccount, options: { isOwnAccount: boolean; onConfirm: () => void }) {
  confirmDestructive({
    title: 'Delete service account',
    children: <Question question={deleteAccountQuestion(account)} details="This cannot be undone." isOwnAccount={options.isOwnAccount} />,
    onConfirm: options.onConfirm,
  });
}

export function confirmDisableAccount(account: ServiceAccount, options: { isOwnAccount: boolean; onConfirm: () => void }) {
  confirmDestructive({
    title: 'Disable service account',
    children: <Question question={disableAccountQuestion(account)} isOwnAccount={options.isOwnAccount} />,
    onConfirm: options.onConfirm,
  });
}

export function confirmRevokeToken(account: Pick<ServiceAccount, 'name'>, token: ServiceAccountToken, onConfirm: () => void) {
  confirmDestructive({
    title: 'Revoke token',
    children: (
      <Question
        question={`Revoke token ${token.name} of ${account.name}? Anything using it stops working at once.`}
        details="This cannot be undone: a revoked token never works again."
      />
    ),
    onConfirm,
  });
}
