import { describe, expect, it } from 'vitest';
import { exportExternally, inputName, type ExportDataSource } from './exportExternally';

const prom: ExportDataSource = { uid: 'prom-uid', name: 'Prom Main', type: 'prometheus', typeName: 'Prometheus', isDefault: true };
const loki: ExportDataSource = { uid: 'loki-uid', name: 'logs', type: 'loki', typeName: 'Loki', isDefault: false };
const pg: ExportDataSource = {
  uid: 'pg-uid',
  name: 'warehouse',
  type: 'grafana-postgresql-datasource',
  typeName: 'PostgreSQL',
  isDefault: false,
};
const dataSources = [prom, loki, pg];

const dashboard = {
  id: 12,
  uid: 'svc',
  title: 'Service',
  version: 4,
  panels: [
    {
      id: 1,
      type: 'timeseries',
      title: 'Requests',
      datasource: { type: 'prometheus', uid: 'prom-uid' },
      targets: [{ refId: 'A', expr: 'rate(http_requests_total{job="$job"}[5m])' }],
      gridPos: { x: 0, y: 0, w: 12, h: 8 },
    },
    {
      id: 2,
      type: 'logs',
      title: 'Logs',
      datasource: { type: 'loki', uid: 'loki-uid' },
      targets: [{ refId: 'A', expr: '{job="$job"}', datasource: { type: 'loki', uid: 'loki-uid' } }],
      gridPos: { x: 12, y: 0, w: 12, h: 8 },
    },
    {
      id: 3,
      type: 'row',
      title: 'Collapsed',
      collapsed: true,
      gridPos: { x: 0, y: 8, w: 24, h: 1 },
      panels: [
        {
          id: 4,
          type: 'table',
          title: 'Orders',
          datasource: { type: 'grafana-postgresql-datasource', uid: 'pg-uid' },
          targets: [{ refId: 'A', rawSql: 'select 1' }],
          gridPos: { x: 0, y: 9, w: 24, h: 8 },
        },
      ],
    },
    { id: 5, type: 'stat', title: 'Via variable', datasource: { uid: '${ds}' }, targets: [{ refId: 'A', expr: 'up' }] },
    { id: 6, type: 'text', title: 'Notes', options: { content: 'hi' } },
    { id: 7, type: 'some-community-panel', title: 'Plugin', datasource: { type: 'datasource', uid: '-- Mixed --' }, targets: [] },
  ],
  templating: {
    list: [
      {
        name: 'job',
        type: 'query',
        datasource: { type: 'prometheus', uid: 'prom-uid' },
        query: 'label_values(up, job)',
        refresh: 0,
        current: { text: 'api', value: 'api' },
        options: [{ text: 'api', value: 'api', selected: true }],
      },
      { name: 'ds', type: 'datasource', query: 'prometheus', current: { text: 'Prom Main', value: 'prom-uid' } },
      { name: 'env', type: 'constant', label: 'Environment', query: 'prod' },
    ],
  },
  annotations: {
    list: [
      { name: 'Annotations & Alerts', builtIn: 1, datasource: { type: 'grafana', uid: '-- Grafana --' }, enable: true },
      { name: 'Deploys', datasource: { type: 'loki', uid: 'loki-uid' }, expr: '{job="deploy"}', enable: true },
    ],
  },
};

/** The parts of a panel these tests look at. */
interface PanelJson {
  datasource?: unknown;
  targets?: Array<Record<string, unknown>>;
  panels?: PanelJson[];
}

/** What the import API does with an export: every `${NAME}` of a declared input becomes its value. */
function importWith(model: Record<string, unknown>, values: Record<string, string>): Record<string, unknown> {
  const substitute = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/\$\{([^${}]+)\}/g, (whole, name: string) => values[name] ?? whole);
    if (Array.isArray(value)) return value.map(substitute);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
    return value;
  };
  const { __inputs: _i, __requires: _r, __elements: _e, ...rest } = model;
  return substitute(rest) as Record<string, unknown>;
}

