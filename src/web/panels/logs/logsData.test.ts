import { describe, expect, it } from 'vitest';
import { decodeFrames } from '../frames';
import { tableFrame } from '../testing';
import { commonLabels, dedupLogRows, levelOf, logRows, logsOptionsOf, prettify, sortLogRows, type LogRow } from './logsData';

const row = (line: string, timeMs = 0): LogRow => ({
  key: line + timeMs,
  timeMs,
  line,
  level: 'unknown',
  labels: {},
  fields: {},
  duplicates: 0,
});

describe('dedupLogRows', () => {
  it('exact folds runs of equal lines into the first, ignoring ISO timestamps inside them', () => {
    const rows = [
      row('2024-01-01T10:00:00.123Z GET /health 200'),
      row('2024-01-01T10:00:01.456Z GET /health 200'),
      row('GET /login 302'),
      row('GET /health 200'),
      row('GET /health 200'),
    ];
    const deduped = dedupLogRows(rows, 'exact');
    expect(deduped.map((r) => [r.line, r.duplicates])).toEqual([
      ['2024-01-01T10:00:00.123Z GET /health 200', 1],
      ['GET /login 302', 0],
      ['GET /health 200', 1],
    ]);
    // The input is left as it was.
    expect(rows.every((r) => r.duplicates === 0)).toBe(true);
  });

  it('numbers ignores digits; signature keeps only punctuation; none keeps every line', () => {
    const rows = [row('took 12ms'), row('took 340ms'), row('user=a id=1'), row('user=bob id=22')];
    expect(dedupLogRows(rows, 'numbers').map((r) => r.duplicates)).toEqual([1, 0, 0]);
    expect(dedupLogRows(rows, 'signature').map((r) => r.duplicates)).toEqual([1, 1]);
    expect(dedupLogRows(rows, 'none')).toHaveLength(4);
  });
});

describe('log frames', () => {
  it("reads Loki's frame: labels, Time, Line, tsNs, id; the level from a label or from the line", () => {
    const frame = tableFrame([
      { name: 'labels', type: 'other', values: [{ job: 'app', level: 'warn' }, { job: 'app' }] },
      { name: 'Time', type: 'time', values: [1000, 2000] },
      { name: 'Line', type: 'string', values: ['disk almost full', 'level=error msg="boom"'] },
      { name: 'tsNs', type: 'string', values: ['1000000001', '2000000000'] },
      { name: 'id', type: 'string', values: ['a', 'b'] },
    ]);
    const rows = logRows(decodeFrames([frame]));
    expect(rows.map((r) => [r.key, r.timeMs, r.level, r.labels.job])).toEqual([
      ['a', 1000, 'warning', 'app'],
      ['b', 2000, 'error', 'app'],
    ]);
    expect(sortLogRows(rows, 'Descending').map((r) => r.key)).toEqual(['b', 'a']);
    expect(sortLogRows(rows, 'Ascending').map((r) => r.key)).toEqual(['a', 'b']);
    expect(commonLabels(rows)).toEqual({ job: 'app' });
  });

  it('finds levels as Grafana does', () => {
    expect(levelOf('[CRIT] out of memory', {})).toBe('critical');
    expect(levelOf('all good', { severity: 'DEBUG' })).toBe('debug');
    expect(levelOf('no level words here', {})).toBe('unknown');
    expect(levelOf('an errorless line', {})).toBe('unknown');
  });

  it('reads options with Grafana’s defaults and prettifies JSON lines', () => {
    expect(logsOptionsOf({})).toMatchObject({ sortOrder: 'Descending', dedupStrategy: 'none', enableLogDetails: true, showTime: false });
    expect(prettify('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettify('plain {')).toBe('plain {');
  });
});
