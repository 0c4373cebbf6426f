import { Alert, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardWithMetaSchema } from '../../../../contract/dashboards';
import { apiFetch } from '../../../api/client';
import { dashboardPath } from '../../../api/dashboards';
import { errorMessage, serverFieldError } from '../../../api/errors';
import { queryKeys } from '../../../api/keys';
import { allDashboardsQueryOptions } from '../../../api/search';
import { FormFooter } from '../../../components/FormFooter';
import { saveDashboard } from '../api';
import { FolderSelect } from '../FolderSelect';
import type { Panel } from '../../../panels/layout';
import { emptyDashboard } from '../newDashboardForm';
import type { RawTimeRange } from '../runtime/types';
import type { ExploreQuery } from './exploreUrl';

/** What Explore hands over: the queries that ran, their data source, and the panel type their answer suits. */
export interface ExploreToDashboard {
  queries: ExploreQuery[];
  datasource: { type?: string; uid?: string };
  panelType: 'timeseries' | 'table' | 'logs';
  range: RawTimeRange;
}

/** Every panel id in use, rows' panels included. */
function panelIds(panels: unknown): number[] {
  if (!Array.isArray(panels)) return [];
  return (panels as Panel[]).flatMap((p) => [...(typeof p?.id === 'number' ? [p.id] : []), ...panelIds(p?.panels)]);
}

/**
 * The panel Explore adds, as Grafana's add-to-dashboard does: at the top left, half wide, eight rows
 * high (the grid floats the others down), with the queries as they ran.
 */
export function explorePanel(input: ExploreToDashboard, title: string, id: number): Panel {
  const targets = input.queries.map((query) => {
    const target: Record<string, unknown> = { ...query };
    // Explore's own sizing; the dashboard works out its own.
    delete target.intervalMs;
    delete target.maxDataPoints;
    return target;
  });
  return {
    id,
    type: input.panelType,
    title,
    gridPos: { x: 0, y: 0, w: 12, h: 8 },
    datasource: input.datasource,
    targets,
    fieldConfig: { defaults: {}, overrides: [] },
    options: {},
  };
}

/** Adds `panel` above the others of `dashboard`, with an id none of them has. */
export function withPanelOnTop(dashboard: Record<string, unknown>, input: ExploreToDashboard, title: string) {
  const panels = Array.isArray(dashboard.panels) ? (dashboard.panels as Panel[]) : [];
  const id = Math.max(0, ...panelIds(panels)) + 1;
  return { ...dashboard, panels: [explorePanel(input, title, id), ...panels] };
}

function defaultDashboardTitle() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Explore ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * Grafana's "Add to dashboard" dialog: a new dashboard or an existing one, which gets a panel with
 * Explore's queries, then opens at Explore's time range. Sightline has no unsaved new dashboard, so
 * a new one is saved at once under the title given here (editable, dated by default).
 */
export function AddToDashboardModal({ opened, onClose, source }: { opened: boolean; onClose(): void; source: ExploreToDashboard }) {
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [title, setTitle] = useState(defaultDashboardTitle);
  const [folderUid, setFolderUid] = useState('');
  const [dashboardUid, setDashboardUid] = useState<string | null>(null);
  const [panelTitle, setPanelTitle] = useState('New panel');
  const dashboards = useQuery({ ...allDashboardsQueryOptions(), enabled: opened && target === 'existing' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const add = useMutation({
    mutationFn: async () => {
      const name = panelTitle.trim() || 'New panel';
      if (target === 'new') {
        const dashboard = withPanelOnTop({ ...emptyDashboard(title.trim(), [], ''), time: source.range }, source, name);
        const saved = await saveDashboard({ dashboard, folderUid, message: 'Created from Explore' });
        return { saved, title: title.trim() };
      }
      const { dashboard, meta } = await apiFetch(dashboardPath(dashboardUid!), { schema: dashboardWithMetaSchema });
      const saved = await saveDashboard({
        dashboard: withPanelOnTop(dashboard, source, name),
        folderUid: meta.folderUid ?? '',
        message: 'Added a panel from Explore',
      });
      return { saved, title: dashboard.title };
    },
    onSuccess: async ({ saved, title: dashboardTitle }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.searchAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboards.detail(saved.uid) }),
      ]);
      notifications.show({ color: 'green', title: 'Panel added', message: `${panelTitle.trim() || 'New panel'} on ${dashboardTitle}` });
      onClose();
      const range = new URLSearchParams({ from: source.range.from, to: source.range.to });
      navigate(`${saved.url}?${range}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const titleError = target === 'new' ? serverFieldError(add.error, 'dashboard.title', 'title') : undefined;
  const otherError = add.error && !titleError ? errorMessage(add.error) : undefined;
  const ready = target === 'new' ? title.trim() !== '' : dashboardUid !== null;

  return (
    <Modal opened={opened} onClose={onClose} title="Add panel to dashboard">
      <form onSubmit={submit}>
        <Stack>
          <Radio.Group label="Target dashboard" value={target} onChange={(value) => setTarget(value === 'existing' ? 'existing' : 'new')}>
            <Stack gap={6} mt={6}>
              <Radio value="new" label="New dashboard" />
              <Radio value="existing" label="Existing dashboard" />
            </Stack>
          </Radio.Group>
          {target === 'new' ? (
            <>
              <TextInput
                label="Dashboard title"
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={titleError}
                required
                description="Saved at once; rename it here or later in its settings."
              />
              <FolderSelect enabled={opened} value={folderUid} onChange={(value) => setFolderUid(value ?? '')} />
            </>
          ) : (
            <Select
              label="Dashboard"
              description="Type to search by title."
              searchable
              required
              nothingFoundMessage={dashboards.isPending ? 'Loading dashboards…' : 'No dashboard has that title'}
              data={(dashboards.data ?? []).map((hit) => ({
                value: hit.uid,
                label: hit.folderTitle ? `${hit.title} (${hit.folderTitle})` : hit.title,
              }))}
              value={dashboardUid}
              onChange={setDashboardUid}
              error={dashboards.error ? errorMessage(dashboards.error) : undefined}
            />
          )}
          <TextInput label="Panel title" value={panelTitle} onChange={(e) => setPanelTitle(e.currentTarget.value)} />
          <Text size="sm" c="dimmed">
            The panel ({source.panelType === 'timeseries' ? 'time series' : source.panelType}) gets{' '}
            {source.queries.length === 1 ? 'the query' : `the ${source.queries.length} queries`} as they ran.
          </Text>
          {otherError && (
            <Alert color="red" variant="light" role="alert" title="The panel was not added">
              {otherError}
            </Alert>
          )}
          <FormFooter submitLabel="Open dashboard" onCancel={onClose} pending={add.isPending} disabled={!ready} />
        </Stack>
      </form>
    </Modal>
  );
}
