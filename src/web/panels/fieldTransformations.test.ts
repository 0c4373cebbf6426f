import { describe, expect, it } from 'vitest';
import { decodeFrames, type PanelField } from './frames';
import { convertField, convertFieldType, extractFields, parseKeyValuePairs } from './fieldTransformations';
import { tableFrame } from './testing';
import { formatDateText, parseDateText } from './transformationDates';
import { panelFrames } from './transformations';
import type { Panel } from './layout';

const field = (name: string, type: PanelField['type'], values: unknown[]): PanelField => ({ name, type, values, config: {} });
const local = (...parts: [number, number, number, number?, number?, number?]) => new Date(...(parts as [number, number, number])).getTime();

// Cases from Grafana's convertFieldType.test.ts (times in the machine's zone, as moment reads them there).
describe('convertFieldType', () => {
  it('reads properly formatted strings as times in the local zone', () => {
    const out = convertField(field('proper dates', 'string', ['2021-07-19 00:00:00.000', '2021-08-02 00:00:00.000']), {
      destinationType: 'time',
    });
    expect(out).toEqual(field('proper dates', 'time', [local(2021, 6, 19), local(2021, 7, 2)]));
  });

  it('reads with a date format, moment’s forgiving way: YYYY takes the year and ignores the rest', () => {
    const out = convertField(field('format to year', 'string', ['2017-07-19 00:00:00.000', '2021-08-02 00:00:00.000']), {
      destinationType: 'time',
      dateFormat: 'YYYY',
    });
    expect(out.values).toEqual([local(2017, 0, 1), local(2021, 0, 1)]);
  });

  it('reads in a chosen zone, and ISO 8601 texts with their offsets', () => {
    expect(convertField(field('date', 'string', ['2024-01-01 00:00:00']), { destinationType: 'time', timezone: 'utc' }).values).toEqual([
      Date.UTC(2024, 0, 1),
    ]);
    expect(
      convertField(field('date', 'string', ['2024-01-01 00:00:00']), { destinationType: 'time', timezone: 'Asia/Kolkata' }).values,
    ).toEqual([Date.UTC(2023, 11, 31, 18, 30)]);
    expect(
      convertField(field('iso', 'string', ['2021-11-11T19:45:00Z', '2021-11-11T19:45:00+0530']), { destinationType: 'time' }).values,
    ).toEqual([1636659900000, 1636659900000 - 5.5 * 3_600_000]);
  });

  it('does not read misformatted dates, and takes unix seconds with X', () => {
    const bad = convertField(
      { ...field('misformatted dates', 'string', ['2021/08-01 00:00.00:000', '2021/08/01 00.00-000']), config: { unit: 'time' } },
      {
        destinationType: 'time',
      },
    );
    expect(bad).toEqual({ name: 'misformatted dates', type: 'time', values: [null, null], config: { unit: 'time' } });
    expect(convertField(field('s', 'number', [1626674400]), { destinationType: 'time', dateFormat: 'X' }).values).toEqual([1626674400000]);
    expect(convertField(field('ms', 'number', [1626674400000]), { destinationType: 'time' })).toEqual(field('ms', 'time', [1626674400000]));
  });

  it('converts to numbers (commas dropped, the rest null), booleans and strings as Grafana', () => {
    expect(convertField(field('n', 'string', ['10', '1asd2', '30', 14, 10, '23', '', null]), { destinationType: 'number' }).values).toEqual(
      [10, null, 30, 14, 10, 23, null, null],
    );
    expect(convertField(field('n', 'string', ['1,000', '1,000,000']), { destinationType: 'number' }).values).toEqual([1000, 1000000]);
    expect(convertField(field('b', 'boolean', [true, false]), { destinationType: 'number' }).values).toEqual([1, 0]);
    expect(convertField(field('n', 'number', [-100, 0, 1, null, Number.NaN]), { destinationType: 'boolean' }).values).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(convertField(field('s', 'string', ['true', 'false', '0']), { destinationType: 'boolean' }).values).toEqual([true, true, true]);
    expect(convertField(field('n', 'number', [-100, 0, null, Number.NaN]), { destinationType: 'string' }).values).toEqual([
      '-100',
      '0',
      'null',
      'NaN',
    ]);
    expect(
      convertField(field('mixed', 'string', [['a', 'b', 'c'], ['d', undefined, 'f'], undefined, 'regular string', null]), {
        destinationType: 'string',
        joinWith: '&',
      }).values,
    ).toEqual(['a&b&c', 'd&&f', undefined, '"regular string"', 'null']);
  });

  it('writes times as strings with a format, to group by month', () => {
    const times = [local(2021, 6, 19, 6), local(2021, 7, 1, 6)];
    expect(convertField(field('time', 'time', times), { destinationType: 'string', dateFormat: 'YYYY-MM' }).values).toEqual([
      '2021-07',
      '2021-08',
    ]);
    expect(formatDateText(Date.UTC(2021, 6, 19, 6, 5), undefined, 'utc')).toBe('2021-07-19T06:05:00+00:00');
    expect(parseDateText('19 Jul 2021 3:04 pm', 'D MMM YYYY h:mm a', 'utc')).toBe(Date.UTC(2021, 6, 19, 15, 4));
  });

  it('converts each named field of every frame, conversions in order', () => {
    const frames = decodeFrames([
      tableFrame([
        { name: 'A', values: [1, 2] },
        { name: 'proper dates', values: ['2021-07-19 00:00:00.000', '2021-07-23 00:00:00.000'] },
        { name: 'stringy nums', values: ['10', '12'] },
      ]),
    ]);
    const [frame] = convertFieldType(frames, {
      conversions: [
        { targetField: 'stringy nums', destinationType: 'number' },
        { targetField: 'proper dates', destinationType: 'time' },
        {},
      ],
    });
    expect(frame!.fields.map((f) => [f.type, f.values])).toEqual([
      ['number', [1, 2]],
      ['time', [local(2021, 6, 19), local(2021, 6, 23)]],
      ['number', [10, 12]],
    ]);
  });
});

