import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../../../contract/query';
import {
  annotationDefinitionsOf,
  annotationSourceOf,
  lokiAnnotations,
  prometheusAnnotations,
  renderLegendFormat,
  standardAnnotations,
  type SourceContext,
} from './annotationSources';
import type { InterpolationScope } from './types';
import { initialVariableState } from './variables';

const HOUR = 3_600_000;
const range = { from: 1_700_000_000_000, to: 1_700_000_000_000 + HOUR };
const dataSources = [
  { uid: 'prom', name: 'Prometheus', type: 'prometheus', isDefault: true },
  { uid: 'pg', name: 'Postgres', type: 'grafana-postgresql-datasource', isDefault: false },
  { uid: 'logs', name: 'Loki', type: 'loki', isDefault: false },
];
const job = initialVariableState({ name: 'job', type: 'custom', query: 'api,web', multi: true, current: { value: ['api', 'web'] } });
const scope: InterpolationScope = { variables: { job }, builtins: { __dashboard: 'Checkout', '__dashboard.uid': 'abc' } };
const context: SourceContext = { dashboardUid: 'abc', range, scope, dataSources, maxDataPoints: 1200 };

const frame = (
  fields: Array<{ name: string; type?: string; labels?: Record<string, string> }>,
  values: unknown[][],
  step = '15s',
): DataFrame => ({
  schema: { meta: { executedQueryString: `Expr: x\nStep: ${step}` }, fields },
  data: { values },
});

describe('annotation definitions', () => {
  it('reads names, switches and hidden queries; a dashboard without a list has the built-in one, hidden', () => {
    const model = {
      annotations: {
        list: [
          { builtIn: 1, enable: true, hide: true, name: 'Annotations & Alerts', datasource: { type: 'grafana', uid: '-- Grafana --' } },
          { enable: false, name: 'Deploys', iconColor: 'red', datasource: { uid: 'prom' } },
        ],
      },
    };
    expect(annotationDefinitionsOf(model).map(({ name, hidden, enabled, color }) => ({ name, hidden, enabled, color }))).toEqual([
      { name: 'Annotations & Alerts', hidden: true, enabled: true, color: undefined },
      { name: 'Deploys', hidden: false, enabled: false, color: 'red' },
    ]);
    expect(annotationDefinitionsOf({})).toMatchObject([{ name: 'Annotations & Alerts', hidden: true, enabled: true }]);
  });
});

describe('annotationSourceOf', () => {
  const [builtIn, prom, sql, loki, tags, unknown] = annotationDefinitionsOf({
    annotations: {
      list: [
        { builtIn: 1, datasource: '-- Grafana --', enable: true },
        { datasource: 'Prometheus', enable: true, expr: 'changes(deploys{job=~"$job"}[5m]) > 0', step: '30s', titleFormat: '{{job}}' },
        {
          datasource: { uid: 'pg' },
          enable: true,
          rawQuery: 'SELECT t AS time, note AS text FROM events WHERE $__timeFilter(t) AND job IN ($job)',
        },
        { datasource: { uid: 'logs', type: 'loki' }, enable: true, target: { expr: '{job="$job"} |= "error"' } },
        { datasource: { type: 'grafana' }, enable: true, target: { type: 'tags', tags: ['deploy'] } },
        { datasource: { uid: 'nope' }, enable: true, expr: 'up' },
      ],
    },
  });

  it('asks the store for the built-in query and for Grafana tag queries', () => {
    expect(annotationSourceOf(builtIn!, context)).toEqual({
      kind: 'store',
      query: { from: range.from, to: range.to, tags: [], matchAny: false, dashboardUID: 'abc' },
      fromDashboard: true,
    });
    expect(annotationSourceOf(tags!, context)).toMatchObject({ kind: 'store', query: { tags: ['deploy'] }, fromDashboard: false });
  });

  it('sends a Prometheus query with its step as the minimum interval and the variables interpolated', () => {
    const source = annotationSourceOf(prom!, context);
    expect(source).toMatchObject({ kind: 'datasource', runner: 'prometheus' });
    const query = (source as { body: { queries: Array<Record<string, unknown>> } }).body.queries[0]!;
    expect(query).toMatchObject({
      refId: 'Anno',
      datasource: { uid: 'prom', type: 'prometheus' },
      expr: 'changes(deploys{job=~"(api|web)"}[5m]) > 0',
      interval: '30s',
      intervalMs: 30_000,
      maxDataPoints: 1200,
    });
  });

  it('migrates an old SQL rawQuery to a table query, and runs Loki with its target', () => {
    const sqlQuery = (annotationSourceOf(sql!, context) as { body: { queries: Array<Record<string, unknown>> } }).body.queries[0]!;
    expect(sqlQuery).toMatchObject({ format: 'table', datasource: { uid: 'pg' } });
    expect(sqlQuery.rawSql).toContain("job IN ('api','web')");
    const lokiSource = annotationSourceOf(loki!, context);
    expect(lokiSource).toMatchObject({ kind: 'datasource', runner: 'loki', body: { queries: [{ queryType: 'range', instant: false }] } });
  });

  it('names a data source that is not there', () => {
    expect(annotationSourceOf(unknown!, context)).toEqual({ kind: 'problem', message: 'Data source nope was not found' });
  });
});

