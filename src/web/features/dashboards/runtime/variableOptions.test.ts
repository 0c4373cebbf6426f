import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSourceSummary } from '../../../api/dataSources';
import { startSession } from '../../../api/session';
import type { QueryResponse } from '../../../../contract/query';
import { API, connectedSession, server } from '../../../test/server';
import type { InterpolationScope, VariableModel, VariableState } from './types';
import { ApiError, NetworkError } from '../../../api/errors';
import { loadVariableOptions, refineOptions, retryVariableOptions, sortOptions } from './variableOptions';

const dataSources: DataSourceSummary[] = [
  { uid: 'prom1', name: 'Prometheus', type: 'prometheus', isDefault: true },
  { uid: 'prom2', name: 'Prometheus EU', type: 'prometheus', isDefault: false },
  { uid: 'pg', name: 'Postgres', type: 'grafana-postgresql-datasource', isDefault: false },
];
const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };

function jobVariable(values: string[]): VariableState {
  return {
    name: 'job',
    type: 'custom',
    label: 'job',
    hide: 0,
    multi: true,
    includeAll: false,
    options: values.map((v) => ({ text: v, value: v })),
    value: values,
    text: values,
    loading: false,
  };
}
const scope: InterpolationScope = { variables: { job: jobVariable(['node', 'api.x']) }, builtins: {} };
const ctx = { scope, range, dataSources };

describe('refineOptions', () => {
  const found = ['backend-01', 'backend-02', 'frontend-10', 'backend-01'].map((text) => ({ text }));

  it('keeps what the regex matches, whole when it is bare, and dedupes', () => {
    expect(refineOptions(found, 'backend-.*', 0).map((o) => o.value)).toEqual(['backend-01', 'backend-02']);
    expect(refineOptions(found, '/end/', 0)).toHaveLength(3);
  });

  it('selects the text with the first group or named groups', () => {
    expect(refineOptions(found, '/backend-(\\d+)/', 0).map((o) => o.text)).toEqual(['01', '02']);
    expect(refineOptions(found, '/(?<text>[a-z]+)-(?<value>\\d+)/', 0)).toEqual([
      { text: 'backend', value: '01' },
      { text: 'backend', value: '02' },
      { text: 'frontend', value: '10' },
    ]);
  });

  it('sorts as Grafana: alphabetical, numerical, case-insensitive, descending', () => {
    const options = ['b10', 'B2', 'a3'].map((t) => ({ text: t, value: t }));
    expect(sortOptions(options, 1).map((o) => o.text)).toEqual(['B2', 'a3', 'b10']);
    expect(sortOptions(options, 2).map((o) => o.text)).toEqual(['b10', 'a3', 'B2']);
    expect(sortOptions(options, 3).map((o) => o.text)).toEqual(['B2', 'a3', 'b10']);
    expect(sortOptions(options, 4).map((o) => o.text)).toEqual(['b10', 'a3', 'B2']);
    expect(sortOptions(options, 5).map((o) => o.text)).toEqual(['a3', 'b10', 'B2']);
    expect(sortOptions(options, 0).map((o) => o.text)).toEqual(['b10', 'B2', 'a3']);
  });
});