describe('exportExternally', () => {
  const { dashboard: exported, unresolved } = exportExternally(dashboard, dataSources, '11.6.0');

  it('puts __inputs, __elements and __requires first and drops the id', () => {
    expect(Object.keys(exported).slice(0, 3)).toEqual(['__inputs', '__elements', '__requires']);
    expect(exported.id).toBeNull();
    expect(exported.__elements).toEqual({});
    expect(unresolved).toEqual([]);
  });

  it('declares one input per data source used directly, then the constants', () => {
    expect(exported.__inputs).toEqual([
      { name: 'DS_PROM_MAIN', label: 'Prom Main', description: '', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' },
      { name: 'DS_LOGS', label: 'logs', description: '', type: 'datasource', pluginId: 'loki', pluginName: 'Loki' },
      {
        name: 'DS_WAREHOUSE',
        label: 'warehouse',
        description: '',
        type: 'datasource',
        pluginId: 'grafana-postgresql-datasource',
        pluginName: 'PostgreSQL',
      },
      { name: 'VAR_ENV', type: 'constant', label: 'Environment', value: 'prod', description: '' },
    ]);
  });

  it('requires Grafana, each data source plugin and each known panel type, sorted by id as Grafana writes them', () => {
    expect(exported.__requires).toEqual([
      { type: 'grafana', id: 'grafana', name: 'Grafana', version: '11.6.0' },
      { type: 'datasource', id: 'grafana-postgresql-datasource', name: 'PostgreSQL', version: '1.0.0' },
      { type: 'panel', id: 'logs', name: 'Logs', version: '' },
      { type: 'datasource', id: 'loki', name: 'Loki', version: '1.0.0' },
      { type: 'datasource', id: 'prometheus', name: 'Prometheus', version: '1.0.0' },
      { type: 'panel', id: 'stat', name: 'Stat', version: '' },
      { type: 'panel', id: 'table', name: 'Table', version: '' },
      { type: 'panel', id: 'text', name: 'Text', version: '' },
      { type: 'panel', id: 'timeseries', name: 'Time series', version: '' },
    ]);
  });

  it('replaces references in panels, queries, collapsed rows, query variables and annotations', () => {
    const panels = exported.panels as PanelJson[];
    expect(panels[0]!.datasource).toEqual({ type: 'prometheus', uid: '${DS_PROM_MAIN}' });
    // A query without its own data source takes its panel's, as Grafana writes it.
    expect(panels[0]!.targets![0]!.datasource).toEqual({ type: 'prometheus', uid: '${DS_PROM_MAIN}' });
    expect(panels[1]!.targets![0]!.datasource).toEqual({ type: 'loki', uid: '${DS_LOGS}' });
    expect(panels[2]!.panels![0]!.datasource).toEqual({ type: 'grafana-postgresql-datasource', uid: '${DS_WAREHOUSE}' });
    // Through a variable, and Grafana's built-ins, stay as they are.
    expect(panels[3]!.datasource).toEqual({ uid: '${ds}' });
    expect(panels[5]!.datasource).toEqual({ type: 'datasource', uid: '-- Mixed --' });
    expect(panels[4]!.datasource).toBeUndefined();

    const [job, ds, env] = (exported.templating as { list: Array<Record<string, unknown>> }).list;
    expect(job).toMatchObject({ datasource: { type: 'prometheus', uid: '${DS_PROM_MAIN}' }, options: [], current: {}, refresh: 1 });
    expect(ds!.current).toEqual({});
    expect(env).toMatchObject({
      query: '${VAR_ENV}',
      current: { value: '${VAR_ENV}', text: '${VAR_ENV}', selected: false },
      options: [{ value: '${VAR_ENV}', text: '${VAR_ENV}', selected: false }],
    });
    const [builtIn, deploys] = (exported.annotations as { list: Array<Record<string, unknown>> }).list;
    expect(builtIn!.datasource).toEqual({ type: 'grafana', uid: '-- Grafana --' });
    expect(deploys!.datasource).toEqual({ type: 'loki', uid: '${DS_LOGS}' });
  });

  it('leaves the original untouched', () => {
    expect(dashboard.id).toBe(12);
    expect(dashboard.panels[0]!.datasource).toEqual({ type: 'prometheus', uid: 'prom-uid' });
  });

  it('re-imports to the same panels, with the inputs mapped back to the data sources', () => {
    const imported = importWith(exported, { DS_PROM_MAIN: 'prom-uid', DS_LOGS: 'loki-uid', DS_WAREHOUSE: 'pg-uid', VAR_ENV: 'prod' });
    // Queries gain their panel's data source, which they used already; otherwise the panels are the same.
    const withoutQuerySources = (panels: unknown): unknown =>
      (panels as PanelJson[]).map(({ targets, panels: inner, ...panel }) => ({
        ...panel,
        ...(inner ? { panels: withoutQuerySources(inner) } : {}),
        targets: targets?.map(({ datasource: _d, ...target }) => target),
      }));
    expect(withoutQuerySources(imported.panels)).toEqual(withoutQuerySources(dashboard.panels));
    expect(imported.annotations).toEqual(dashboard.annotations);
    expect(imported.title).toBe(dashboard.title);
  });

  it('maps legacy references by name, the default data source, and reports the unknown', () => {
    const legacy = {
      panels: [
        { id: 1, type: 'graph', datasource: 'logs', targets: [{ refId: 'A' }] },
        { id: 2, type: 'stat', datasource: null, targets: [{ refId: 'A' }] },
        { id: 3, type: 'stat', datasource: 'gone', targets: [] },
        { id: 4, type: 'stat', datasource: '$ds', targets: [] },
      ],
      templating: { list: [{ name: 'ds', type: 'datasource', current: { value: 'logs' } }] },
    };
    const result = exportExternally(legacy, dataSources, '11.6.0');
    const panels = result.dashboard.panels as PanelJson[];
    expect(panels[0]!.datasource).toEqual({ type: 'loki', uid: '${DS_LOGS}' });
    expect(panels[1]!.datasource).toEqual({ type: 'prometheus', uid: '${DS_PROM_MAIN}' });
    expect(panels[2]!.datasource).toBe('gone');
    expect(panels[3]!.datasource).toBe('$ds');
    expect(result.unresolved).toEqual(['gone']);
    expect((result.dashboard.__requires as Array<{ id: string }>).map((r) => r.id)).toEqual([
      'grafana',
      'graph',
      'loki',
      'prometheus',
      'stat',
    ]);
  });
});

describe('inputName', () => {
  it('upper-cases the name and joins its words', () => {
    expect(inputName('DS_', 'prom main 2')).toBe('DS_PROM_MAIN_2');
    expect(inputName('VAR_', 'job')).toBe('VAR_JOB');
  });

  it('writes each library panel used once to __elements, as Grafana, the dashboard keeping its place and reference', () => {
    const libraryPanel = (id: number, x: number) => ({
      id,
      type: 'stat',
      title: 'Shared CPU',
      datasource: { type: 'prometheus', uid: 'prom-uid' },
      targets: [{ refId: 'A', expr: 'up' }],
      gridPos: { x, y: 0, w: 6, h: 4 },
      libraryPanel: { uid: 'lp-cpu', name: 'Shared CPU' },
    });
    const withLibrary = { ...dashboard, panels: [libraryPanel(1, 0), libraryPanel(2, 6)] };
    const result = exportExternally(withLibrary, dataSources, '11.6.0').dashboard;
    expect(result.__elements).toEqual({
      'lp-cpu': {
        name: 'Shared CPU',
        uid: 'lp-cpu',
        kind: 1,
        model: {
          type: 'stat',
          title: 'Shared CPU',
          datasource: { type: 'prometheus', uid: '${DS_PROM_MAIN}' },
          targets: [{ refId: 'A', expr: 'up', datasource: { type: 'prometheus', uid: '${DS_PROM_MAIN}' } }],
        },
      },
    });
    expect(result.panels).toEqual([
      { id: 1, gridPos: { x: 0, y: 0, w: 6, h: 4 }, title: 'Shared CPU', libraryPanel: { uid: 'lp-cpu', name: 'Shared CPU' } },
      { id: 2, gridPos: { x: 6, y: 0, w: 6, h: 4 }, title: 'Shared CPU', libraryPanel: { uid: 'lp-cpu', name: 'Shared CPU' } },
    ]);
    expect(withLibrary.panels[0]!.datasource).toEqual({ type: 'prometheus', uid: 'prom-uid' });
  });
});
