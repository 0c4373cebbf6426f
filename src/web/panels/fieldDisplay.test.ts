import { describe, expect, it } from 'vitest';
import type { Panel } from './layout';
import {
  activeThreshold,
  displayText,
  getDisplayProcessor,
  getFieldDisplayValues,
  normaliseMappings,
  prepareFields,
  type FieldConfig,
} from './fieldDisplay';
import { decodeFrames } from './frames';
import { migratePanel } from './migrations';
import { reduceValues } from './reducers';
import { seriesFrame, tableFrame } from './testing';

const text = (config: FieldConfig, value: unknown, type: 'number' | 'string' | 'time' = 'number') =>
  displayText(getDisplayProcessor({ type, config })(value));
const color = (config: FieldConfig, value: unknown, range?: { min: number; max: number }) =>
  getDisplayProcessor({ type: 'number', config }, { scheme: 'dark', range })(value).color;

describe('reducers', () => {
  const values = [null, 3, 1, null, 4, 1, 5, null];
  it('computes Grafana’s standard calcs, nulls ignored where Grafana ignores them', () => {
    expect(reduceValues(values, ['lastNotNull', 'last', 'firstNotNull', 'first', 'min', 'max', 'sum', 'count', 'range', 'diff'])).toEqual({
      lastNotNull: 5,
      last: null,
      firstNotNull: 3,
      first: null,
      min: 1,
      max: 5,
      sum: 14,
      count: 8,
      range: 4,
      diff: 2,
    });
    expect(reduceValues(values, ['mean'])).toEqual({ mean: 14 / 5 });
  });
  it('counts a counter reset into delta, and maps legacy names', () => {
    expect(reduceValues([10, 15, 20, 2, 7], ['delta'])).toEqual({ delta: 10 + 2 + 5 });
    expect(reduceValues([1, 2, 3], ['avg', 'current', 'total'])).toEqual({ avg: 2, current: 3, total: 6 });
  });
  it('gives null, not a crash, when there are no numbers', () => {
    expect(reduceValues([], ['mean', 'max', 'lastNotNull', 'sum'])).toEqual({ mean: null, max: null, lastNotNull: null, sum: null });
  });
});

describe('thresholds', () => {
  const thresholds = {
    mode: 'absolute',
    steps: [
      { value: null, color: 'green' },
      { value: 50, color: 'orange' },
      { value: 80, color: 'red' },
    ],
  };
  it('picks the last step a value reaches', () => {
    expect(activeThreshold(10, thresholds).color).toBe('green');
    expect(activeThreshold(50, thresholds).color).toBe('orange');
    expect(activeThreshold(99, thresholds).color).toBe('red');
    expect(color({ thresholds }, 79)).toBe('#FF9830');
  });
  it('compares percentages of the field’s range in percentage mode', () => {
    const percentage = { ...thresholds, mode: 'percentage' };
    expect(color({ thresholds: percentage }, 150, { min: 0, max: 200 })).toBe('#FF9830');
    expect(color({ thresholds: percentage }, 170, { min: 0, max: 200 })).toBe('#F2495C');
  });
  it('uses Grafana’s default (green, red from 80) when a panel has none', () => {
    expect(color({}, 79)).toBe('#73BF69');
    expect(color({}, 80)).toBe('#F2495C');
  });
});

describe('value mappings', () => {
  const mappings = normaliseMappings([
    { type: 'value', options: { '1': { text: 'Up', color: 'green' }, '0': { text: 'Down', color: 'red' } } },
    { type: 'range', options: { from: 100, to: 200, result: { text: 'High' } } },
    { type: 'regex', options: { pattern: '/^host-(\\d+)$/', result: { text: 'Host $1' } } },
    { type: 'special', options: { match: 'null', result: { text: 'Missing' } } },
    { type: 'special', options: { match: 'nan', result: { text: 'Not a number' } } },
  ]);
  it('maps values, ranges, regexes, null and NaN', () => {
    expect(text({ mappings }, 1)).toBe('Up');
    expect(text({ mappings }, 0)).toBe('Down');
    expect(color({ mappings }, 0)).toBe('#F2495C');
    expect(text({ mappings, unit: 'percent' }, 150)).toBe('High');
    expect(text({ mappings, unit: 'percent' }, 250)).toBe('250%');
    expect(text({ mappings }, 'host-7', 'string')).toBe('Host 7');
    expect(text({ mappings }, null)).toBe('Missing');
    expect(text({ mappings }, Number.NaN)).toBe('Not a number');
  });
  it('reads Grafana 7’s mappings (type 1 value, type 2 range)', () => {
    const legacy = normaliseMappings([
      { id: 0, type: 1, value: '2', text: 'Two' },
      { id: 1, type: 2, from: '10', to: '20', text: 'Teens' },
      { id: 2, type: 1, value: 'null', text: 'N/A' },
    ]);
    expect(text({ mappings: legacy }, 2)).toBe('Two');
    expect(text({ mappings: legacy }, 15)).toBe('Teens');
    expect(text({ mappings: legacy }, null)).toBe('N/A');
  });
  it('shows noValue for empty values', () => {
    expect(text({ noValue: 'n/a' }, null)).toBe('n/a');
    expect(text({}, null)).toBe('');
  });
});

