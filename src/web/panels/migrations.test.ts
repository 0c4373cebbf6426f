import { describe, expect, it } from 'vitest';
import type { Panel } from './layout';
import { migratePanel } from './migrations';
import { migrateSingleStatOptions } from './stat/migrateSinglestat';
import { graphThresholdSteps, migrateGraph } from './timeseries/migrateGraph';
import { migrateToPlugin } from './registry';

type Config = { defaults: Record<string, unknown>; overrides: unknown[] };
const fieldConfigOf = (panel: Panel) => panel.fieldConfig as Config;

/** A graph as Grafana 7–11 saves one: the old options beside the React-era `options` it kept. */
const savedGraph = (extra: Record<string, unknown>): Panel => ({
  type: 'graph',
  title: 'Requests',
  lines: true,
  fill: 1,
  legend: { show: true, values: false },
  yaxes: [
    { format: 'short', show: true },
    { format: 'short', show: true },
  ],
  xaxis: { mode: 'time', show: true, values: [] },
  options: {
    alertThreshold: true,
    legend: { calcs: [], displayMode: 'list', placement: 'bottom', showLegend: true },
    tooltip: { mode: 'multi', sort: 'none' },
  },
  ...extra,
});

describe('graph migration', () => {
  it('draws the legend the old options describe, not the defaults saved beside them', () => {
    const table = migrateGraph(
      savedGraph({ legend: { alignAsTable: true, avg: true, current: true, max: true, min: false, show: true, values: true } }),
    );
    expect(table.options).toMatchObject({ legend: { displayMode: 'table', showLegend: true, calcs: ['mean', 'lastNotNull', 'max'] } });
    expect(table.options).not.toHaveProperty('alertThreshold');

    const hidden = migrateGraph(savedGraph({ legend: { show: false } }));
    expect(hidden.options).toMatchObject({ legend: { displayMode: 'hidden', showLegend: false } });
  });

  it('lists legend values only when the legend shows values, as Grafana', () => {
    const panel = migrateGraph(savedGraph({ legend: { show: true, values: false, avg: true } }));
    expect(panel.options).toMatchObject({ legend: { calcs: [] } });
  });

  it('takes the left axis over the field defaults a graph saved, and keeps the rest of them', () => {
    const panel = migrateGraph(
      savedGraph({
        fieldConfig: { defaults: { unit: 'short', links: [{ title: 'Runbook', url: '/d/runbook' }] }, overrides: [] },
        yaxes: [{ format: 'bytes', min: '0', show: true }, { show: true }],
      }),
    );
    expect(fieldConfigOf(panel).defaults).toMatchObject({ unit: 'bytes', min: 0, links: [{ title: 'Runbook', url: '/d/runbook' }] });
  });

  it('moves the data links a Grafana 7.0 graph kept in its options to the field', () => {
    const panel = migrateGraph(savedGraph({ options: { dataLinks: [{ title: 'Logs', url: '/explore' }] } }));
    expect(fieldConfigOf(panel).defaults.links).toEqual([{ title: 'Logs', url: '/explore' }]);
    expect(panel.options).not.toHaveProperty('dataLinks');
  });

  it('gives a series on the right axis that axis’ unit, range and label', () => {
    const panel = migrateGraph(
      savedGraph({
        seriesOverrides: [{ alias: 'errors', yaxis: 2 }],
        yaxes: [
          { format: 'short', show: true },
          { format: 'percent', min: '0', max: '200', label: 'Error rate', show: true },
        ],
      }),
    );
    expect(fieldConfigOf(panel).overrides).toContainEqual({
      matcher: { id: 'byName', options: 'errors' },
      properties: [
        { id: 'custom.axisPlacement', value: 'right' },
        { id: 'unit', value: 'percent' },
        { id: 'min', value: 0 },
        { id: 'max', value: 200 },
        { id: 'custom.axisLabel', value: 'Error rate' },
      ],
    });
  });
});

describe('old graph thresholds', () => {
  it('colours above a "gt" threshold from its value, over a transparent base', () => {
    expect(
      graphThresholdSteps([
        { op: 'gt', value: 80, colorMode: 'critical', line: true },
        { op: 'gt', value: 50, colorMode: 'warning', line: true },
      ]),
    ).toEqual({
      mode: 'line',
      steps: [
        { value: null, color: 'transparent' },
        { value: 50, color: 'orange' },
        { value: 80, color: 'red' },
      ],
    });
  });

  it('colours below a "lt" threshold, handing over to the next "lt" one', () => {
    expect(
      graphThresholdSteps([
        { op: 'lt', value: 20, colorMode: 'critical', fill: true, line: true },
        { op: 'lt', value: 60, colorMode: 'warning', fill: true, line: true },
      ]),
    ).toEqual({
      mode: 'line+area',
      steps: [
        { value: null, color: 'red' },
        { value: 20, color: 'orange' },
        { value: 60, color: 'transparent' },
      ],
    });
  });

  it('leaves the gap between a "lt" and a higher "gt" threshold transparent, and reads custom colours', () => {
    expect(
      graphThresholdSteps([
        { op: 'gt', value: 90, colorMode: 'custom', fillColor: '#ff0000', fill: true },
        { op: 'lt', value: 10, colorMode: 'custom', lineColor: '#0000ff', fill: true },
      ]),
    ).toEqual({
      mode: 'area',
      steps: [
        { value: null, color: '#0000ff' },
        { value: 10, color: 'transparent' },
        { value: 90, color: '#ff0000' },
      ],
    });
  });

  it('draws the migrated thresholds on the time series', () => {
    const panel = migrateGraph(savedGraph({ thresholds: [{ op: 'lt', value: 20, colorMode: 'critical', fill: true, line: false }] }));
    expect(fieldConfigOf(panel).defaults).toMatchObject({
      thresholds: {
        mode: 'absolute',
        steps: [
          { value: null, color: 'red' },
          { value: 20, color: 'transparent' },
        ],
      },
      custom: { thresholdsStyle: { mode: 'area' } },
    });
  });
});

