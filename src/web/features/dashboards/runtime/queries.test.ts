import { describe, expect, it } from 'vitest';
import type { QueryRequest } from '../../../../contract/query';
import { buildPanelRequest, framesOf } from './queries';
import type { InterpolationScope, VariableState } from './types';
import { initialVariableState } from './variables';

const HOUR = 3_600_000;
const range = { from: 1_700_000_000_000, to: 1_700_000_000_000 + HOUR };
const dataSources = [
  { uid: 'prom', name: 'Prometheus', type: 'prometheus', isDefault: true },
  { uid: 'pg', name: 'Postgres', type: 'grafana-postgresql-datasource', isDefault: false },
];

function scopeWith(...variables: VariableState[]): InterpolationScope {
  return {
    variables: Object.fromEntries(variables.map((v) => [v.name, v])),
    builtins: { __dashboard: 'Checkout', '__dashboard.uid': 'abc' },
  };
}

const job = initialVariableState({ name: 'job', type: 'custom', query: 'api,web', multi: true, current: { value: ['api', 'web'] } });
const region = initialVariableState({
  name: 'region',
  type: 'custom',
  query: "eu,o'hare",
  multi: true,
  current: { value: ['eu', "o'hare"] },
});

describe('buildPanelRequest', () => {
  it('resolves the data source, interpolates in its format and sets Grafana’s interval', () => {
    const { body } = buildPanelRequest({
      panel: {
        id: 1,
        datasource: { type: 'prometheus', uid: 'prom' },
        targets: [
          { refId: 'A', expr: 'rate(http_requests_total{job=~"$job"}[$__rate_interval])', legendFormat: '{{job}}' },
          { refId: 'B', expr: 'up', hide: true },
        ],
      },
      scope: scopeWith(job),
      range,
      dataSources,
      widthPx: 1200,
    });
    expect(body?.from).toBe(String(range.from));
    expect(body?.queries).toHaveLength(1);
    const [query] = body!.queries as Array<Record<string, unknown>>;
    expect(query).toMatchObject({
      refId: 'A',
      datasource: { uid: 'prom', type: 'prometheus' },
      maxDataPoints: 1200,
      legendFormat: '{{job}}',
    });
    // 1 h over 1,200 points is 3 s, rounded to Grafana's nice intervals; rate interval at least 4 × 15 s.
    expect(query!.intervalMs).toBe(2000);
    expect(query!.expr).toBe('rate(http_requests_total{job=~"(api|web)"}[60s])');
  });

  it('quotes multi-value variables for SQL and names the default data source by uid', () => {
    const sql = buildPanelRequest({
      panel: {
        id: 2,
        datasource: 'Postgres',
        targets: [{ refId: 'A', rawSql: 'SELECT * FROM t WHERE region IN ($region)', format: 'table' }],
      },
      scope: scopeWith(region),
      range,
      dataSources,
      widthPx: 600,
    });
    expect((sql.body!.queries[0] as Record<string, unknown>).rawSql).toBe("SELECT * FROM t WHERE region IN ('eu','o''hare')");
    expect(sql.body!.queries[0]!.datasource).toEqual({ uid: 'pg', type: 'grafana-postgresql-datasource' });

    const byDefault = buildPanelRequest({
      panel: { id: 3, targets: [{ expr: 'up' }] },
      scope: scopeWith(),
      range,
      dataSources,
      widthPx: 600,
    });
    expect(byDefault.body!.queries[0]).toMatchObject({ refId: 'A', datasource: { uid: 'prom' } });
  });

  it('follows a $datasource variable, and says which data source is missing', () => {
    const ds = initialVariableState({ name: 'ds', type: 'custom', query: 'pg', current: { value: 'pg' } });
    const viaVariable = buildPanelRequest({
      panel: { id: 4, datasource: { uid: '${ds}' }, targets: [{ refId: 'A', rawSql: 'SELECT 1' }] },
      scope: scopeWith(ds),
      range,
      dataSources,
      widthPx: 600,
    });
    expect(viaVariable.body!.queries[0]!.datasource).toEqual({ uid: 'pg', type: 'grafana-postgresql-datasource' });

    const missing = buildPanelRequest({
      panel: { id: 5, datasource: { uid: 'gone', type: 'loki' }, targets: [{ refId: 'A', expr: '{job="x"}' }] },
      scope: scopeWith(),
      range,
      dataSources,
      widthPx: 600,
    });
    expect(missing.body).toBeUndefined();
    expect(missing.problem).toMatch(/Data source gone was not found/);
  });

  it('asks nothing for panels without queries and for Grafana’s built-in sources', () => {
    expect(buildPanelRequest({ panel: { id: 6, type: 'text' }, scope: scopeWith(), range, dataSources, widthPx: 600 })).toEqual({});
    expect(
      buildPanelRequest({
        panel: { id: 7, datasource: { type: 'datasource', uid: 'grafana' }, targets: [{ refId: 'A' }] },
        scope: scopeWith(),
        range,
        dataSources,
        widthPx: 600,
      }),
    ).toEqual({});
  });
});

describe('framesOf', () => {
  it('keeps query order and joins errors with their refIds', () => {
    const body: QueryRequest = { from: '0', to: '1', queries: [{ refId: 'A' }, { refId: 'B' }] };
    const frame = (name: string) => ({ schema: { name, fields: [] }, data: { values: [] } });
    const result = framesOf({ results: { B: { frames: [frame('b')] }, A: { frames: [frame('a')], error: 'bad expr' } } } as never, body);
    expect(result.frames.map((f) => f.schema?.name)).toEqual(['a', 'b']);
    expect(result.error).toBe('A: bad expr');
  });
});
