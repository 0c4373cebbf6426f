import { describe, expect, it } from 'vitest';
import type { Panel } from './layout';
import { getFieldDisplayValues, displayText, prepareFields } from './fieldDisplay';
import { decodeFrames } from './frames';
import { seriesFrame, tableFrame } from './testing';
import { panelFrames } from './transformations';

const times = [1000, 2000];
const k8sFrames = [
  seriesFrame({ refId: 'A', times, values: [0.2, 0.4], displayNameFromDS: 'Real Linux' }),
  seriesFrame({ refId: 'B', times, values: [0.4, null], displayNameFromDS: 'Real Windows' }),
  seriesFrame({ refId: 'C', times, values: [0.5, 0.5], displayNameFromDS: 'Requests' }),
  seriesFrame({ refId: 'D', times, values: [0.9, 0.9], displayNameFromDS: 'Limits' }),
];

describe('transformations', () => {
  it('calculateField (reduceRow) then organize, as the Kubernetes “Global CPU usage” bar gauge does', () => {
    const panel: Panel = {
      type: 'bargauge',
      options: { reduceOptions: { calcs: ['lastNotNull'] } },
      fieldConfig: { defaults: { unit: 'percentunit', decimals: 0 }, overrides: [] },
      transformations: [
        {
          id: 'calculateField',
          options: { alias: 'Real', mode: 'reduceRow', reduce: { include: ['Real Linux', 'Real Windows'], reducer: 'mean' } },
        },
        {
          id: 'organize',
          options: {
            excludeByName: { 'Real Linux': true, 'Real Windows': true, Time: true },
            indexByName: { Limits: 5, Real: 1, Requests: 4, Time: 0 },
            renameByName: { Requests: 'Requested' },
          },
        },
      ],
    };
    const values = getFieldDisplayValues(panel, panelFrames(panel, k8sFrames));
    expect(values.map((v) => [v.name, displayText(v.display)])).toEqual([
      ['Real', '40%'],
      ['Requested', '50%'],
      ['Limits', '90%'],
    ]);
  });

  it('calculateField with replaceFields keeps only time and the new field', () => {
    const panel: Panel = {
      type: 'timeseries',
      transformations: [
        { id: 'calculateField', options: { alias: 'Average', mode: 'reduceRow', reduce: { reducer: 'mean' }, replaceFields: true } },
      ],
    };
    const [frame] = panelFrames(panel, k8sFrames);
    expect(frame!.fields.map((f) => f.name)).toEqual(['Time', 'Average']);
    expect(frame!.fields[1]!.values).toEqual([0.5, 0.6]);
  });

  it('binary calculations, reduce to rows, sort and limit', () => {
    const binary: Panel = {
      type: 'table',
      transformations: [
        { id: 'calculateField', options: { mode: 'binary', binary: { left: 'Limits', operator: '-', right: 'Requests' } } },
      ],
    };
    const [joined] = panelFrames(binary, k8sFrames);
    expect(joined!.fields.at(-1)).toMatchObject({ name: 'Limits - Requests' });
    expect(joined!.fields.at(-1)!.values[0]).toBeCloseTo(0.4);

    const reduced: Panel = {
      type: 'table',
      transformations: [
        { id: 'reduce', options: { reducers: ['max', 'mean'] } },
        { id: 'sortBy', options: { sort: [{ field: 'Max', desc: true }] } },
        { id: 'limit', options: { limitField: 2 } },
      ],
    };
    const [table] = panelFrames(reduced, k8sFrames);
    expect(table!.fields.map((f) => f.name)).toEqual(['Field', 'Max', 'Mean']);
    expect(table!.fields[0]!.values).toEqual(['Limits', 'Requests']);
  });

  it('merge makes one table of several, labelsToFields turns labels into columns', () => {
    const merged: Panel = { type: 'table', transformations: [{ id: 'merge', options: {} }] };
    const frames = [
      tableFrame(
        [
          { name: 'host', values: ['a'] },
          { name: 'up', values: [1] },
        ],
        'A',
      ),
      tableFrame(
        [
          { name: 'host', values: ['b'] },
          { name: 'up', values: [0] },
        ],
        'B',
      ),
    ];
    const [table] = panelFrames(merged, frames);
    expect(table!.fields.map((f) => [f.name, f.values])).toEqual([
      ['host', ['a', 'b']],
      ['up', [1, 0]],
    ]);
    const labelled: Panel = { type: 'table', transformations: [{ id: 'labelsToFields', options: {} }] };
    const [withLabels] = panelFrames(labelled, [seriesFrame({ times, values: [1, 2], labels: { job: 'api' } })]);
    expect(withLabels!.fields.map((f) => f.name)).toEqual(['Time', 'job', 'Value']);
  });

  it('leaves data alone for transformations it does not know, and skips disabled ones', () => {
    const panel: Panel = {
      type: 'table',
      transformations: [
        { id: 'somethingNew', options: {} },
        { id: 'limit', disabled: true, options: { limitField: 0 } },
      ],
    };
    expect(panelFrames(panel, k8sFrames)).toHaveLength(4);
    expect(panelFrames(panel, k8sFrames)[0]!.length).toBe(2);
  });
});