describe('loadVariableOptions', () => {
  beforeEach(() => startSession(connectedSession()));

  it('asks Prometheus for label values through the proxy, matching the interpolated selector', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/label/instance/values`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ status: 'success', data: ['b:9100', 'a:9100', 'c:9100'] });
      }),
    );
    const model: VariableModel = {
      name: 'instance',
      type: 'query',
      datasource: { type: 'prometheus', uid: 'prom1' },
      query: { query: 'label_values(up{job=~"$job"}, instance)', refId: 'A' },
      regex: '/[ab]:.*/',
      sort: 1,
    };
    const options = await loadVariableOptions(model, ctx);
    expect(options.map((o) => o.value)).toEqual(['a:9100', 'b:9100']);
    expect(seen?.searchParams.get('match[]')).toBe('up{job=~"(node|api\\\\.x)"}');
    expect(seen?.searchParams.get('start')).toBe('1700000000');
    expect(seen?.searchParams.get('end')).toBe('1700003600');
  });

  it('writes query_result samples as Grafana does', async () => {
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/query`, () =>
        HttpResponse.json({
          status: 'success',
          data: { resultType: 'vector', result: [{ metric: { __name__: 'up', job: 'node' }, value: [1700003600, '1'] }] },
        }),
      ),
    );
    const options = await loadVariableOptions({ name: 'r', type: 'query', datasource: 'prom1', query: 'query_result(up)' }, ctx);
    expect(options).toEqual([{ text: 'up{job="node"} 1 1700003600000', value: 'up{job="node"} 1 1700003600000' }]);
  });

  it("says Prometheus's own error", async () => {
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/labels`, () =>
        HttpResponse.json({ status: 'error', errorType: 'bad_data', error: 'invalid time' }, { status: 400 }),
      ),
    );
    await expect(loadVariableOptions({ name: 'l', type: 'query', datasource: null, query: 'label_names()' }, ctx)).rejects.toThrow(
      'invalid time',
    );
  });

  it('runs SQL through /api/ds/query and takes __text/__value', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/api/ds/query`, async ({ request }) => {
        sent = await request.json();
        const body: QueryResponse = {
          results: {
            A: {
              frames: [
                {
                  schema: { fields: [{ name: '__text' }, { name: '__value' }] },
                  data: {
                    values: [
                      ['Web', 'DB'],
                      [1, 2],
                    ],
                  },
                },
              ],
            },
          },
        };
        return HttpResponse.json(body);
      }),
    );
    const options = await loadVariableOptions(
      { name: 's', type: 'query', datasource: { uid: 'pg' }, query: 'SELECT name AS __text, id AS __value FROM hosts WHERE job IN ($job)' },
      ctx,
    );
    expect(options).toEqual([
      { text: 'Web', value: '1' },
      { text: 'DB', value: '2' },
    ]);
    expect(sent).toMatchObject({ queries: [{ rawSql: "SELECT name AS __text, id AS __value FROM hosts WHERE job IN ('node','api.x')" }] });
  });

  it("says the database's error from a failed SQL query", async () => {
    server.use(
      http.post(`${API}/api/ds/query`, () =>
        HttpResponse.json({ results: { A: { error: 'relation "hosts" does not exist', status: 400 } } }, { status: 400 }),
      ),
    );
    await expect(loadVariableOptions({ name: 's', type: 'query', datasource: { uid: 'pg' }, query: 'SELECT 1' }, ctx)).rejects.toThrow(
      'relation "hosts" does not exist',
    );
  });

  it('lists data sources of a type, with the default, filtered by regex', async () => {
    const model: VariableModel = { name: 'ds', type: 'datasource', query: 'prometheus' };
    expect(await loadVariableOptions(model, ctx)).toEqual([
      { text: 'Prometheus', value: 'prom1' },
      { text: 'default', value: 'default' },
      { text: 'Prometheus EU', value: 'prom2' },
    ]);
    expect(await loadVariableOptions({ ...model, regex: '/EU/' }, ctx)).toEqual([{ text: 'Prometheus EU', value: 'prom2' }]);
  });
});

describe('retryVariableOptions', () => {
  it('asks again only when the answer got lost on the way, at most twice', () => {
    expect(retryVariableOptions(0, new NetworkError('The server could not be reached'))).toBe(true);
    expect(retryVariableOptions(1, new ApiError(502, 'Bad gateway', {}))).toBe(true);
    expect(retryVariableOptions(2, new ApiError(502, 'Bad gateway', {}))).toBe(false);
  });

  it('never for what would fail the same way again', () => {
    expect(retryVariableOptions(0, new ApiError(400, 'invalid time', {}))).toBe(false);
    expect(retryVariableOptions(0, new Error('Query variables on grafana-testdata-datasource data sources are not supported yet.'))).toBe(
      false,
    );
  });

  it("keeps the status of a refusal it words in the data source's terms, so a 400 is not retried", async () => {
    startSession(connectedSession());
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/labels`, () =>
        HttpResponse.json({ status: 'error', errorType: 'bad_data', error: 'invalid time' }, { status: 400 }),
      ),
    );
    const error = await loadVariableOptions({ name: 'l', type: 'query', datasource: null, query: 'label_names()' }, ctx).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'invalid time' });
    expect(retryVariableOptions(0, error)).toBe(false);
  });
});
