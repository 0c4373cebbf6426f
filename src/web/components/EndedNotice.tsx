import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Why the last session ended (the server's 401, a sign-out in another tab), on the sign-in and connect pages. */
export function EndedNotice({ title, reason }: { title: string; reason: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={title}
      icon={<IconInfoCircle aria-hidden />}
      // Orange on its light background is 3.6:1; the body text colour passes AA (4.5:1) in both themes.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {reason}
    </Alert>
  );
}
