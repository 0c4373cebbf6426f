import { Center, Loader, Stack, Text } from '@mantine/core';

/** A whole-page loader (the first page's code, or finding who is signed in), so the screen is never blank. */
export function AppLoading({ label = 'Loading Sightline…' }: { label?: string }) {
  return (
    <Center mih="100vh" component="main">
      <Stack align="center" gap="xs" role="status" aria-label={label}>
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
