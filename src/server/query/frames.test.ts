import { describe, expect, it } from 'vitest';
import { columnValues, frameJson, type Frame } from './frames';

describe("a frame as Grafana's JSON", () => {
  it('writes the schema in Grafana’s key order, leaving out empty names, labels and configs', () => {
    const frame: Frame = {
      name: 'up{job="a"}',
      refId: 'A',
      meta: { type: 'timeseries-multi', typeVersion: [0, 1], executedQueryString: 'Expr: up\nStep: 15s' },
      fields: [
        { name: 'Time', type: 'time', values: [1000, 2000], config: { interval: 15000 } },
        { name: 'Value', type: 'number', values: [1, 2], labels: { job: 'a "quoted" ✓' }, config: { displayNameFromDS: 'up' } },
        { name: 'note', type: 'string', values: ['x', null], nullable: true, labels: {}, config: {} },
        { name: 'raw', type: 'other', frameType: 'json.RawMessage', values: [{ a: 1 }, [2]] },
      ],
    };
    expect(JSON.parse(frameJson(frame))).toEqual({
      schema: {
        name: 'up{job="a"}',
        refId: 'A',
        meta: { type: 'timeseries-multi', typeVersion: [0, 1], executedQueryString: 'Expr: up\nStep: 15s' },
        fields: [
          { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' }, config: { interval: 15000 } },
          {
            name: 'Value',
            type: 'number',
            typeInfo: { frame: 'float64' },
            labels: { job: 'a "quoted" ✓' },
            config: { displayNameFromDS: 'up' },
          },
          { name: 'note', type: 'string', typeInfo: { frame: 'string', nullable: true } },
          { name: 'raw', type: 'other', typeInfo: { frame: 'json.RawMessage' } },
        ],
      },
      data: {
        values: [
          [1000, 2000],
          [1, 2],
          ['x', null],
          [{ a: 1 }, [2]],
        ],
      },
    });
    // Key order is part of the text clients and golden files compare.
    expect(frameJson(frame)).toMatch(/^\{"schema":\{"name":"up\{job=\\"a\\"\}","refId":"A","meta":\{"type"/);
  });

  it('leaves out an empty frame name and writes a frame with no fields', () => {
    expect(frameJson({ name: '', fields: [] })).toBe('{"schema":{"fields":[]},"data":{"values":[]}}');
  });

  it('writes NaN and ±Inf as null with their rows in entities, from numbers or from JSON columns', () => {
    const fromNumbers: Frame = { fields: [{ name: 'Value', type: 'number', values: [1, Number.NaN, Number.POSITIVE_INFINITY] }] };
    const fromJson: Frame = {
      fields: [{ name: 'Value', type: 'number', values: [], json: '[1,null,null]', jsonEntities: { NaN: [1], Inf: [2] } }],
    };
    expect(frameJson(fromJson)).toBe(frameJson(fromNumbers));
    expect(JSON.parse(frameJson(fromNumbers)).data).toEqual({ values: [[1, null, null]], entities: [{ NaN: [1], Inf: [2] }] });
    expect(columnValues(fromJson.fields[0]!)).toEqual([1, Number.NaN, Number.POSITIVE_INFINITY]);
  });
});
