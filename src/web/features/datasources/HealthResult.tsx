import { Alert, Box, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import type { HealthCheckResult } from '../../../contract/datasources';
import { errorMessage } from '../../api/errors';
import { checkHealth } from './api';
import classes from './DataSources.module.css';

/** The last test of a data source: the server's verdict, or why the test could not run at all. */
export type TestOutcome = { kind: 'result'; result: HealthCheckResult; at: number } | { kind: 'failed'; message: string; at: number };

/** Runs the health check and never throws: a failure to run is an outcome to show as well. */
export async function runTest(uid: string): Promise<TestOutcome> {
  try {
    return { kind: 'result', result: await checkHealth(uid), at: Date.now() };
  } catch (error) {
    return { kind: 'failed', message: errorMessage(error), at: Date.now() };
  }
}

/** Grafana puts a failed check's detail in `details.message`; shown when it adds something. */
function detailMessage(result: HealthCheckResult): string | undefined {
  const details = result.details;
  if (
    details &&
    typeof details === 'object' &&
    'message' in details &&
    typeof details.message === 'string' &&
    details.message !== result.message
  ) {
    return details.message;
  }
  return undefined;
}

/**
 * Brings each new result into view: it sits beside the buttons at the end of a long form, which may
 * be below the fold when Save & test is pressed from the keyboard or after scrolling back up.
 */
function InView({ at, children }: { at: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [at]);
  return (
    <Box ref={ref} style={{ scrollMarginBottom: 96 }}>
      {children}
    </Box>
  );
}

export function HealthResult({ outcome }: { outcome: TestOutcome }) {
  return (
    <InView at={outcome.at}>
      <Outcome outcome={outcome} />
    </InView>
  );
}

function Outcome({ outcome }: { outcome: TestOutcome }) {
  const time = new Date(outcome.at).toLocaleTimeString();
  if (outcome.kind === 'failed') {
    return (
      <Alert color="red" variant="light" title="Could not run the test" icon={<IconPlugConnectedX aria-hidden />}>
        <Stack gap={4}>
          <Text size="sm">{outcome.message}</Text>
          <Text size="xs">Tried at {time}</Text>
        </Stack>
      </Alert>
    );
  }
  const ok = outcome.result.status === 'OK';
  const detail = detailMessage(outcome.result);
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      variant="light"
      role={ok ? 'status' : 'alert'}
      title={ok ? 'Test passed' : 'Test failed'}
      classNames={ok ? { title: classes.passedTitle } : undefined}
      icon={ok ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
    >
      <Stack gap={4}>
        <Text size="sm">{outcome.result.message}</Text>
        {detail && <Text size="sm">{detail}</Text>}
        <Text size="xs">Tested at {time}</Text>
      </Stack>
    </Alert>
  );
}
