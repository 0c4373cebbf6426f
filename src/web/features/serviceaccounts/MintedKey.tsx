import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { InlineError } from '../../components/RoleSelect';
import { formatDateTime } from '../../lib/format';

export interface Minted {
  key: string;
  name: string;
  expiresAt: number | null;
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
export function MintedKey({ minted, accountName, onClose }: { minted: Minted; accountName: string; onClose: () => void }) {
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
    notifications.show({ color: 'green', title: 'Copied', message: `Token ${minted.name} is on the clipboard.`, position: 'bottom-right' });
    onClose();
  };

  return (
    <Stack>
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Copy the token now"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        It will not be shown again: Sightline keeps only a hash of it. Store it somewhere safe, such as a password manager, before you close
        this dialog.
      </Alert>
      <TextInput
        label="Token"
        description={`${minted.name} for ${accountName}; ${minted.expiresAt === null ? 'never expires' : `expires ${formatDateTime(new Date(minted.expiresAt).toISOString())}`}.`}
        value={minted.key}
        readOnly
        // Room below the baseline: in a 36 px box the underscores of a token were cut off and read as spaces.
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', height: 'auto', lineHeight: 1.8, paddingBlock: 6 } }}
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
        <Button
          variant="default"
          onClick={() => void copyKey()}
          leftSection={copy.state === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        >
          {copy.state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={() => void copyAndClose()}>Copy and close</Button>
      </Group>
    </Stack>
  );
}
