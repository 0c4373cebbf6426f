import { Alert, Button, Checkbox, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorState, LoadingRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { formatDateTime } from '../../lib/format';
import { dashboardVersionQueryOptions, useDashboardVersions, useRestoreVersion } from './api';
import { JsonDiff } from './JsonDiff';
import { comparableModel } from './modelDiff';

/** The dashboard's history: who saved what when and why; compare any two; restore one. */
export function VersionsPanel({
  uid,
  currentVersion,
  canRestore,
  onRestored,
}: {
  uid: string;
  currentVersion: number;
  canRestore: boolean;
  onRestored: () => void;
}) {
  const versions = useDashboardVersions(uid);
  const restore = useRestoreVersion(uid);
  const [picked, setPicked] = useState<number[]>([]);
  const [older, newer] = [...picked].sort((a, b) => a - b);
  const comparing = older !== undefined && newer !== undefined ? [older, newer] : [];
  const diff = useQueries({
    queries: comparing.map((version) => dashboardVersionQueryOptions(uid, version)),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      data: results.map((r) => r.data),
    }),
  });

  const toggle = (version: number) =>
    setPicked((current) => (current.includes(version) ? current.filter((v) => v !== version) : [...current.slice(-1), version]));
  const confirmRestore = (version: number) =>
    modals.openConfirmModal({
      title: `Restore version ${version}?`,
      children: (
        <Text size="sm">
          The dashboard becomes what it was at version {version}, saved as a new version {currentVersion + 1}. Nothing is lost: the current
          version stays in the history.
        </Text>
      ),
      labels: { confirm: `Restore version ${version}`, cancel: 'Cancel' },
      // Awaited: the restore reloads the dashboard, which remounts this panel.
      onConfirm: async () => {
        try {
          const saved = await restore.mutateAsync(version);
          notifications.show({ color: 'green', title: `Restored version ${version}`, message: `Saved as version ${saved.version}` });
          onRestored();
        } catch (e) {
          notifications.show({ color: 'red', title: 'Restore failed', message: errorMessage(e) });
        }
      },
    });

  if (versions.isPending) return <LoadingRows label="Loading versions" />;
  if (versions.isError) return <ErrorState error={versions.error} onRetry={() => versions.refetch()} title="Could not load versions" />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Tick two versions to compare them.
      </Text>
      <Table striped>
        <TableHead columns={['Compare', 'Version', 'Saved', 'By', 'Message', 'Restore']} actions={false} />
        <Table.Tbody>
          {versions.data.map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>
                <Checkbox
                  aria-label={`Compare version ${v.version}`}
                  checked={picked.includes(v.version)}
                  onChange={() => toggle(v.version)}
                />
              </Table.Td>
              <Table.Td>
                {v.version}
                {v.version === currentVersion && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (current)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(v.created)}</Table.Td>
              <Table.Td>{v.createdBy}</Table.Td>
              <Table.Td>
                {v.message || (
                  <Text span c="dimmed" size="sm">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {canRestore && v.version !== currentVersion && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => confirmRestore(v.version)}
                    loading={restore.isPending && restore.variables === v.version}
                  >
                    Restore version {v.version}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {older !== undefined && newer !== undefined && (
        <Stack gap="xs">
          <Text fw={600} component="h2" size="md" m={0}>
            Version {older} → version {newer}
          </Text>
          {diff.isPending ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Loading both versions…</Text>
            </Group>
          ) : diff.error ? (
            <Alert color="red" role="alert">
              {errorMessage(diff.error)}
            </Alert>
          ) : (
            <JsonDiff
              before={comparableModel(diff.data[0]!.data)}
              after={comparableModel(diff.data[1]!.data)}
              beforeLabel={`version ${older}`}
              afterLabel={`version ${newer}`}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
