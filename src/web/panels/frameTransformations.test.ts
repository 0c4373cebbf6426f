import { describe, expect, it } from 'vitest';
import { decodeFrames, type PanelFrame } from './frames';
import { joinByLabels, partitionByValues } from './frameTransformations';
import type { Panel } from './layout';
import { seriesFrame, tableFrame } from './testing';
import { panelFrames } from './transformations';

// Cases from Grafana's partitionByValues.test.ts and joinByLabels.test.ts.
const models = () =>
  decodeFrames([
    tableFrame(
      [
        { name: 'model', values: ['E1', 'E2', 'C1', 'E3', 'C2', 'C3'] },
        { name: 'region', values: ['Europe', 'Europe', 'China', 'Europe', 'China', 'China'] },
        { name: 'status', values: ['OK', 'FAIL', 'OK', 'FAIL', 'OK', 'FAIL'] },
      ],
      'A',
      'XYZ',
    ),
  ]);
const columns = (frame: PanelFrame) => frame.fields.map((f) => [f.name, f.values]);

describe('partitionByValues', () => {
  it('splits by one field, named by its values', () => {
    const out = partitionByValues(models(), { fields: ['region'], keepFields: true, naming: { asLabels: false } });
    expect(out.map((f) => [f.name, f.length])).toEqual([
      ['Europe', 3],
      ['China', 3],
    ]);
    expect(columns(out[1]!).slice(0, 2)).toEqual([
      ['model', ['C1', 'C2', 'C3']],
      ['region', ['China', 'China', 'China']],
    ]);
  });

  it('splits by several fields, nested in their order, with Grafana’s naming options', () => {
    const names = (naming: Record<string, unknown>) =>
      partitionByValues(models(), { fields: ['region', 'status'], keepFields: true, naming }).map((f) => f.name);
    expect(names({ asLabels: false })).toEqual(['Europe OK', 'Europe FAIL', 'China OK', 'China FAIL']);
    expect(names({ asLabels: false, withNames: true })).toEqual([
      'region=Europe status=OK',
      'region=Europe status=FAIL',
      'region=China status=OK',
      'region=China status=FAIL',
    ]);
    expect(names({ asLabels: false, append: true })).toEqual(['XYZ Europe OK', 'XYZ Europe FAIL', 'XYZ China OK', 'XYZ China FAIL']);
    expect(names({ asLabels: false, withNames: true, append: true })[3]).toBe('XYZ region=China status=FAIL');
    const out = partitionByValues(models(), { fields: ['region', 'status'], keepFields: true });
    expect(out.map((f) => [f.name, f.length, f.fields[0]!.labels])).toEqual([
      ['XYZ', 1, { region: 'Europe', status: 'OK' }],
      ['XYZ', 2, { region: 'Europe', status: 'FAIL' }],
      ['XYZ', 2, { region: 'China', status: 'OK' }],
      ['XYZ', 1, { region: 'China', status: 'FAIL' }],
    ]);
  });

  it('drops the chosen fields unless kept, and only reads the first frame', () => {
    const out = partitionByValues([...models(), ...models()], { fields: ['region', 'status'] });
    expect(out).toHaveLength(4);
    expect(out[0]!.fields.map((f) => [f.name, f.labels])).toEqual([['model', { region: 'Europe', status: 'OK' }]]);
    expect(partitionByValues(models(), { fields: ['nothing'] })).toHaveLength(1);
  });

  it('shows each partition under its own name on a panel', () => {
    const panel: Panel = { type: 'table', transformations: [{ id: 'partitionByValues', options: { fields: ['region'] } }] };
    const out = panelFrames(panel, [
      tableFrame([
        { name: 'model', values: ['E1', 'C1'] },
        { name: 'region', values: ['Europe', 'China'] },
      ]),
    ]);
    expect(out.map((f) => [f.index, f.fields[0]!.labels])).toEqual([
      [0, { region: 'Europe' }],
      [1, { region: 'China' }],
    ]);
  });
});

describe('joinByLabels', () => {
  const input = () =>
    decodeFrames([
      seriesFrame({ times: [1, 2], values: [10, 200], labels: { what: 'Temp', cluster: 'A', job: 'J1' }, displayNameFromDS: '111' }),
      seriesFrame({ times: [1, 2], values: [10, 200], labels: { what: 'Temp', cluster: 'B', job: 'J1' }, displayNameFromDS: '222' }),
      seriesFrame({ refId: 'B', times: [22, 28], values: [22, 77], labels: { what: 'Speed', cluster: 'B', job: 'J1' } }),
    ]);

  it('makes a column per value label, on rows of the other labels', () => {
    const [frame] = joinByLabels(input(), { value: 'what' });
    expect(frame!.refId).toBe('joinByLabels-A-A-B');
    expect(frame!.fields.map((f) => f.name)).toEqual(['cluster', 'job', 'Temp', 'Speed']);
    expect(frame!.fields.at(-1)!.config).toEqual({});
    const rows = Array.from({ length: frame!.length }, (_, row) => frame!.fields.map((f) => f.values[row]));
    expect(rows).toEqual([
      ['A', 'J1', 10, undefined],
      ['A', 'J1', 200, undefined],
      ['B', 'J1', 10, 22],
      ['B', 'J1', 200, 77],
    ]);
  });

  it('joins on the chosen labels only, and says what is wrong as Grafana does', () => {
    const [joined] = joinByLabels(input(), { value: 'what', join: ['job'] });
    expect(joined!.fields.map((f) => [f.name, f.values])).toEqual([
      ['job', ['J1', 'J1', 'J1', 'J1']],
      ['Temp', [10, 200, 10, 200]],
      ['Speed', [22, 77, undefined, undefined]],
    ]);
    const error = (options: Record<string, unknown>, frames = input()) => joinByLabels(frames, options)[0]!.fields[0]!.values[0];
    expect(error({})).toBe('No value label configured');
    expect(error({ value: 'what' }, decodeFrames([tableFrame([{ name: 'Value', values: [1] }])]))).toBe('No labels in result');
    expect(error({ value: 'nope' })).toBe('Value label not found');
  });
});
