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
