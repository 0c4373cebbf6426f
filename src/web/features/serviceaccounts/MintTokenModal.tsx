import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createTokenRequestSchema, type CreateTokenRequest, type ServiceAccount } from '../../../contract/serviceaccounts';
import { ApiError, errorMessage } from '../../api/client';
import { useCreateToken } from './api';
import { InlineError } from '../../components/RoleSelect';
import { formatDateTime } from './format';

const DAY = 24 * 3600;

export type ExpiryChoice = 'never' | '1d' | '7d' | '30d' | '90d' | 'date' | 'custom';

/** The expiry choices of the dialog, in the order shown; presets carry their lifetime. */
export const expiryChoices: ReadonlyArray<{ value: ExpiryChoice; label: string; seconds?: number }> = [
  { value: 'never', label: 'No expiration' },
  { value: '1d', label: '1 day', seconds: DAY },
  { value: '7d', label: '7 days', seconds: 7 * DAY },
  { value: '30d', label: '30 days', seconds: 30 * DAY },
  { value: '90d', label: '90 days', seconds: 90 * DAY },
  { value: 'date', label: 'Until a date' },
  { value: 'custom', label: 'Custom lifetime' },
];

export const lifetimeUnits = [
  { value: 'seconds', label: 'seconds', seconds: 1 },
  { value: 'minutes', label: 'minutes', seconds: 60 },
  { value: 'hours', label: 'hours', seconds: 3600 },
  { value: 'days', label: 'days', seconds: DAY },
] as const;
export type LifetimeUnit = (typeof lifetimeUnits)[number]['value'];

export interface ExpiryInput {
  choice: ExpiryChoice;
  /** `YYYY-MM-DD` of a date input; the token stops working at the start of that day, local time. */
  date: string;
  amount: number | string;
  unit: LifetimeUnit;
}

/** A date input's value for the day `days` after `now`. */
export function dateInputValue(now: number, days: number): string {
  const day = new Date(now);
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The `secondsToLive` to send for a choice (undefined: never expires), or what is wrong with it. */
export function secondsToLive(input: ExpiryInput, now: number): { seconds: number | undefined } | { error: string } {
  switch (input.choice) {
    case 'never':
      return { seconds: undefined };
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date);
      if (!match) return { error: 'Pick the date the token stops working' };
      const startOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
      const seconds = Math.ceil((startOfDay - now) / 1000);
      return seconds > 0 ? { seconds } : { error: 'Pick a date after today' };
    }
    case 'custom': {
      const amount = typeof input.amount === 'number' ? input.amount : Number(input.amount);
      if (input.amount === '' || !Number.isInteger(amount) || amount < 1) return { error: 'Enter a whole number, 1 or more' };
      const unit = lifetimeUnits.find((option) => option.value === input.unit)!;
      return { seconds: amount * unit.seconds };
    }
    default:
      return { seconds: expiryChoices.find((option) => option.value === input.choice)?.seconds };
  }
}

/** Grafana's default token name: the account's login and a short random suffix, unique enough to need no edit. */
function defaultTokenName(login: string): string {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${login}-${suffix}`;
}

interface Minted {
  key: string;
  name: string;
  expiresAt: number | null;
}

function MintTokenForm({ account, onMinted, onCancel }: { account: ServiceAccount; onMinted: (minted: Minted) => void; onCancel: () => void }) {
  const [name, setName] = useState(() => defaultTokenName(account.login));
  // The earliest date to offer, fixed when the dialog opens.
  const [tomorrow] = useState(() => dateInputValue(Date.now(), 1));
  const [expiry, setExpiry] = useState<ExpiryInput>({ choice: 'never', date: tomorrow, amount: 1, unit: 'hours' });
  const [nameError, setNameError] = useState<string>();
  const [expiryError, setExpiryError] = useState<string>();
  const create = useCreateToken(account.id);
  const serverError = create.error && !(create.error instanceof ApiError && create.error.status === 409) ? errorMessage(create.error) : undefined;

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
        notifications.show({ color: 'green', title: 'Token created', message: `${minted.name} for ${account.name}` });
        onMinted({ key: minted.key, name: minted.name, expiresAt: parsed.data.secondsToLive ? now + parsed.data.secondsToLive * 1000 : null });
      },
      onError: (error) => {
        // A clash of names is about the name field; anything else is said below the form.
        if (error instanceof ApiError && error.status === 409) setNameError(error.message);
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
        <Radio.Group label="Expiration" value={expiry.choice} onChange={setChoice} error={expiry.choice === 'date' || expiry.choice === 'custom' ? undefined : expiryError}>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
            Generate token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CopyState = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; message: string };

async function copyToClipboard(text: string): Promise<CopyState> {
  try {
    if (!navigator.clipboard) throw new Error('this page has no clipboard access (it needs https or localhost)');
    await navigator.clipboard.writeText(text);
    return { state: 'copied' };
  } catch (error) {
    return { state: 'failed', message: `Could not copy: ${errorMessage(error)}. Select the token and copy it yourself.` };
  }
}

/** The key, shown this once, with ways to copy it. */
function MintedKey({ minted, accountName, onClose }: { minted: Minted; accountName: string; onClose: () => void }) {
  const [copy, setCopy] = useState<CopyState>({ state: 'idle' });
  const resetTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const copyKey = async () => {
    const result = await copyToClipboard(minted.key);
    setCopy(result);
    window.clearTimeout(resetTimer.current);
    if (result.state === 'copied') resetTimer.current = window.setTimeout(() => setCopy({ state: 'idle' }), 3000);
    return result;
  };
  const copyAndClose = async () => {
    if ((await copyKey()).state !== 'copied') return;
    notifications.show({ color: 'green', title: 'Copied', message: `Token ${minted.name} is on the clipboard.` });
    onClose();
  };

  return (
    <Stack>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Copy the token now" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        It will not be shown again: Sightline keeps only a hash of it. Store it somewhere safe, such as a password manager,
        before you close this dialog.
      </Alert>
      <TextInput
        label="Token"
        description={`${minted.name} for ${accountName}; ${minted.expiresAt === null ? 'never expires' : `expires ${formatDateTime(new Date(minted.expiresAt).toISOString())}`}.`}
        value={minted.key}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
        data-autofocus
      />
      <div aria-live="polite">
        {copy.state === 'copied' && (
          <Group gap={6}>
            <IconCheck size={16} aria-hidden />
            <Text size="sm">Copied to the clipboard</Text>
          </Group>
        )}
        {copy.state === 'failed' && <InlineError>{copy.message}</InlineError>}
      </div>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="default" onClick={() => void copyKey()} leftSection={copy.state === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
          {copy.state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={() => void copyAndClose()}>Copy and close</Button>
      </Group>
    </Stack>
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
      {minted ? <MintedKey minted={minted} accountName={account.name} onClose={onClose} /> : <MintTokenForm account={account} onMinted={setMinted} onCancel={onClose} />}
    </Modal>
  );
}
