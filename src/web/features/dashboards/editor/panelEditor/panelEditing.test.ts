import { describe, expect, it } from 'vitest';
import type { DataSourceSummary } from '../../../../api/dataSources';
import { newPanelOfType } from '../../../../panels/registry';
import { greenThenRed } from '../../../../panels/thresholdsForTests';
import { changePanelType } from './changePanelType';
import { queryOptionProblem, withQueryOption } from './queryOptions';
import { addTarget, changeDataSource, duplicateTarget, moveItem, nextRefId, refIdProblem, runnableTargets } from './targets';

const prom: DataSourceSummary = { uid: 'prom', name: 'Prometheus', type: 'prometheus', isDefault: true };
const prom2: DataSourceSummary = { uid: 'prom2', name: 'Prometheus 2', type: 'prometheus', isDefault: false };
const pg: DataSourceSummary = { uid: 'pg', name: 'Postgres', type: 'grafana-postgresql-datasource', isDefault: false };

describe('queries', () => {
  it('names a new query with the first free letter, as Grafana', () => {
    expect(nextRefId([])).toBe('A');
    expect(nextRefId([{ refId: 'A' }, { refId: 'C' }])).toBe('B');
    const many = Array.from({ length: 26 }, (_, i) => ({ refId: String.fromCharCode(65 + i) }));
    expect(nextRefId(many)).toBe('AA');
    expect(addTarget([{ refId: 'A' }], prom).at(-1)).toEqual({
      refId: 'B',
      datasource: { type: 'prometheus', uid: 'prom' },
      expr: '',
      range: true,
      instant: false,
    });
  });

  it('refuses an empty or taken name', () => {
    const targets = [{ refId: 'A' }, { refId: 'B' }];
    expect(refIdProblem(targets, 0, 'B')).toBe('Query name already exists');
    expect(refIdProblem(targets, 0, ' ')).toBe('An empty query name is not allowed');
    expect(refIdProblem(targets, 0, 'errors')).toBeUndefined();
  });

  it('duplicates right after the original with a new name, and moves within bounds', () => {
    const targets = [
      { refId: 'A', expr: 'up' },
      { refId: 'B', expr: 'x' },
    ];
    expect(duplicateTarget(targets, 0).map((t) => t.refId)).toEqual(['A', 'C', 'B']);
    expect(duplicateTarget(targets, 0)[1]).toMatchObject({ expr: 'up' });
    expect(moveItem(targets, 1, -1).map((t) => t.refId)).toEqual(['B', 'A']);
    expect(moveItem(targets, 1, 1).map((t) => t.refId)).toEqual(['A', 'B']);
  });

  it('changes data source as Grafana: same type keeps the queries, another type starts over, Mixed gives each its own', () => {
    const panel = { datasource: { type: 'prometheus', uid: 'prom' }, targets: [{ refId: 'A', expr: 'up' }] };
    expect(changeDataSource(panel, prom2, prom)).toMatchObject({
      datasource: { uid: 'prom2' },
      targets: [{ refId: 'A', expr: 'up', datasource: { uid: 'prom2' } }],
    });
    expect(changeDataSource(panel, pg, prom).targets).toEqual([
      { refId: 'A', datasource: { type: pg.type, uid: 'pg' }, rawSql: '', format: 'table', rawQuery: true, editorMode: 'code' },
    ]);
    expect(changeDataSource(panel, 'mixed', prom)).toMatchObject({
      datasource: { type: 'datasource', uid: '-- Mixed --' },
      targets: [{ refId: 'A', expr: 'up', datasource: { type: 'prometheus', uid: 'prom' } }],
    });
  });

  it('sends only queries with something to run', () => {
    const panel = {
      datasource: { uid: 'prom' },
      targets: [
        { refId: 'A', expr: 'up' },
        { refId: 'B', expr: ' ' },
        { refId: 'C', expr: 'up', hide: true },
      ],
    };
    expect(runnableTargets(panel, () => prom).map((t) => t.refId)).toEqual(['A']);
  });
});

