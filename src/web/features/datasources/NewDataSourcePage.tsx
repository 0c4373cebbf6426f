import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DataSource } from '../../../contract/datasources';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { SearchInput } from '../../components/ListPage';
import { Page } from '../../components/Page';
import { RoleGuard } from '../../components/RoleGuard';
import { EmptyState, LoadingRows } from '../../components/States';
import { useCreateDataSource, useDataSources } from './api';
import { BackLink } from './BackLink';
import { knownTypeInfos, resolveType, typeCategories, TypeIcon, typeInfo, type TypeInfo } from './catalog';
import classes from './DataSources.module.css';
import { DataSourceForm } from './DataSourceForm';
import { NotSaved } from './NotSaved';
import type { EditPageState } from './EditDataSourcePage';
import { formFromDataSource, placeServerError, validateForm, type FormState } from './form';
import { runTest } from './HealthResult';
import { useSaveProblems } from './useSaveProblems';

/** `/datasources/new`: pick a type, then fill in the form made for it. */
export function NewDataSourcePage() {
  const [params] = useSearchParams();
  const requested = params.get('type');
  const type = requested ? resolveType(requested) : undefined;
  return (
    <RoleGuardedPage title={type ? `New ${typeInfo(type).name} data source` : 'Add data source'}>
      {type ? <CreateForm key={type} type={type} /> : <TypePicker unknownType={requested ?? undefined} />}
    </RoleGuardedPage>
  );
}

function RoleGuardedPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Page title={title}>
      <BackLink />
      <RoleGuard role="Admin" what="Adding a data source">
        {children}
      </RoleGuard>
    </Page>
  );
}

function matches(info: TypeInfo, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  return !text || [info.name, info.type, info.description, info.category].some((s) => s.toLowerCase().includes(text));
}

function TypePicker({ unknownType }: { unknownType?: string }) {
  const [filter, setFilter] = useState('');
  const shown = knownTypeInfos.filter((info) => matches(info, filter));
  return (
    <Stack gap="lg">
      {unknownType !== undefined && (
        <Alert color="orange" variant="light" title="Unknown type">
          This server has no data source type “{unknownType}”. Choose one of the types below.
        </Alert>
      )}
      <SearchInput
        label="Filter by name or type"
        placeholder="e.g. prometheus, logs, SQL"
        value={filter}
        onSearch={setFilter}
        maw={420}
        autoFocus
      />
      {shown.length === 0 && (
        <EmptyState title="No type matches">Sightline supports {knownTypeInfos.map((i) => i.name).join(', ')}.</EmptyState>
      )}
      {typeCategories.map((category) => {
        const infos = shown.filter((info) => info.category === category);
        if (infos.length === 0) return null;
        return (
          <Stack gap="sm" key={category} component="section" aria-label={category}>
            <Title order={2} size="h4">
              {category}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {infos.map((info) => (
                <Card
                  key={info.type}
                  withBorder
                  padding="md"
                  radius="md"
                  component={Link}
                  to={paths.newDataSource(info.type)}
                  className={classes.typeCard}
                >
                  <Group gap="md" wrap="nowrap">
                    <TypeIcon type={info.type} size="xl" />
                    <div>
                      <Text fw={600}>{info.name}</Text>
                      <Text size="sm" c="dimmed">
                        {info.description}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The type's name, made unique among the existing data sources as Grafana does ("Prometheus-1"). */
function suggestedName(info: TypeInfo, existing: DataSource[] | undefined): string {
  const taken = new Set((existing ?? []).map((ds) => ds.name.toLowerCase()));
  if (!taken.has(info.name.toLowerCase())) return info.name;
  for (let n = 1; ; n++) if (!taken.has(`${info.name}-${n}`.toLowerCase())) return `${info.name}-${n}`;
}

function CreateForm({ type }: { type: string }) {
  const list = useDataSources();
  if (list.isPending) return <LoadingRows rows={6} label="Loading the form" />;
  return <CreateFormFields type={type} initialName={suggestedName(typeInfo(type), list.data)} />;
}

function CreateFormFields({ type, initialName }: { type: string; initialName: string }) {
  const navigate = useNavigate();
  const create = useCreateDataSource();
  const [state, setState] = useState<FormState>(() => formFromDataSource(type, undefined, initialName));
  const problems = useSaveProblems();
  const [testing, setTesting] = useState(false);
  const busy = create.isPending || testing;

  const saveAndTest = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateForm(type, state);
    if (!checked.ok) return problems.show(checked);
    problems.clear();
    let created: DataSource;
    try {
      created = (await create.mutateAsync(checked.request)).datasource;
    } catch (error) {
      problems.show(placeServerError(type, state, error) ?? { fieldErrors: {}, formErrors: [errorMessage(error)] });
      return;
    }
    notifications.show({ color: 'green', title: 'Data source added', message: created.name });
    // Test before leaving, so the edit page opens with the result beside the saved settings.
    setTesting(true);
    const outcome = await runTest(created.uid);
    navigate(paths.dataSource(created.uid), { replace: true, state: { outcome } satisfies EditPageState });
  };

  return (
    <form onSubmit={saveAndTest} noValidate>
      <Stack gap="lg" maw={760}>
        <DataSourceForm
          type={type}
          state={state}
          onChange={setState}
          errors={problems.fieldErrors}
          readOnly={false}
          typeAction={
            <Button component={Link} to={paths.newDataSource()} variant="subtle" size="compact-sm" ml="auto">
              Change type
            </Button>
          }
        />
        <NotSaved messages={problems.formErrors} />
        <Group justify="flex-end" gap="sm">
          {busy && (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{create.isPending ? 'Saving…' : 'Testing the connection…'}</Text>
            </Group>
          )}
          <Button component={Link} to={paths.dataSources()} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save &amp; test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