describe('graph x axis modes', () => {
  it('turns a graph of one value per series into a bar chart over a reduce transformation', () => {
    const panel = migrateToPlugin(savedGraph({ bars: true, lines: false, xaxis: { mode: 'series', show: true, values: ['total'] } }));
    expect(panel.type).toBe('barchart');
    expect(panel.transformations).toEqual([{ id: 'reduce', options: { reducers: ['sum'] } }]);
  });

  it('reduces by sum when the series mode names no value', () => {
    const panel = migratePanel(savedGraph({ xaxis: { mode: 'series', values: [] } }));
    expect(panel.transformations).toEqual([{ id: 'reduce', options: { reducers: ['sum'] } }]);
  });

  it('turns a histogram graph into a histogram of all series together', () => {
    const panel = migratePanel(savedGraph({ xaxis: { mode: 'histogram', show: true } }));
    expect(panel.type).toBe('histogram');
    expect(panel.options).toMatchObject({ combine: true });
  });
});

describe('Grafana 6 stat, gauge and bar gauge options', () => {
  /** A stat as Grafana 6.5 saved it. */
  const stat65: Panel = {
    type: 'stat',
    pluginVersion: '6.5.0-pre',
    options: {
      orientation: 'auto',
      fieldOptions: {
        calcs: ['mean'],
        values: false,
        override: {},
        defaults: {
          unit: 'percent',
          thresholds: [
            { color: 'green', value: 10 },
            { color: 'blue', value: null },
            { color: 'red', value: 80 },
          ],
          mappings: [{ id: 0, op: '=', text: 'Off', type: 1, value: '0' }],
          title: '${__series.name}',
        },
      },
    },
  };

  it('moves field options to the field config and the calculation to reduceOptions', () => {
    const panel = migrateSingleStatOptions(stat65);
    expect(panel.options).toEqual({ orientation: 'auto', reduceOptions: { values: false, calcs: ['mean'] } });
    expect(fieldConfigOf(panel).defaults).toEqual({
      unit: 'percent',
      min: 0,
      max: 100,
      displayName: '${__series.name}',
      mappings: [{ id: 0, op: '=', text: 'Off', type: 1, value: '0' }],
      thresholds: {
        mode: 'absolute',
        steps: [
          { color: 'blue', value: null },
          { color: 'green', value: 10 },
          { color: 'red', value: 80 },
        ],
      },
    });
  });

  it('reads the Grafana 6.0 gauge value options and thresholds', () => {
    const panel = migrateToPlugin({
      type: 'gauge',
      pluginVersion: '6.1.6',
      options: {
        valueOptions: { unit: 'ms', decimals: 1, stat: 'avg', prefix: '', suffix: '' },
        minValue: 0,
        maxValue: 500,
        thresholds: [
          { index: 1, value: 300, color: 'red' },
          { index: 0, value: -Infinity, color: 'green' },
        ],
        valueMappings: [],
        showThresholdMarkers: true,
      },
    });
    expect(panel.options).toEqual({ showThresholdMarkers: true, reduceOptions: { calcs: ['mean'] } });
    expect(fieldConfigOf(panel).defaults).toEqual({
      unit: 'ms',
      decimals: 1,
      min: 0,
      max: 500,
      mappings: [],
      thresholds: {
        mode: 'absolute',
        steps: [
          { value: null, color: 'green' },
          { value: 300, color: 'red' },
        ],
      },
    });
  });

  it('gives a percent unit of a Grafana 7 bar gauge the range it had then', () => {
    const panel = migrateToPlugin({
      type: 'bargauge',
      pluginVersion: '7.5.3',
      fieldConfig: { defaults: { unit: 'percentunit', max: 2 }, overrides: [] },
      options: { reduceOptions: { calcs: ['lastNotNull'] } },
    });
    expect(fieldConfigOf(panel).defaults).toEqual({ unit: 'percentunit', min: 0, max: 2 });
  });

  it('leaves panels of Grafana 8 and later, and panels without a version, as they are', () => {
    const modern: Panel = {
      type: 'stat',
      pluginVersion: '10.4.1',
      fieldConfig: { defaults: { unit: 'percent' }, overrides: [] },
      options: { reduceOptions: { calcs: ['lastNotNull'] } },
    };
    expect(migrateSingleStatOptions(modern)).toBe(modern);
    const unversioned: Panel = { type: 'gauge', fieldConfig: { defaults: { unit: 'percent' }, overrides: [] }, options: {} };
    expect(migrateSingleStatOptions(unversioned)).toBe(unversioned);
  });
});
