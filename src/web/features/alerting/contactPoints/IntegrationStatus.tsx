import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconSend } from '@tabler/icons-react';
import type { ReceiverStatus } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { formatDateTime } from '../../../lib/format';
import { useTestIntegration, type IntegrationTest } from '../api/contactPoints';

type IntegrationAttempt = ReceiverStatus['integrations'][number];

/** Go's zero time: nothing was attempted yet. */
const never = (time: string) => time.startsWith('0001-01-01');

/** The last delivery of an integration, as text (an icon beside it is only decoration). */
export function LastDelivery({ attempt }: { attempt: IntegrationAttempt | undefined }) {
  if (!attempt || never(attempt.lastNotifyAttempt)) {
    return (
      <Text size="sm" c="dimmed">
        No delivery attempted yet
      </Text>
    );
  }
  const when = formatDateTime(attempt.lastNotifyAttempt);
  if (attempt.lastNotifyAttemptError) {
    return (
      <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
        <IconCircleX size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Last delivery failed {when}: {attempt.lastNotifyAttemptError}
      </Text>
    );
  }
  return (
    <Text size="sm">
      <IconCircleCheck size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Last delivery succeeded {when} (took {attempt.lastNotifyAttemptDuration})
    </Text>
  );
}

/**
 * The Test button of one integration and what the test said: sent, or the receiver's own words
 * (its HTTP status and body, SMTP's answer) when it failed.
 */
export function TestIntegration({
  integration,
  label,
  beforeTest,
}: {
  integration: IntegrationTest;
  label: string;
  beforeTest?: () => boolean;
}) {
  const test = useTestIntegration();
  const run = () => {
    if (beforeTest && !beforeTest()) return;
    test.mutate(integration);
  };
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={test.isPending}
        onClick={run}
        aria-label={label}
      >
        Test
      </Button>
      {test.isSuccess && test.data.ok && (
        <Alert color="green" variant="light" role="status" py={6} title="Test notification sent">
          The receiver accepted it at {formatDateTime(test.data.at)}.
        </Alert>
      )}
      {test.isSuccess && !test.data.ok && (
        <Alert color="red" variant="light" role="alert" py={6} title="Test notification failed" style={{ overflowWrap: 'anywhere' }}>
          {test.data.error ?? 'The receiver did not take it.'}
        </Alert>
      )}
      {test.isError && (
        <Alert color="red" variant="light" role="alert" py={6} title="Could not send the test">
          {errorMessage(test.error)}
        </Alert>
      )}
    </Stack>
  );
}