describe('byValue overrides', () => {
  it('hides series whose values are all zero from the legend, as Grafana’s “hide all-zero series” rule does', () => {
    const panel: Panel = {
      type: 'timeseries',
      fieldConfig: {
        defaults: {},
        overrides: [
          {
            matcher: { id: 'byValue', options: { op: 'gte', reducer: 'allIsZero', value: 0 } },
            properties: [{ id: 'custom.hideFrom', value: { legend: true, tooltip: true, viz: false } }],
          },
        ],
      },
    };
    const fields = prepareFields(
      panel,
      decodeFrames([
        seriesFrame({ times, values: [0, 0], displayNameFromDS: 'zero' }),
        seriesFrame({ times, values: [0, 1], displayNameFromDS: 'some' }),
      ]),
    )
      .flatMap((f) => f.fields)
      .filter((f) => f.type === 'number');
    expect(fields.map((f) => [f.displayName, f.config.custom?.hideFrom !== undefined])).toEqual([
      ['zero', true],
      ['some', false],
    ]);
  });
  it('compares a reduced value with the rule’s operation', () => {
    const panel: Panel = {
      type: 'timeseries',
      fieldConfig: {
        defaults: {},
        overrides: [
          { matcher: { id: 'byValue', options: { op: 'gt', reducer: 'max', value: 5 } }, properties: [{ id: 'unit', value: 'ms' }] },
        ],
      },
    };
    const fields = prepareFields(panel, decodeFrames([seriesFrame({ times, values: [1, 9] }), seriesFrame({ times, values: [1, 2] })]))
      .flatMap((f) => f.fields)
      .filter((f) => f.type === 'number');
    expect(fields.map((f) => f.config.unit)).toEqual(['ms', undefined]);
  });
});

describe('groupBy, seriesToRows and filterByValue', () => {
  const services = tableFrame([
    { name: 'team', values: ['a', 'a', 'b'] },
    { name: 'service', values: ['x', 'y', 'z'] },
    { name: 'errors', values: [3, 5, 7] },
  ]);
  const columns = (panel: Panel, frames = [services]) =>
    panelFrames(panel, frames).map((frame) => Object.fromEntries(frame.fields.map((f) => [f.name, f.values])));

  it('groups rows by a field and names each aggregation after its field and calculation', () => {
    const panel: Panel = {
      type: 'table',
      transformations: [
        {
          id: 'groupBy',
          options: {
            fields: {
              team: { operation: 'groupby', aggregations: [] },
              errors: { operation: 'aggregate', aggregations: ['sum', 'max'] },
            },
          },
        },
      ],
    };
    expect(columns(panel)).toEqual([{ team: ['a', 'b'], 'errors (sum)': [8, 7], 'errors (max)': [5, 7] }]);
  });

  it('leaves a frame with nothing to group by as it is', () => {
    const panel: Panel = { type: 'table', transformations: [{ id: 'groupBy', options: { fields: {} } }] };
    expect(columns(panel)).toEqual([{ team: ['a', 'a', 'b'], service: ['x', 'y', 'z'], errors: [3, 5, 7] }]);
  });

  it('turns time series into rows of time, metric and value, newest first', () => {
    const panel: Panel = { type: 'table', transformations: [{ id: 'seriesToRows', options: {} }] };
    const frames = [
      seriesFrame({ refId: 'A', times, values: [1, 2], displayNameFromDS: 'cpu' }),
      seriesFrame({ refId: 'B', times, values: [3, 4], displayNameFromDS: 'mem' }),
    ];
    expect(columns(panel, frames)).toEqual([{ Time: [2000, 2000, 1000, 1000], Metric: ['cpu', 'mem', 'cpu', 'mem'], Value: [2, 4, 1, 3] }]);
  });

  it('keeps or drops the rows whose values match, by any or all conditions', () => {
    const filter = (type: string, match: string): Panel => ({
      type: 'table',
      transformations: [
        {
          id: 'filterByValue',
          options: {
            type,
            match,
            filters: [
              { fieldName: 'errors', config: { id: 'greater', options: { value: 4 } } },
              { fieldName: 'team', config: { id: 'equal', options: { value: 'a' } } },
            ],
          },
        },
      ],
    });
    expect(columns(filter('include', 'all'))[0]!.service).toEqual(['y']);
    expect(columns(filter('include', 'any'))[0]!.service).toEqual(['x', 'y', 'z']);
    expect(columns(filter('exclude', 'all'))[0]!.service).toEqual(['x', 'z']);
    const regex: Panel = {
      type: 'table',
      transformations: [
        {
          id: 'filterByValue',
          options: {
            type: 'include',
            match: 'any',
            filters: [{ fieldName: 'service', config: { id: 'regex', options: { value: '^[yz]$' } } }],
          },
        },
      ],
    };
    expect(columns(regex)[0]!.errors).toEqual([5, 7]);
  });

  it('reads Grafana’s “Is between” matcher (`between`, strictly inside its bounds)', () => {
    const between: Panel = {
      type: 'table',
      transformations: [
        { id: 'filterByValue', options: { filters: [{ fieldName: 'errors', config: { id: 'between', options: { from: 3, to: 7 } } }] } },
      ],
    };
    expect(columns(between)[0]!.service).toEqual(['y']);
  });
});
