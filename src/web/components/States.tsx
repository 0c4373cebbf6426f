import { Alert, Button, Center, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';

/** Rows of grey bars while a list loads: the page keeps its shape, never goes blank. */
export function LoadingRows({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** Nothing to show yet, said plainly, with the next step when there is one. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Center>
        <Stack align="center" gap="xs" maw={420}>
          <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
            <IconInbox size={24} />
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
          {children && (
            <Text c="dimmed" ta="center" size="sm">
              {children}
            </Text>
          )}
          {action}
        </Stack>
      </Center>
    </Paper>
  );
}

/** A failed load, in the server's words, with a way to try again. */
export function ErrorState({ error, onRetry, title = 'Could not load this' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
