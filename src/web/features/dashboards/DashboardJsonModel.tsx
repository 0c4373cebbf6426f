import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { lazyComponent } from '../../lib/lazyComponent';

const JsonEditor = lazyComponent(
  () => import('./JsonEditor'),
  <Group gap="xs">
    <Loader size="sm" />
    <Text size="sm">Loading the editor…</Text>
  </Group>,
);

/** The settings' JSON model page: the whole dashboard as JSON, and why the text does not parse when it does not. */
export function DashboardJsonModel({
  text,
  error,
  onChange,
  readOnly,
}: {
  text: string;
  error: string | undefined;
  onChange(text: string): void;
  readOnly: boolean;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        The whole dashboard as JSON. Valid changes apply at once; Save stores them.
      </Text>
      <JsonEditor value={text} onChange={onChange} label="Dashboard JSON model" readOnly={readOnly} />
      {error && (
        <Alert color="red" variant="light" role="alert" title="The JSON model is not valid">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
