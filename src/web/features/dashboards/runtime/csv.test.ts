import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataFrame } from '../../../../contract/query';
import { seriesFrame, tableFrame } from '../../../panels/testing';
import { csvField, csvFileName, downloadText, fieldDisplayName, framesToCsv, framesToTables, isoTime, JOINED_TITLE } from './csv';

const T0 = Date.UTC(2024, 0, 2, 3, 4, 5, 6);

/** CSV text as its lines, without the CRLF line ends. */
const lines = (csv: string) => csv.split('\r\n');

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });
});

describe('fieldDisplayName', () => {
  it('is the display name when set, else the name and its labels', () => {
    expect(fieldDisplayName({ name: 'Value', labels: { job: 'api', instance: 'a:9090' }, config: {} })).toBe(
      'Value {instance="a:9090", job="api"}',
    );
    expect(fieldDisplayName({ name: 'Value', labels: { job: 'api' }, config: { displayName: 'API' } })).toBe('API');
    expect(fieldDisplayName({ name: 'Value', config: { displayNameFromDS: 'from source' } })).toBe('from source');
    expect(fieldDisplayName({ name: '', config: {} })).toBe('Value');
  });
});

describe('isoTime', () => {
  it('writes UTC as toISOString does and other zones with their offset', () => {
    expect(isoTime(T0, 'utc')).toBe('2024-01-02T03:04:05.006Z');
    expect(isoTime(T0, 'Asia/Kolkata')).toBe('2024-01-02T08:34:05.006+05:30');
    expect(isoTime(T0, 'America/New_York')).toBe('2024-01-01T22:04:05.006-05:00');
    expect(isoTime(Number.NaN, 'utc')).toBe('');
  });
});

describe('framesToCsv', () => {
  it('writes a header of display names with labels, then the rows, with CRLF line ends', () => {
    const frame = seriesFrame({ times: [T0, T0 + 1000], values: [1.5, null], labels: { job: 'api' } });
    expect(framesToCsv([frame])).toBe(`Time,"Value {job=""api""}"\r\n${T0},1.5\r\n${T0 + 1000},\r\n`);
  });

  it('quotes values that need it and writes objects as JSON', () => {
    const frame = tableFrame([
      { name: 'name', values: ['a, b', 'say "x"', 'multi\nline'] },
      { name: 'extra', values: [{ k: 1 }, true, null], type: 'other' },
    ]);
    expect(lines(framesToCsv([frame]))).toEqual(['name,extra', '"a, b","{""k"":1}"', '"say ""x""",true', '"multi\nline",', '']);
  });

  it('writes times as epoch milliseconds, or as ISO 8601 in the time zone when formatted', () => {
    const frame = seriesFrame({ times: [T0], values: [2] });
    expect(lines(framesToCsv([frame]))[1]).toBe(`${T0},2`);
    expect(lines(framesToCsv([frame], { formattedTime: true, timeZone: 'utc' }))[1]).toBe('2024-01-02T03:04:05.006Z,2');
    expect(lines(framesToCsv([frame], { formattedTime: true, timeZone: 'Europe/Paris' }))[1]).toBe('2024-01-02T04:04:05.006+01:00,2');
  });

  it('reads times sent as date strings and restores NaN and Inf entities', () => {
    const frame: DataFrame = {
      schema: {
        fields: [
          { name: 'Time', type: 'time' },
          { name: 'Value', type: 'number' },
        ],
      },
      data: {
        values: [
          ['2024-01-02T03:04:05.006Z', T0],
          [null, null],
        ],
        entities: [null, { NaN: [0], Inf: [1] }],
      },
    };
    expect(lines(framesToCsv([frame], { formattedTime: true, timeZone: 'utc' })).slice(1, 3)).toEqual([
      '2024-01-02T03:04:05.006Z,NaN',
      '2024-01-02T03:04:05.006Z,Infinity',
    ]);
  });

  it('writes several frames one after another, separated by a blank line', () => {
    const a = seriesFrame({ times: [T0], values: [1], labels: { job: 'a' } });
    const b = seriesFrame({ times: [T0], values: [2], labels: { job: 'b' } });
    expect(lines(framesToCsv([a, b]))).toEqual(['Time,"Value {job=""a""}"', `${T0},1`, '', 'Time,"Value {job=""b""}"', `${T0},2`, '']);
  });

  it('joins series by time: a row per time, ascending, blank where a series has no value', () => {
    const a = seriesFrame({ times: [T0, T0 + 2000], values: [1, 3], labels: { job: 'a' } });
    const b = seriesFrame({ times: [T0 + 1000, T0], values: [20, 10], labels: { job: 'b' } });
    const tables = framesToTables([a, b], { joinByTime: true });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.title).toBe(JOINED_TITLE);
    expect(lines(framesToCsv([a, b], { joinByTime: true }))).toEqual([
      'Time,"Value {job=""a""}","Value {job=""b""}"',
      `${T0},1,10`,
      `${T0 + 1000},,20`,
      `${T0 + 2000},3,`,
      '',
    ]);
  });

  it('keeps frames without a time field out of the join, as tables of their own after it', () => {
    const series = seriesFrame({ times: [T0], values: [1] });
    const table = tableFrame([{ name: 'host', values: ['web'] }], 'B');
    expect(framesToTables([series, table], { joinByTime: true }).map((t) => t.title)).toEqual([JOINED_TITLE, 'B']);
  });

  it('writes nothing for no frames, skips frames without fields and gives a header for frames without rows', () => {
    expect(framesToCsv([])).toBe('');
    expect(framesToCsv([{ schema: { fields: [] } }])).toBe('');
    expect(framesToCsv([{ schema: { fields: [{ name: 'Time', type: 'time' }] } }])).toBe('Time\r\n');
    expect(framesToCsv([], { joinByTime: true })).toBe('');
  });

  it('names tables by frame name and refId, or by position', () => {
    const named = tableFrame([{ name: 'x', values: [1] }], 'A', 'requests');
    const unnamed: DataFrame = { schema: { fields: [{ name: 'x' }] }, data: { values: [[1]] } };
    expect(framesToTables([named, unnamed]).map((t) => t.title)).toEqual(['requests (A)', 'Frame 2']);
  });
});

describe('csvFileName', () => {
  it('is <title>-data-<date>.csv with characters file systems refuse replaced', () => {
    expect(csvFileName('CPU / host', T0, 'utc')).toBe('CPU - host-data-2024-01-02 03-04-05.csv');
    expect(csvFileName('  ', T0, 'utc')).toBe('Panel-data-2024-01-02 03-04-05.csv');
  });
});

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks an anchor to a Blob of the text with the file name', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: vi.fn() });
    const clicks: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    downloadText('a.csv', 'x,y\r\n', 'text/csv');
    expect(clicks).toEqual([{ href: 'blob:csv', download: 'a.csv' }]);
    expect(blobs[0]!.type).toBe('text/csv');
    expect(await blobs[0]!.text()).toBe('x,y\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
