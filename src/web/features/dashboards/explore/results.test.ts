import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../../../contract/query';
import { seriesFrame, tableFrame } from '../../../panels/testing';
import { logLines } from './LogsList';
import { panelTypeFor, splitFrames } from './results';

const logsFrame: DataFrame = {
  schema: {
    meta: { preferredVisualisationType: 'logs' },
    fields: [
      { name: 'labels', type: 'other' },
      { name: 'Time', type: 'time' },
      { name: 'Line', type: 'string' },
      { name: 'tsNs', type: 'string' },
      { name: 'id', type: 'string' },
    ],
  },
  data: {
    values: [
      [{ job: 'app' }, { job: 'app', level: 'error' }],
      [1_700_000_001_000, 1_700_000_000_000],
      ['second line', 'first line'],
      ['1700000001000000000', '1700000000000000000'],
      ['id-2', 'id-1'],
    ],
  },
};

describe('Explore results', () => {
  it('graphs time series, tables every frame but logs, and lists log lines', () => {
    const series = seriesFrame({ times: [1, 2], values: [3, 4] });
    const table = tableFrame([{ name: 'service', type: 'string', values: ['cart'] }]);
    const split = splitFrames([series, table, logsFrame]);
    expect(split.graph).toEqual([series]);
    expect(split.table).toEqual([series, table]);
    expect(split.logs).toEqual([logsFrame]);
    expect(panelTypeFor(split)).toBe('timeseries');
    expect(panelTypeFor(splitFrames([table]))).toBe('table');
    expect(panelTypeFor(splitFrames([logsFrame]))).toBe('logs');
  });

  it('keeps Prometheus’s table format out of the graph', () => {
    const promTable: DataFrame = { ...seriesFrame({ times: [1], values: [1] }) };
    promTable.schema = { ...promTable.schema, meta: { preferredVisualisationType: 'table' } };
    expect(splitFrames([promTable]).graph).toEqual([]);
  });

  it('reads Loki’s log frames into lines with their time and labels', () => {
    expect(logLines([logsFrame])).toEqual([
      { key: 'id-2', time: 1_700_000_001_000, line: 'second line', labels: { job: 'app' } },
      { key: 'id-1', time: 1_700_000_000_000, line: 'first line', labels: { job: 'app', level: 'error' } },
    ]);
  });
});
