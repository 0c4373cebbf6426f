import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDashboardResponseSchema } from '../../contract/dashboards';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let promUid = '';
let lokiUid = '';
beforeAll(async () => {
  server = await startTestServer();
  promUid = (await createDataSource(server, { name: 'Prom', type: 'prometheus', url: 'http://127.0.0.1:9090' })).uid;
  lokiUid = (await createDataSource(server, { name: 'Logs', type: 'loki', url: 'http://127.0.0.1:3100' })).uid;
  await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'imports', title: 'Imports' } });
});
afterAll(() => server.cleanup());

/** The shape of an export from grafana.com: `__inputs`, `__requires`, `${DS_…}` references. */
const exported = {
  __inputs: [
    { name: 'DS_PROMETHEUS', label: 'Prometheus', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' },
    { name: 'VAR_JOB', label: 'Job', type: 'constant', value: 'node' },
  ],
  __requires: [{ type: 'datasource', id: 'prometheus', name: 'Prometheus', version: '1.0.0' }],
  id: 42,
  uid: 'node-exporter',
  title: 'Node Exporter',
  panels: [
    {
      id: 1,
      type: 'timeseries',
      datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' },
      targets: [{ expr: 'up{job="${VAR_JOB}"}', refId: 'A' }],
    },
    { id: 2, type: 'stat', datasource: '${DS_PROMETHEUS}' },
  ],
  templating: {
    list: [
      { name: 'job', type: 'constant', query: '${VAR_JOB}' },
      { name: 'instance', type: 'query', query: '$instance' },
    ],
  },
};

describe('POST /api/dashboards/import', () => {
  it('maps each __inputs entry to its value and saves the dashboard, answering in Grafana’s shape', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: exported,
        overwrite: true,
        folderUid: 'imports',
        inputs: [
          { name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus', value: promUid },
          { name: 'VAR_JOB', type: 'constant', value: 'api' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = importDashboardResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      uid: 'node-exporter',
      title: 'Node Exporter',
      imported: true,
      importedUrl: '/d/node-exporter/node-exporter',
      folderUid: 'imports',
    });
    const { dashboard, meta } = (await server.call({ method: 'GET', url: '/api/dashboards/uid/node-exporter' })).json();
    expect(meta.folderUid).toBe('imports');
    expect(dashboard.__inputs).toBeUndefined();
    expect(dashboard.__requires).toBeUndefined();
    expect(dashboard.id).toBe(body.dashboardId);
    expect(dashboard.panels[0].datasource).toEqual({ type: 'prometheus', uid: promUid });
    expect(dashboard.panels[0].targets[0].expr).toBe('up{job="api"}');
    expect(dashboard.panels[1].datasource).toBe(promUid);
    // Only declared inputs are replaced; dashboard variables stay.
    expect(dashboard.templating.list.map((v: { query: string }) => v.query)).toEqual(['api', '$instance']);
  });

  it('takes input names as Grafana writes them from data source names, hyphens included', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: {
          __inputs: [{ name: 'DS_PROM-MAIN', label: 'prom-main', type: 'datasource', pluginId: 'prometheus' }],
          uid: 'hyphen-input',
          title: 'Hyphen input',
          panels: [
            {
              id: 1,
              type: 'stat',
              datasource: { type: 'prometheus', uid: '${DS_PROM-MAIN}' },
              targets: [{ expr: 'rate(x[${__rate_interval}])' }],
            },
          ],
        },
        inputs: [{ name: 'DS_PROM-MAIN', type: 'datasource', pluginId: 'prometheus', value: promUid }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { dashboard } = (await server.call({ method: 'GET', url: '/api/dashboards/uid/hyphen-input' })).json();
    expect(dashboard.panels[0].datasource).toEqual({ type: 'prometheus', uid: promUid });
    // A built-in variable is no input: it stays for the dashboard to fill in.
    expect(dashboard.panels[0].targets[0].expr).toBe('rate(x[${__rate_interval}])');
  });

  it('accepts a data source by name (older clients), and refuses missing inputs or a wrong type', async () => {
    const byName = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: { ...exported, uid: 'by-name' },
        inputs: [
          { name: 'DS_PROMETHEUS', type: 'datasource', value: 'Prom' },
          { name: 'VAR_JOB', type: 'constant', value: 'x' },
        ],
      },
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/by-name' })).json().dashboard.panels[1].datasource).toBe(promUid);

    const missing = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: { dashboard: { ...exported, uid: 'missing' }, inputs: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Dashboard input variable: DS_PROMETHEUS missing from import command');
    const wrongType = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: { ...exported, uid: 'wrong' },
        inputs: [
          { name: 'DS_PROMETHEUS', type: 'datasource', value: lokiUid },
          { name: 'VAR_JOB', type: 'constant', value: 'x' },
        ],
      },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/input DS_PROMETHEUS needs a prometheus data source; "Logs" is loki/);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/wrong' })).statusCode).toBe(404);
  });

  it('follows the save rules: an existing uid needs overwrite, and Edit on the folder', async () => {
    const again = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: exported,
        inputs: [
          { name: 'DS_PROMETHEUS', type: 'datasource', value: promUid },
          { name: 'VAR_JOB', type: 'constant', value: 'x' },
        ],
      },
    });
    expect(again.statusCode).toBe(412);
    const viewer = await server.accountWithToken('Viewer');
    const refused = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: { dashboard: { title: 'Mine' } },
      token: viewer.token,
    });
    expect(refused.statusCode).toBe(403);
    const plain = await server.call({ method: 'POST', url: '/api/dashboards/import', payload: { dashboard: { title: 'Plain' } } });
    expect(plain.json()).toMatchObject({ title: 'Plain', imported: true, folderUid: '' });
  });
});
