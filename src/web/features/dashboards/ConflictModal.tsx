import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors';
import { formatDateTime } from '../../lib/format';
import { latestSavedDashboardQueryOptions } from './api';
import { JsonDiff } from './JsonDiff';
import { comparableModel } from './modelDiff';

/**
 * A save answered 412: someone saved a newer version meanwhile, or a dashboard with this uid
 * already exists. Shows the server's words and what differs, then lets the person overwrite.
 */
export function ConflictModal({
  opened,
  uid,
  serverMessage,
  mine,
  onOverwrite,
  onCancel,
  overwriting,
}: {
  opened: boolean;
  uid: string;
  serverMessage: string;
  mine: Record<string, unknown>;
  onOverwrite: () => void;
  onCancel: () => void;
  overwriting: boolean;
}) {
  const theirs = useQuery({ ...latestSavedDashboardQueryOptions(uid, serverMessage), enabled: opened });
  return (
    <Modal opened={opened} onClose={onCancel} title="The dashboard was changed elsewhere" size="xl">
      <Stack>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Text size="sm" fw={600}>
            {serverMessage}
          </Text>
          <Text size="sm">
            {theirs.data
              ? `Version ${theirs.data.meta.version} was saved by ${theirs.data.meta.updatedBy} at ${formatDateTime(theirs.data.meta.updated)}, after the version you started from.`
              : 'A dashboard with this uid was saved by someone else after you opened it, or already existed.'}{' '}
            Saving and overwriting replaces it with yours; their changes stay in the version history.
          </Text>
        </Alert>
        {theirs.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading the saved version…</Text>
          </Group>
        ) : theirs.isError ? (
          <Text size="sm" c="red.9">
            Could not load the saved version: {errorMessage(theirs.error)}
          </Text>
        ) : (
          <JsonDiff
            before={comparableModel(theirs.data.dashboard)}
            after={comparableModel(mine)}
            beforeLabel={`saved (version ${theirs.data.meta.version})`}
            afterLabel="yours"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onOverwrite} loading={overwriting}>
            Save and overwrite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