describe('prometheusAnnotations', () => {
  it('turns samples above zero into events, joining those within a step into regions, with titles and tags from labels', () => {
    const t0 = range.from;
    const events = prometheusAnnotations({ titleFormat: 'Deploy of {{job}}', textFormat: '{{instance}} {{missing}}', tagKeys: 'job' }, [
      frame(
        [
          { name: 'Time', type: 'time' },
          { name: 'Value', type: 'number', labels: { job: 'api', instance: 'h:1' } },
        ],
        [
          [t0, t0 + 15_000, t0 + 30_000, t0 + 45_000, t0 + 60_000, t0 + 120_000],
          [1, 1, 0, 0, 2, 1],
        ],
      ),
    ]);
    expect(events).toEqual([
      { time: t0, timeEnd: t0 + 15_000, title: 'Deploy of api', text: 'h:1 missing', tags: ['api'] },
      { time: t0 + 60_000, title: 'Deploy of api', text: 'h:1 missing', tags: ['api'] },
      { time: t0 + 120_000, title: 'Deploy of api', text: 'h:1 missing', tags: ['api'] },
    ]);
  });

  it('reads the value as the time with useValueForTime', () => {
    const events = prometheusAnnotations({ useValueForTime: true }, [
      frame(
        [
          { name: 'Time', type: 'time' },
          { name: 'Value', type: 'number', labels: {} },
        ],
        [[range.from], [1_699_999_000_000]],
      ),
    ]);
    expect(events).toEqual([{ time: 1_699_999_000_000, title: '', text: '', tags: [] }]);
  });
});

describe('lokiAnnotations', () => {
  it('makes each log line an event, its labels the tags (only tagKeys when given)', () => {
    const events = lokiAnnotations({ tagKeys: 'level' }, [
      frame(
        [{ name: 'labels', type: 'other' }, { name: 'Time', type: 'time' }, { name: 'Line', type: 'string' }, { name: 'tsNs' }],
        [[{ level: 'error ', job: 'api' }], [range.from], ['disk full'], ['1']],
      ),
    ]);
    expect(events).toEqual([{ time: range.from, title: '', text: 'disk full', tags: ['error'] }]);
  });
});

describe('standardAnnotations (SQL)', () => {
  it('reads time, timeend, text, title and comma-separated tags by column name', () => {
    const events = standardAnnotations([
      frame(
        [
          { name: 'time', type: 'time' },
          { name: 'timeend', type: 'time' },
          { name: 'text', type: 'string' },
          { name: 'tags', type: 'string' },
        ],
        [
          [range.from, range.from + 1000],
          [range.from + 60_000, null],
          ['<b>Deploy</b> 1.2', 'Restart'],
          ['deploy,api', ''],
        ],
      ),
    ]);
    expect(events).toEqual([
      { time: range.from, timeEnd: range.from + 60_000, title: undefined, text: '<b>Deploy</b> 1.2', tags: ['deploy', 'api'] },
      { time: range.from + 1000, timeEnd: undefined, title: undefined, text: 'Restart', tags: [] },
    ]);
  });

  it('says what is missing when the result has no time or text column', () => {
    expect(() => standardAnnotations([frame([{ name: 'value', type: 'number' }], [[1]])])).toThrow(/time column and a text column/);
  });
});

describe('renderLegendFormat', () => {
  it('puts label values in, and the name itself where the label is missing (Grafana)', () => {
    expect(renderLegendFormat('{{ job }} on {{host}}', { job: 'api' })).toBe('api on host');
  });
});