describe('query options', () => {
  it('validates as Grafana and stores nothing for an empty box', () => {
    expect(queryOptionProblem('maxDataPoints', '0')).toBe('Must be a whole number above 0');
    expect(queryOptionProblem('maxDataPoints', '300')).toBeUndefined();
    expect(queryOptionProblem('interval', '30s')).toBeUndefined();
    expect(queryOptionProblem('interval', '$interval')).toBeUndefined();
    expect(queryOptionProblem('timeShift', 'soon')).toBe('Not a valid timespan');
    expect(queryOptionProblem('timeFrom', 'now-1d/d')).toBeUndefined();
    expect(queryOptionProblem('timeShift', 'now-1d')).toBe('Not a valid timespan');
    expect(withQueryOption({ maxDataPoints: 5 }, 'maxDataPoints', '300')).toEqual({ maxDataPoints: 300 });
    expect(withQueryOption({ timeFrom: '1h' }, 'timeFrom', '')).toEqual({});
  });
});

describe('changing the visualization', () => {
  it('keeps the standard field options, drops the old type’s own, and takes the new type’s defaults', () => {
    const panel = {
      id: 3,
      type: 'timeseries',
      pluginVersion: '11.0.0',
      options: { legend: { showLegend: true } },
      fieldConfig: {
        defaults: { unit: 'bytes', decimals: 1, custom: { lineWidth: 2 }, color: { mode: 'palette-classic' } },
        overrides: [
          {
            matcher: { id: 'byName', options: 'a' },
            properties: [
              { id: 'unit', value: 's' },
              { id: 'custom.fillOpacity', value: 10 },
            ],
          },
        ],
      },
      targets: [{ refId: 'A' }],
    };
    const stat = changePanelType(panel, 'stat');
    expect(stat).toMatchObject({ id: 3, type: 'stat', targets: [{ refId: 'A' }] });
    expect(stat.pluginVersion).toBeUndefined();
    expect(stat.options).toMatchObject({ reduceOptions: { calcs: ['lastNotNull'] }, colorMode: 'value', graphMode: 'area' });
    expect(stat.fieldConfig).toEqual({
      defaults: {
        unit: 'bytes',
        decimals: 1,
        // A stat colours by value: the time series' palette becomes its thresholds, as in Grafana.
        color: { mode: 'thresholds' },
        mappings: [],
        thresholds: greenThenRed(80),
      },
      overrides: [{ matcher: { id: 'byName', options: 'a' }, properties: [{ id: 'unit', value: 's' }] }],
    });
  });

  it('takes a type’s defaults from the panel registry, its own field config included', () => {
    const table = changePanelType({ id: 1, type: 'stat', options: { colorMode: 'background' } }, 'table');
    expect(table.options).toEqual(newPanelOfType('table').options);
    const series = changePanelType({ id: 1, type: 'table', fieldConfig: { defaults: { unit: 'short' }, overrides: [] } }, 'timeseries');
    const fresh = newPanelOfType('timeseries').fieldConfig as { defaults: Record<string, unknown> };
    expect(series.options).toEqual(newPanelOfType('timeseries').options);
    expect(series.fieldConfig).toEqual({ defaults: { ...fresh.defaults, unit: 'short' }, overrides: [] });
    expect(
      changePanelType({ id: 1, type: 'stat', fieldConfig: { defaults: { color: { mode: 'thresholds' } } } }, 'timeseries').fieldConfig,
    ).toMatchObject({ defaults: { color: { mode: 'palette-classic' } } });
    const fixed = { mode: 'fixed', fixedColor: 'purple' };
    expect(changePanelType({ id: 1, type: 'timeseries', fieldConfig: { defaults: { color: fixed } } }, 'stat').fieldConfig).toMatchObject({
      defaults: { color: fixed },
    });
    // An old type is stored as the type that draws it.
    expect(changePanelType({ id: 1, type: 'table' }, 'graph').type).toBe('timeseries');
  });
});
