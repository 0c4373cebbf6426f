import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { dataSourceTypes } from '../../../contract/datasources';
import { uidSchema, type DashboardExportInput, type ImportDashboardRequest } from '../../../contract/dashboards';
import { ApiError, errorMessage, serverFieldError } from '../../api/errors';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { useFolders, folderOptions } from './api';
import { useForgetDashboards } from './forgetDashboards';
import { useImportClashes } from './importClashes';
import { exportInputs, importInputs, initialValues, useDataSourceChoices, useImportDashboard } from './importInputs';
import { parseModel } from './jsonErrors';

const typeName = (pluginId: string | undefined, fallback?: string) =>
  (pluginId && (dataSourceTypes as Record<string, string>)[pluginId]) || fallback || pluginId || 'data source';

/** One field per `__inputs` entry: a data source of the declared type to choose, or a constant to give. */
function InputsSection({
  inputs,
  values,
  errors,
  onChange,
}: {
  inputs: DashboardExportInput[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const dataSources = useDataSourceChoices();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-inputs-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="import-inputs-heading">
          Inputs
        </Title>
        <Text size="sm" c="dimmed">
          The export names these; each is replaced throughout the dashboard before it is saved.
        </Text>
        {inputs.map((input) => {
          const label = input.label || input.name;
          if (input.type !== 'datasource') {
            return (
              <TextInput
                key={input.name}
                label={label}
                description={input.description || `Constant ${input.name}`}
                value={values[input.name] ?? ''}
                onChange={(e) => onChange(input.name, e.currentTarget.value)}
                error={errors[input.name]}
                required
              />
            );
          }
          const kind = typeName(input.pluginId, input.pluginName);
          const candidates = (dataSources.data ?? []).filter((ds) => !input.pluginId || ds.type === input.pluginId);
          const none = dataSources.isSuccess && candidates.length === 0;
          return (
            <Stack key={input.name} gap={4}>
              <NativeSelect
                label={label}
                description={input.description || `A ${kind} data source for ${input.name}`}
                data={[
                  {
                    value: '',
                    label: dataSources.isPending ? 'Loading…' : none ? `No ${kind} data source yet` : `Choose a ${kind} data source…`,
                  },
                  ...candidates.map((ds) => ({ value: ds.uid, label: ds.isDefault ? `${ds.name} (default)` : ds.name })),
                ]}
                value={values[input.name] ?? ''}
                onChange={(e) => onChange(input.name, e.currentTarget.value)}
                error={errors[input.name] ?? (dataSources.isError ? errorMessage(dataSources.error) : undefined)}
                required
              />
              {none && (
                <Text size="sm">
                  <Anchor component={Link} to={paths.newDataSource(input.pluginId)}>
                    Add a {kind} data source
                  </Anchor>{' '}
                  first, then come back to import.
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

/**
 * Imports a dashboard from pasted or uploaded JSON. A Grafana export works as it is: its `id` is
 * dropped (the server assigns one), its uid kept unless changed here, and each of its `__inputs`
 * (`${DS_PROMETHEUS}`, constants) is asked for before `POST /api/dashboards/import` maps them.
 */
export function ImportDashboardPage() {
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [uid, setUid] = useState('');
  const [folderUid, setFolderUid] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [inputValues, setInputValues] = useState<Record<string, string>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const folders = useFolders();
  const dataSources = useDataSourceChoices();
  const save = useImportDashboard();
  const forgetDashboards = useForgetDashboards();
  const navigate = useNavigate();

  const parsed = useMemo(() => (text.trim() ? parseModel(text) : undefined), [text]);
  const inputs = useMemo(() => (parsed?.ok ? exportInputs(parsed.value) : []), [parsed]);
  const uidCheck = uidSchema.safeParse(uid);
  const uidError = uid && !uidCheck.success ? uidCheck.error.issues[0]?.message : undefined;
  const { uidClash, titleClash, recheckUid } = useImportClashes({
    uid: uidError ? '' : uid,
    title,
    folderUid,
    enabled: Boolean(parsed?.ok),
  });
  // Replacing is only ever what the person chose: the button says "Import (Overwrite)" once the
  // check has shown which dashboard has the uid.
  const overwrite = uidClash?.kind === 'dashboard';
  const folderTitle = (uidOfFolder: string) =>
    folderOptions(folders.data).find((option) => option.value === uidOfFolder)?.label ?? 'General';
  const saveError = save.error && errorMessage(save.error);
  const uidTaken = save.error instanceof ApiError && save.error.status === 412;
  // A refusal naming the title or the uid (a folder has it) goes next to it; anything else below.
  const titleRefused = serverFieldError(save.error, 'dashboard.title');
  const uidRefused = serverFieldError(save.error, 'dashboard.uid');

  const load = (model: Record<string, unknown>) => {
    setTitle(typeof model.title === 'string' ? model.title : '');
    setUid(typeof model.uid === 'string' ? model.uid : '');
    setInputValues(initialValues(exportInputs(model), dataSources.data ?? []));
    setInputErrors({});
  };
  const onText = (next: string) => {
    setText(next);
    save.reset();
    const result = next.trim() ? parseModel(next) : undefined;
    if (result?.ok) load(result.value);
  };
  const onFile = async (file: File | null) => {
    setFileError(undefined);
    if (!file) return;
    if (file.size > 16 * 1024 * 1024) return setFileError(`${file.name} is over 16 MB`);
    onText(await file.text());
  };

  const setInput = (name: string, value: string) => {
    setInputValues((current) => ({ ...current, [name]: value }));
    setInputErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed?.ok || uidError) return;
    // Data sources loaded after the JSON was pasted: take their defaults for what is still empty.
    const values = {
      ...initialValues(inputs, dataSources.data ?? []),
      ...Object.fromEntries(Object.entries(inputValues).filter(([, v]) => v !== '')),
    };
    const missing = Object.fromEntries(
      inputs
        .filter((input) => !values[input.name]?.trim())
        .map((input) => [
          input.name,
          input.type === 'datasource'
            ? `Choose a ${typeName(input.pluginId, input.pluginName)} data source`
            : `${input.label || input.name} is required`,
        ]),
    );
    setInputValues(values);
    setInputErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const { id: _id, ...model } = parsed.value;
    const dashboard: Record<string, unknown> = { ...model, title: title.trim() || model.title, uid: uid || undefined };
    if (!uid) delete dashboard.uid;
    // The server takes a model of the stored version as an update (Grafana's rule): without a
    // version, a uid taken since the check is refused (412) rather than replaced.
    if (!overwrite) delete dashboard.version;
    save.mutate(
      { dashboard: dashboard as ImportDashboardRequest['dashboard'], folderUid, overwrite, inputs: importInputs(inputs, values) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: 'Dashboard imported', message: saved.title });
          // A replaced dashboard's old model may be cached: its page must read the imported one.
          forgetDashboards([saved.uid]);
          navigate(saved.importedUrl);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 412) void recheckUid();
        },
      },
    );
  };

  return (
    <Page title="Import dashboard">
      <RoleGuard role="Editor" what="Importing dashboards">
        <form onSubmit={submit} noValidate>
          <Stack maw={760}>
            <Group>
              <FileButton onChange={onFile} accept="application/json,.json">
                {(props) => (
                  <Button variant="default" leftSection={<IconFileUpload size={18} />} {...props}>
                    Upload a JSON file
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed">
                or paste the JSON below
              </Text>
            </Group>
            {fileError && (
              <Alert color="red" role="alert">
                {fileError}
              </Alert>
            )}
            <Textarea
              label="Dashboard JSON"
              description="A Grafana export (Share → Export → Save to file) or any dashboard JSON model."
              value={text}
              onChange={(e) => onText(e.currentTarget.value)}
              autosize
              minRows={8}
              maxRows={20}
              styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 12 } }}
              error={parsed && !parsed.ok ? parsed.error : undefined}
            />
            {parsed?.ok && (
              <>
                <TextInput
                  label="Title"
                  value={title}
                  onChange={(e) => setTitle(e.currentTarget.value)}
                  required
                  error={!title.trim() ? 'A dashboard needs a title' : titleRefused}
                />
                <TextInput
                  label="uid"
                  description="Keep the export's uid so links keep working, or clear it to get a new one."
                  value={uid}
                  onChange={(e) => {
                    setUid(e.currentTarget.value.trim());
                    save.reset();
                  }}
                  error={uidError ?? uidRefused}
                />
                <Select
                  label="Folder"
                  data={folderOptions(folders.data)}
                  value={folderUid}
                  onChange={(value) => setFolderUid(value ?? '')}
                  allowDeselect={false}
                  searchable
                />
                {uidClash?.kind === 'dashboard' && (
                  <Alert color="orange" title="A dashboard has the same uid" role="status">
                    “{uidClash.dashboard.title}” in folder {uidClash.dashboard.folderTitle} has the uid “{uidClash.dashboard.uid}”. Import
                    (Overwrite) replaces it with this one as a new version
                    {uidClash.dashboard.folderUid !== folderUid ? ` and moves it to ${folderTitle(folderUid)}` : ''}. To keep it, change or
                    clear the uid.
                  </Alert>
                )}
                {uidClash?.kind === 'hidden' && (
                  <Alert color="orange" title="The uid is taken" role="status">
                    A dashboard you cannot open has the uid “{uid}”. Change or clear the uid.
                  </Alert>
                )}
                {titleClash && (
                  <Alert color="yellow" title="A dashboard has the same name" role="status">
                    “{titleClash.title}” is already in folder {titleClash.folderTitle}. Importing adds a second dashboard of that name;
                    change the title to tell them apart.
                  </Alert>
                )}
                {inputs.length > 0 && <InputsSection inputs={inputs} values={inputValues} errors={inputErrors} onChange={setInput} />}
                {saveError && !uidTaken && !titleRefused && !uidRefused && (
                  <Alert color="red" role="alert">
                    {saveError}
                  </Alert>
                )}
                {uidTaken && !uidClash && (
                  <Alert color="orange" role="alert">
                    A dashboard with the uid “{uid}” already exists. Change or clear the uid.
                  </Alert>
                )}
              </>
            )}
            <Group>
              <Button
                type="submit"
                color={overwrite ? 'red' : undefined}
                disabled={!parsed?.ok || Boolean(uidError) || !title.trim()}
                loading={save.isPending}
              >
                {overwrite ? 'Import (Overwrite)' : 'Import'}
              </Button>
            </Group>
          </Stack>
        </form>
      </RoleGuard>
    </Page>
  );
}
