import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportDashboardRequest, ImportDashboardResponse } from '../../../contract/dashboards';
import type { DataSource } from '../../../contract/datasources';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, answer, connectedSession, fixtures, server } from '../../test/server';
import type { SearchHit } from '../../../contract/search';

afterEach(() => notifications.clean());

const dataSource = (fields: Partial<DataSource>): DataSource => fixtures.dataSource({ url: '', isDefault: false, ...fields });

const exported = {
  __inputs: [
    { name: 'DS_PROM', label: 'Metrics', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' },
    { name: 'VAR_ENV', label: 'Environment', type: 'constant', value: 'prod', description: 'Which environment' },
  ],
  uid: 'node',
  title: 'Node exporter',
  panels: [{ id: 1, datasource: { uid: '${DS_PROM}' } }],
};

function serve(sources: DataSource[]) {
  const bodies: ImportDashboardRequest[] = [];
  server.use(
    answer('get', '/api/folders', []),
    answer('get', '/api/search', []),
    http.get(`${API}/api/datasources`, () => HttpResponse.json(sources)),
    http.post(`${API}/api/dashboards/import`, async ({ request }) => {
      bodies.push((await request.json()) as ImportDashboardRequest);
      return HttpResponse.json({
        uid: 'node',
        pluginId: '',
        title: 'Node exporter',
        imported: true,
        importedUri: 'db/node-exporter',
        importedUrl: '/d/node/node-exporter',
        slug: 'node-exporter',
        dashboardId: 3,
        folderId: 0,
        folderUid: '',
        importedRevision: 0,
        revision: 0,
        description: '',
        path: '',
        removed: false,
      } satisfies ImportDashboardResponse);
    }),
    http.get(`${API}/api/dashboards/uid/node`, () => HttpResponse.json({ message: 'Dashboard not found' }, { status: 404 })),
  );
  return bodies;
}

async function paste(json: object) {
  const field = await screen.findByRole('textbox', { name: 'Dashboard JSON' });
  await userEvent.click(field);
  await userEvent.paste(JSON.stringify(json));
}

describe('importing an export with __inputs', () => {
  it('asks for a data source of the declared type and each constant, then sends them', async () => {
    startSession(connectedSession('Editor'));
    const bodies = serve([
      dataSource({ uid: 'logs', name: 'Logs', type: 'loki' }),
      dataSource({ uid: 'prom-a', name: 'Prom A' }),
      dataSource({ uid: 'prom-b', name: 'Prom B', isDefault: true }),
    ]);
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(exported);
    const inputs = await screen.findByRole('region', { name: 'Inputs' });
    const metrics = within(inputs).getByRole('combobox', { name: /^Metrics/ });
    // Only Prometheus data sources are offered.
    await waitFor(() =>
      expect(
        within(metrics)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a Prometheus data source…', 'Prom A', 'Prom B (default)']),
    );
    const environment = within(inputs).getByRole('textbox', { name: /^Environment/ });
    expect(environment).toHaveValue('prod');
    await userEvent.selectOptions(metrics, 'Prom A');
    await userEvent.clear(environment);
    await userEvent.type(environment, 'staging');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Dashboard imported')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.inputs).toEqual([
      { name: 'DS_PROM', type: 'datasource', pluginId: 'prometheus', value: 'prom-a' },
      { name: 'VAR_ENV', type: 'constant', value: 'staging' },
    ]);
    expect(bodies[0]!.dashboard).toMatchObject({ uid: 'node', title: 'Node exporter', __inputs: exported.__inputs });
  });

  it('says what is missing next to it, and where to add a data source of the right type', async () => {
    startSession(connectedSession('Editor'));
    const bodies = serve([dataSource({ uid: 'logs', name: 'Logs', type: 'loki' })]);
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(exported);
    const inputs = await screen.findByRole('region', { name: 'Inputs' });
    expect(await within(inputs).findByRole('link', { name: 'Add a Prometheus data source' })).toHaveAttribute(
      'href',
      '/datasources/new?type=prometheus',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(within(inputs).getByRole('combobox', { name: /^Metrics/ })).toHaveAccessibleDescription(
      expect.stringContaining('Choose a Prometheus data source'),
    );
    expect(bodies).toHaveLength(0);
  });
});

describe('importing over an existing dashboard', () => {
  const model = { uid: 'node', title: 'Node exporter', version: 4, panels: [] };

  it('says which dashboard has the uid, and replaces it only through Import (Overwrite)', async () => {
    startSession(connectedSession('Editor'));
    const bodies = serve([]);
    server.use(
      answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]),
      http.get(`${API}/api/dashboards/uid/node`, () =>
        HttpResponse.json(
          fixtures.storedDashboard({ uid: 'node', id: 9, title: 'Node exporter', version: 4 }, { folderUid: 'ops', folderTitle: 'Ops' }),
        ),
      ),
    );
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(model);

    const clash = await screen.findByRole('status', { name: 'A dashboard has the same uid' });
    expect(clash).toHaveTextContent('“Node exporter” in folder Ops has the uid “node”');
    expect(clash).toHaveTextContent('and moves it to General');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import (Overwrite)' }));
    expect(await screen.findByText('Dashboard imported')).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ overwrite: true, folderUid: '', dashboard: expect.objectContaining({ uid: 'node' }) }),
    ]);
  });

  it('changing the uid away from the clash imports a copy, without overwrite or the export’s version', async () => {
    startSession(connectedSession('Editor'));
    const bodies = serve([]);
    server.use(
      http.get(`${API}/api/dashboards/uid/node`, () =>
        HttpResponse.json(fixtures.storedDashboard({ uid: 'node', id: 9, title: 'Node exporter', version: 4 })),
      ),
      http.get(`${API}/api/dashboards/uid/node-copy`, () => HttpResponse.json({ message: 'Dashboard not found' }, { status: 404 })),
    );
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(model);
    expect(await screen.findByRole('button', { name: 'Import (Overwrite)' })).toBeInTheDocument();

    const uid = screen.getByRole('textbox', { name: 'uid' });
    await userEvent.clear(uid);
    await userEvent.type(uid, 'node-copy');
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Dashboard imported')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ overwrite: false, dashboard: { uid: 'node-copy' } });
    // Without a version, a uid taken since the check is refused by the server instead of replaced.
    expect(bodies[0]!.dashboard).not.toHaveProperty('version');
  });

  it('when the server still finds the uid taken (412), says so and offers nothing it did not show', async () => {
    startSession(connectedSession('Editor'));
    let taken = false;
    server.use(
      answer('get', '/api/folders', []),
      answer('get', '/api/search', []),
      answer('get', '/api/datasources', []),
      http.get(`${API}/api/dashboards/uid/node`, () =>
        taken
          ? HttpResponse.json(fixtures.storedDashboard({ uid: 'node', id: 9, title: 'Created meanwhile', version: 1 }))
          : HttpResponse.json({ message: 'Dashboard not found' }, { status: 404 }),
      ),
      http.post(`${API}/api/dashboards/import`, () => {
        taken = true;
        return HttpResponse.json(
          { status: 'version-mismatch', message: 'The dashboard has been changed by someone else' },
          { status: 412 },
        );
      }),
    );
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(model);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    // The check runs again and shows the dashboard that has the uid now.
    const clash = await screen.findByRole('status', { name: 'A dashboard has the same uid' });
    expect(clash).toHaveTextContent('“Created meanwhile” in folder General');
    expect(screen.getByRole('button', { name: 'Import (Overwrite)' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard imported')).not.toBeInTheDocument();
  });

  it('warns of a dashboard with the same title in the chosen folder', async () => {
    startSession(connectedSession('Editor'));
    const bodies = serve([]);
    const sameTitle: SearchHit = {
      id: 5,
      uid: 'other',
      title: 'node exporter',
      uri: 'db/node-exporter',
      url: '/d/other/node-exporter',
      slug: 'node-exporter',
      type: 'dash-db',
      tags: [],
      isStarred: false,
    };
    server.use(
      http.get(`${API}/api/search`, ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('folderUIDs') === 'general' ? [sameTitle] : []),
      ),
    );
    renderRoutes(appRoutes, '/dashboard/import');
    await paste(model);
    const clash = await screen.findByRole('status', { name: 'A dashboard has the same name' });
    expect(clash).toHaveTextContent('“node exporter” is already in folder General');
    // The server keeps both, so nothing is overwritten.
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Dashboard imported')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ overwrite: false });
  });
});