describe('display names and overrides', () => {
  const frames = decodeFrames([
    seriesFrame({ refId: 'A', times: [1, 2], values: [1, 2], labels: { __name__: 'up', job: 'api', instance: 'a:9090' } }),
    seriesFrame({ refId: 'A', times: [1, 2], values: [3, 4], labels: { __name__: 'up', job: 'db', instance: 'b:9090' } }),
    seriesFrame({ refId: 'B', times: [1, 2], values: [5, 6], displayNameFromDS: 'from the source' }),
  ]);
  const names = (panel: Panel) =>
    prepareFields(panel, frames)
      .flatMap((f) => f.fields)
      .filter((f) => f.type === 'number')
      .map((f) => f.displayName);

  it('uses displayNameFromDS, then legendFormat, then labels', () => {
    expect(names({ type: 'timeseries' })).toEqual([
      'up{instance="a:9090", job="api"}',
      'up{instance="b:9090", job="db"}',
      'from the source',
    ]);
    expect(names({ type: 'timeseries', targets: [{ refId: 'A', legendFormat: '{{job}} on {{ instance }}' }] })).toEqual([
      'api on a:9090',
      'db on b:9090',
      'from the source',
    ]);
  });
  it('a displayName template reads the field’s labels and the series name, then dashboard variables', () => {
    const panel: Panel = {
      type: 'stat',
      fieldConfig: { defaults: { displayName: '${__field.labels.job} ($env) ${__series.name}' }, overrides: [] },
    };
    const prepared = prepareFields(panel, frames, { replaceVariables: (t) => t.replace('$env', 'prod') });
    expect(prepared[0]!.fields[1]!.displayName).toBe('api (prod) up{instance="a:9090", job="api"}');
  });
  it('applies overrides by name, regex, query and type over the defaults', () => {
    const panel: Panel = {
      type: 'timeseries',
      fieldConfig: {
        defaults: { unit: 'short', custom: { lineWidth: 1 } },
        overrides: [
          {
            matcher: { id: 'byName', options: 'from the source' },
            properties: [
              { id: 'unit', value: 'bytes' },
              { id: 'displayName', value: 'Renamed' },
            ],
          },
          { matcher: { id: 'byRegexp', options: '/job="db"/' }, properties: [{ id: 'custom.lineWidth', value: 4 }] },
          { matcher: { id: 'byFrameRefID', options: 'A' }, properties: [{ id: 'decimals', value: 2 }] },
          { matcher: { id: 'byType', options: 'time' }, properties: [{ id: 'custom.hidden', value: true }] },
        ],
      },
    };
    const fields = prepareFields(panel, frames).flatMap((f) => f.fields);
    const [, api, , db, time3, source] = fields;
    expect(api!.config).toMatchObject({ unit: 'short', decimals: 2, custom: { lineWidth: 1 } });
    expect(db!.config).toMatchObject({ unit: 'short', decimals: 2, custom: { lineWidth: 4 } });
    expect(source!.config.unit).toBe('bytes');
    expect(source!.config.decimals).toBeUndefined();
    expect(source!.displayName).toBe('Renamed');
    expect(time3!.config.custom?.hidden).toBe(true);
  });
});

describe('values for stat, gauge and bar gauge', () => {
  const frames = decodeFrames([seriesFrame({ times: [1, 2, 3], values: [10, 40, null], labels: { job: 'api' } })]);
  it('reduces each field with the panel’s calcs and formats it', () => {
    const panel: Panel = {
      type: 'stat',
      options: { reduceOptions: { calcs: ['mean'] } },
      fieldConfig: { defaults: { unit: 'percent', decimals: 1 }, overrides: [] },
    };
    const [value] = getFieldDisplayValues(panel, frames);
    expect(value!.name).toBe('api');
    expect(displayText(value!.display)).toBe('25.0%');
    expect(value!.sparkline?.values).toEqual([10, 40, null]);
  });
  it('shows every row when values is on', () => {
    const table = decodeFrames([
      tableFrame([
        { name: 'host', values: ['a', 'b'] },
        { name: 'load', values: [0.5, 0.9] },
      ]),
    ]);
    const values = getFieldDisplayValues({ type: 'bargauge', options: { reduceOptions: { values: true, calcs: [] } } }, table);
    expect(values.map((v) => [v.name, displayText(v.display)])).toEqual([
      ['a', '0.500'],
      ['b', '0.900'],
    ]);
  });
  it('filters fields with the fields regex', () => {
    const table = decodeFrames([
      tableFrame([
        { name: 'cpu', values: [1] },
        { name: 'mem', values: [2] },
      ]),
    ]);
    const values = getFieldDisplayValues({ type: 'stat', options: { reduceOptions: { fields: '/^mem$/', calcs: ['last'] } } }, table);
    expect(values.map((v) => v.name)).toEqual(['mem']);
  });
});

