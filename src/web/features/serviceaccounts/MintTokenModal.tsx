import { Alert, Group, Modal, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { createTokenRequestSchema, type CreateTokenRequest, type ServiceAccount } from '../../../contract/serviceaccounts';
import { errorMessage, serverFieldError } from '../../api/errors';
import { FormFooter } from '../../components/FormFooter';
import { useCreateToken } from './api';
import {
  dateInputValue,
  expiryChoices,
  lifetimeUnits,
  secondsToLive,
  type ExpiryChoice,
  type ExpiryInput,
  type LifetimeUnit,
} from './expiry';
import { MintedKey, type Minted } from './MintedKey';

export { dateInputValue, secondsToLive };

/** Grafana's default token name: the account's login and a short random suffix, unique enough to need no edit. */
function defaultTokenName(login: string): string {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${login}-${suffix}`;
}

function MintTokenForm({
  account,
  onMinted,
  onCancel,
}: {
  account: ServiceAccount;
  onMinted: (minted: Minted) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(() => defaultTokenName(account.login));
  // The earliest date to offer, fixed when the dialog opens.
  const [tomorrow] = useState(() => dateInputValue(Date.now(), 1));
  const [expiry, setExpiry] = useState<ExpiryInput>({ choice: 'never', date: tomorrow, amount: 1, unit: 'hours' });
  const [nameError, setNameError] = useState<string>();
  const [expiryError, setExpiryError] = useState<string>();
  const create = useCreateToken(account.id);
  const serverError = create.error && !serverFieldError(create.error, 'name', 'secondsToLive') ? errorMessage(create.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    setExpiryError(undefined);
    create.reset();
    const now = Date.now();
    const lifetime = secondsToLive(expiry, now);
    if ('error' in lifetime) return setExpiryError(lifetime.error);
    const body: CreateTokenRequest = { name, secondsToLive: lifetime.seconds };
    const parsed = createTokenRequestSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') setNameError(`Name ${issue.message}`);
        else setExpiryError(`The lifetime ${issue.message}`);
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (minted) => {
        // Below, not at the top right: there it covered the dialog's close button.
        notifications.show({
          color: 'green',
          title: 'Token created',
          message: `${minted.name} for ${account.name}`,
          position: 'bottom-right',
        });
        onMinted({
          key: minted.key,
          name: minted.name,
          expiresAt: parsed.data.secondsToLive ? now + parsed.data.secondsToLive * 1000 : null,
        });
      },
      onError: (error) => {
        // A refusal naming a field (a taken name, a lifetime) goes on it; anything else is said below the form.
        setNameError(serverFieldError(error, 'name'));
        setExpiryError(serverFieldError(error, 'secondsToLive'));
      },
    });
  };

  const setChoice = (choice: string) => {
    setExpiryError(undefined);
    setExpiry((current) => ({ ...current, choice: choice as ExpiryChoice }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          A token lets a script or another tool call the API as <strong>{account.name}</strong>, with its role ({account.role}).
        </Text>
        <TextInput
          label="Token name"
          description="Names are unique within the account."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          required
          data-autofocus
        />
        <Radio.Group
          label="Expiration"
          value={expiry.choice}
          onChange={setChoice}
          error={expiry.choice === 'date' || expiry.choice === 'custom' ? undefined : expiryError}
        >
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="xs" mt="xs">
            {expiryChoices.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        {expiry.choice === 'date' && (
          <TextInput
            type="date"
            label="Expires on"
            description="The token stops working at the start of this day, in your time zone."
            value={expiry.date}
            min={tomorrow}
            onChange={(event) => setExpiry({ ...expiry, date: event.currentTarget.value })}
            error={expiryError}
            required
          />
        )}
        {expiry.choice === 'custom' && (
          <Group align="flex-start" grow>
            <NumberInput
              label="Lifetime"
              description="The token stops working this long after it is created."
              value={expiry.amount}
              onChange={(amount) => setExpiry({ ...expiry, amount })}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              error={expiryError}
              required
            />
            <NativeSelect
              label="Unit"
              description="Of the lifetime."
              data={lifetimeUnits.map(({ value, label }) => ({ value, label }))}
              value={expiry.unit}
              onChange={(event) => setExpiry({ ...expiry, unit: event.currentTarget.value as LifetimeUnit })}
            />
          </Group>
        )}
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="The token was not created">
            {serverError}
          </Alert>
        )}
        <FormFooter
          submitLabel="Generate token"
          onCancel={onCancel}
          pending={create.isPending}
          submitIcon={<IconKey size={16} aria-hidden />}
        />
      </Stack>
    </form>
  );
}

/**
 * Mints a token for `account`: a name and an expiry, then the key, shown once. The key lives only
 * in this dialog's state and is dropped when the dialog has closed.
 */
export function MintTokenModal({ account, opened, onClose }: { account: ServiceAccount; opened: boolean; onClose: () => void }) {
  const [minted, setMinted] = useState<Minted | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setMinted(null)}
      title={minted ? 'Token created' : 'Add service account token'}
      size="lg"
      // Once the key shows, only a deliberate Close loses it; a stray click or Escape does not.
      closeOnClickOutside={!minted}
      closeOnEscape={!minted}
    >
      {minted ? (
        <MintedKey minted={minted} accountName={account.name} onClose={onClose} />
      ) : (
        <MintTokenForm account={account} onMinted={setMinted} onCancel={onClose} />
      )}
    </Modal>
  );
}
