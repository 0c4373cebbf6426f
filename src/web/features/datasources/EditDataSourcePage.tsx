import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLock, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { DataSource } from '../../../contract/datasources';
import { ApiError, errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { confirmDestructive } from '../../components/confirmDestructive';
import { Page } from '../../components/Page';
import { ErrorState, LoadingRows } from '../../components/States';
import { useDataSource, useDeleteDataSource, useUpdateDataSource } from './api';
import { BackLink } from './BackLink';
import { DataSourceForm } from './DataSourceForm';
import { formFromDataSource, placeServerError, validateForm, type FormState } from './form';
import { NotSaved } from './NotSaved';
import { HealthResult, runTest, type TestOutcome } from './HealthResult';
import { secretsDroppedByMove } from './secretsOnMove';
import { useSaveProblems } from './useSaveProblems';

/** What the create page hands over: the test it ran right after saving. */
export interface EditPageState {
  outcome?: TestOutcome;
}

export function EditDataSourcePage() {
  const { uid = '' } = useParams();
  const query = useDataSource(uid);
  if (query.isPending) {
    return (
      <Page title="Data source">
        <LoadingRows rows={8} label="Loading the data source" />
      </Page>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={notFound ? 'Data source not found' : 'Data source'}>
        <BackLink />
        <ErrorState
          error={query.error}
          onRetry={notFound ? undefined : () => query.refetch()}
          title={notFound ? `No data source has the uid “${uid}”` : 'Could not load the data source'}
        />
      </Page>
    );
  }
  return <DataSourceEditor key={uid} dataSource={query.data} />;
}

type Running = 'saveAndTest' | 'test' | undefined;

function DataSourceEditor({ dataSource }: { dataSource: DataSource }) {
  const isAdmin = useHasRole('Admin');
  const canSave = isAdmin && !dataSource.readOnly;
  // An Admin sees Save and Delete on a provisioned data source too, disabled, with the reason above.
  const showActions = isAdmin;
  const navigate = useNavigate();
  const location = useLocation();
  // The version the form was loaded from: a save from it is refused if someone saved in between.
  const [base, setBase] = useState(dataSource);
  const [state, setState] = useState<FormState>(() => formFromDataSource(dataSource.type, dataSource));
  const problems = useSaveProblems();
  const [deleteError, setDeleteError] = useState<string>();
  const [outcome, setOutcome] = useState<TestOutcome | undefined>(() => (location.state as EditPageState | null)?.outcome);
  const [running, setRunning] = useState<Running>();
  const [dirty, setDirty] = useState(false);
  const update = useUpdateDataSource(base.uid);
  const remove = useDeleteDataSource();

  const dropped = canSave ? secretsDroppedByMove(base, state) : [];

  const change = (next: FormState) => {
    setState(next);
    setDirty(true);
    // A result tested the saved settings, which these edits no longer are.
    setOutcome(undefined);
  };

  const test = async (kind: Running) => {
    if (running && kind === 'test') return;
    setRunning(kind);
    setOutcome(await runTest(base.uid));
    setRunning(undefined);
  };

  const saveAndTest = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || running) return;
    // The last result is of the settings before this save; it must not read as this save's.
    setOutcome(undefined);
    const checked = validateForm(base.type, state, base);
    if (!checked.ok) return problems.show(checked);
    problems.clear();
    setRunning('saveAndTest');
    try {
      const saved = await update.mutateAsync(checked.request);
      setBase(saved.datasource);
      setState(formFromDataSource(saved.datasource.type, saved.datasource));
      setDirty(false);
      notifications.show({ color: 'green', title: 'Data source saved', message: saved.datasource.name });
    } catch (error) {
      const placed = placeServerError(base.type, state, error);
      const concurrent = error instanceof ApiError && error.status === 409 && !placed;
      problems.show(
        placed ?? {
          fieldErrors: {},
          formErrors: [
            concurrent
              ? `${error.message}. Reload the page to see the current settings, then make your changes again.`
              : errorMessage(error),
          ],
        },
      );
      setRunning(undefined);
      return;
    }
    await test('saveAndTest');
  };

  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete ${base.name}?`,
      confirmLabel: 'Delete data source',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            The data source <strong>{base.name}</strong> and its saved passwords and tokens will be deleted.
          </Text>
          <Text size="sm">
            Dashboards and panels that use it will stop working until they are pointed at another data source. This cannot be undone.
          </Text>
        </Stack>
      ),
      onConfirm: () => {
        setDeleteError(undefined);
        remove.mutate(base.uid, {
          onSuccess: () => {
            notifications.show({ color: 'green', title: 'Data source deleted', message: base.name });
            navigate(paths.dataSources());
          },
          onError: (error) => setDeleteError(errorMessage(error)),
        });
      },
    });

  return (
    <Page title={base.name}>
      <BackLink />
      {!canSave && (
        <Alert color="gray" variant="light" role="note" icon={<IconLock aria-hidden />} maw={760}>
          {dataSource.readOnly
            ? 'This data source is provisioned from a file, so it is read-only here: change or delete it in the provisioning file and the server keeps it in step. You can test it.'
            : 'Only an Admin can change data sources. You can see the settings and test the connection.'}
        </Alert>
      )}
      <form onSubmit={saveAndTest} noValidate>
        <Stack gap="lg" maw={760}>
          <DataSourceForm type={base.type} state={state} onChange={change} errors={problems.fieldErrors} readOnly={!canSave} />
          <NotSaved messages={problems.formErrors} />
          {dropped.length > 0 && (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              title="Saved secrets will be dropped"
              icon={<IconAlertTriangle aria-hidden />}
            >
              <Text size="sm">
                The URL now points at another server (scheme, host or port). Saved secrets are not sent to a new address:{' '}
                {dropped.join(', ')} {dropped.length === 1 ? 'is' : 'are'} removed when you save. Enter{' '}
                {dropped.length === 1 ? 'it' : 'them'} again above if the new server needs {dropped.length === 1 ? 'it' : 'them'}.
              </Text>
            </Alert>
          )}
          {deleteError && (
            <Alert color="red" variant="light" title="Not deleted">
              {deleteError}
            </Alert>
          )}
          {outcome && <HealthResult outcome={outcome} />}
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              {showActions && (
                <Button
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={confirmDelete}
                  loading={remove.isPending}
                  disabled={!canSave || Boolean(running)}
                >
                  Delete
                </Button>
              )}
            </Group>
            <Group gap="sm">
              {running && (
                <Group gap={6} role="status">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm">{update.isPending ? 'Saving…' : 'Testing the connection…'}</Text>
                </Group>
              )}
              {!running && canSave && dirty && (
                <Text size="sm" c="dimmed">
                  Test checks the saved settings.
                </Text>
              )}
              <Button
                variant={showActions ? 'default' : 'filled'}
                leftSection={<IconPlugConnected size={16} aria-hidden />}
                onClick={() => test('test')}
                loading={running === 'test'}
                disabled={Boolean(running) && running !== 'test'}
              >
                Test
              </Button>
              {showActions && (
                <Button
                  type="submit"
                  loading={running === 'saveAndTest'}
                  disabled={!canSave || (Boolean(running) && running !== 'saveAndTest')}
                >
                  Save &amp; test
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