describe('extractFields', () => {
  const logs = () =>
    decodeFrames([
      tableFrame([
        { name: 'Time', values: [1000, 2000], type: 'time' },
        { name: 'line', values: ['{"status":200,"path":"/a"}', '{"status":500,"ok":false}'] },
      ]),
    ]);

  it('adds a field per JSON key, in the order first seen, typed by its first value', () => {
    const [frame] = extractFields(logs(), { source: 'line', format: 'json' });
    expect(frame!.fields.map((f) => [f.name, f.type, f.values])).toEqual([
      ['Time', 'time', [1000, 2000]],
      ['line', 'string', ['{"status":200,"path":"/a"}', '{"status":500,"ok":false}']],
      ['status', 'number', [200, 500]],
      ['path', 'string', ['/a', undefined]],
      ['ok', 'boolean', [undefined, false]],
    ]);
  });

  it('replaces all fields, keeping the time when asked, and reads JSON paths with aliases', () => {
    const [replaced] = extractFields(logs(), { source: 'line', format: 'json', replace: true, keepTime: true });
    expect(replaced!.fields.map((f) => f.name)).toEqual(['Time', 'status', 'path', 'ok']);
    const [paths] = extractFields(logs(), { source: 'line', format: 'json', replace: true, jsonPaths: [{ path: 'path', alias: 'Path' }] });
    expect(paths!.fields.map((f) => [f.name, f.values])).toEqual([['Path', ['/a', 'Not Found']]]);
  });

  it('reads key+value pairs, and leaves frames without the source field alone', () => {
    expect(parseKeyValuePairs('a=1, b: "two words"; c')).toEqual({ a: '1', b: 'two words', c: '' });
    const frames = decodeFrames([tableFrame([{ name: 'msg', values: ['level=info code=7'] }])]);
    expect(extractFields(frames, { source: 'msg' })[0]!.fields.map((f) => [f.name, f.values])).toEqual([
      ['msg', ['level=info code=7']],
      ['level', ['info']],
      ['code', ['7']],
    ]);
    expect(extractFields(frames, { source: 'other' })[0]).toBe(frames[0]);
  });

  it('is applied to a panel’s frames by its id', () => {
    const panel: Panel = {
      type: 'table',
      transformations: [{ id: 'extractFields', options: { source: 'line', format: 'json', replace: true } }],
    };
    const [frame] = panelFrames(panel, [tableFrame([{ name: 'line', values: ['{"a":1}'] }])]);
    expect(frame!.fields.map((f) => [f.name, f.values])).toEqual([['a', [1]]]);
  });
});
