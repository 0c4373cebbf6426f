import { Alert, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { CopyButton } from './CopyButton';
import type { PanelInspectProps } from './PanelInspect';

/** A titled block of JSON: a region named by its heading, the text in a scrollable `<pre>`. */
function JsonBlock({ heading, value, emptyText, what }: { heading: string; value: unknown; emptyText: string; what: string }) {
  const headingId = useId();
  const text = useMemo(() => (value === undefined ? undefined : JSON.stringify(value, null, 2)), [value]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={3} size="h5" id={headingId}>
          {heading}
        </Title>
        {text !== undefined && <CopyButton text={text} what={what} />}
      </Group>
      {text === undefined ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        // Focusable so that keyboard users can scroll a long answer.
        <Code block tabIndex={0} style={{ maxHeight: '40vh', overflow: 'auto' }}>
          {text}
        </Code>
      )}
    </Stack>
  );
}

/** Inspect's Query tab: the request last sent to /api/ds/query and its raw answer. */
export function InspectQueryTab({ request, response, error }: Pick<PanelInspectProps, 'request' | 'response' | 'error'>) {
  return (
    <Stack gap="lg">
      <JsonBlock heading="Request" value={request} emptyText="No request yet" what="request" />
      {error && (
        <Alert color="red" variant="light" title="The query failed" role="alert">
          {error}
        </Alert>
      )}
      <JsonBlock heading="Response" value={response} emptyText="No response yet" what="response" />
    </Stack>
  );
}