describe('legacy panels', () => {
  it('turns a singlestat into a stat with its thresholds, colours, unit and value name', () => {
    const panel = migratePanel({
      type: 'singlestat',
      format: 'bytes',
      valueName: 'current',
      thresholds: '50,80',
      colors: ['green', 'orange', 'red'],
      colorBackground: true,
      sparkline: { show: true },
    });
    expect(panel.type).toBe('stat');
    expect(panel.options).toMatchObject({ colorMode: 'background', graphMode: 'area', reduceOptions: { calcs: ['lastNotNull'] } });
    expect((panel.fieldConfig as { defaults: FieldConfig }).defaults).toMatchObject({
      unit: 'bytes',
      thresholds: { steps: [{ value: null, color: 'green' }, { value: 50 }, { value: 80 }] },
    });
  });
  it('reads a singlestat’s flags as Grafana does, for truth: 1 colours the background and shows the sparkline', () => {
    const panel = migratePanel({ type: 'singlestat', colorBackground: 1, colorValue: 0, sparkline: { show: 1 }, valueName: 'name' });
    expect(panel.options).toMatchObject({ colorMode: 'background', graphMode: 'area', textMode: 'name' });
    const gauge = migratePanel({
      type: 'singlestat',
      gauge: { show: 1, thresholdLabels: 1, thresholdMarkers: 0, minValue: 0, maxValue: 10 },
    });
    expect(gauge.type).toBe('gauge');
    expect(gauge.options).toMatchObject({ showThresholdLabels: true, showThresholdMarkers: false });
  });
  it('gives an uncoloured singlestat’s sparkline colour to the field, as Grafana’s statPanelChangedHandler', () => {
    const panel = migratePanel({ type: 'singlestat', sparkline: { show: true, lineColor: 'rgb(31, 120, 193)' } });
    expect(panel.options).toMatchObject({ colorMode: 'none', graphMode: 'area' });
    expect((panel.fieldConfig as { defaults: FieldConfig }).defaults.color).toEqual({ mode: 'fixed', fixedColor: 'rgb(31, 120, 193)' });
  });
  it('takes value maps or range maps by the numeric mappingType, guessing it when absent', () => {
    const maps = { valueMaps: [{ value: '1', op: '=', text: 'up' }], rangeMaps: [{ from: '0', to: '5', text: 'low' }] };
    const mappingsOf = (p: Record<string, unknown>) =>
      ((migratePanel({ type: 'singlestat', ...p }).fieldConfig as { defaults: FieldConfig }).defaults.mappings ?? []).map((m) => m.type);
    expect(mappingsOf({ ...maps, mappingType: 1 })).toEqual(['value']);
    expect(mappingsOf({ ...maps, mappingType: 2 })).toEqual(['range']);
    expect(mappingsOf({ rangeMaps: maps.rangeMaps })).toEqual(['range']);
    expect(mappingsOf({ ...maps })).toEqual(['value']);
  });
  it('turns a graph into a time series, keeping stacking, legend values and alias colours', () => {
    const panel = migratePanel({
      type: 'graph',
      stack: true,
      fill: 3,
      linewidth: 2,
      legend: { show: true, alignAsTable: true, values: true, avg: true, max: true },
      aliasColors: { errors: 'red' },
      yaxes: [{ format: 'ms', min: '0' }, {}],
    });
    expect(panel.type).toBe('timeseries');
    expect(panel.options).toMatchObject({ legend: { displayMode: 'table', calcs: ['mean', 'max'] } });
    const fieldConfig = panel.fieldConfig as { defaults: FieldConfig; overrides: unknown[] };
    expect(fieldConfig.defaults).toMatchObject({
      unit: 'ms',
      min: 0,
      custom: { fillOpacity: 30, lineWidth: 2, stacking: { mode: 'normal' } },
    });
    expect(fieldConfig.overrides).toEqual([
      { matcher: { id: 'byName', options: 'errors' }, properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: 'red' } }] },
    ]);
  });
});
