import { describe, expect, it } from 'vitest';
import { columnValues, frameJson } from './frames';
import type { HttpAnswer } from './http';
import { rangeFrames, type PrometheusPlan } from './prometheus';
import { scanPrometheusMatrix } from './prometheusScan';

const plan = (overrides: Partial<PrometheusPlan> = {}): PrometheusPlan => ({
  expr: 'rate(http_requests_total[5m])',
  stepMs: 15_000,
  start: 1_764_226_800_000,
  end: 1_764_230_400_000,
  instant: false,
  range: true,
  format: 'time_series',
  legendFormat: '',
  method: 'POST',
  ...overrides,
});

const answer = (body: string): HttpAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body,
  shownUrl: 'http://prom',
});

/** Both readings' frames as the JSON the client gets. */
function bothReadings(body: string, options: Partial<PrometheusPlan> = {}) {
  const json = (frames: ReturnType<typeof rangeFrames>) => frames.map((frame) => JSON.parse(frameJson(frame)) as unknown);
  return { scanned: json(rangeFrames(answer(body), plan(options))), parsed: json(rangeFrames(answer(body), plan(options), false)) };
}

/** A matrix answer exactly as Prometheus writes it (Go's encoder: its field order, no spaces). */
function prometheusBody(series: Array<{ metric: Record<string, string>; values: Array<[number, string]> }>, extra = ''): string {
  const result = series.map((one) => `{"metric":${JSON.stringify(one.metric)},"values":${JSON.stringify(one.values)}}`).join(',');
  return `{"status":"success","data":{"resultType":"matrix","result":[${result}]}${extra}}`;
}

describe('reading a range answer from its text', () => {
  it('gives the same frames as parsing it, for every form of sample Prometheus writes', () => {
    const body = prometheusBody(
      [
        {
          metric: { __name__: 'up', job: 'node', instance: 'a:9100' },
          values: [
            [1764226800, '1'],
            [1764226815, '0.5'],
            [1764226830.5, '-12.25'],
            [1764226845.125, '1e+06'],
            [1764226860, '0'],
            [1764226875, '-0'],
            [1764226890, '1.5e-7'],
            [1764226905, '2E+10'],
            // Long fractions (rates) are copied four digits at a time, with one to three left over.
            [1764226920, '0.016666666666666666'],
            [1764226935, '-1234567.8901234'],
            [1764226950, '0.0000123'],
            [1764226965, '12345678901234567890'],
            [1764226980, '1.5e-0000017'],
          ],
        },
        // Labels with quotes, braces, backslashes and non-ASCII text; values JSON cannot carry as numbers.
        {
          metric: { path: '/a"b}{\\c', lang: 'ünïcode ✓' },
          values: [
            [1764226800, 'NaN'],
            [1764226815, '+Inf'],
            [1764226830, '-Inf'],
            [1764226845, '3'],
          ],
        },
        { metric: {}, values: [[1764226800, '7']] },
        // Times of nine and eleven digits (before 2001, after 2286) take the digit-by-digit way.
        {
          metric: { job: 'far' },
          values: [
            [999999999, '1'],
            [1000000000, '2'],
            [9999999999.5, '3'],
            [10000000000, '4'],
            [0, '5'],
          ],
        },
        { metric: { job: 'empty' }, values: [] },
      ],
      ',"warnings":["PromQL warning: something"],"infos":["PromQL info: metric might not be a counter"]',
    );
    expect(scanPrometheusMatrix(body)?.series).toHaveLength(5);
    const { scanned, parsed } = bothReadings(body);
    expect(scanned).toEqual(parsed);
    for (const legendFormat of ['{{job}} {{instance}}', '__auto']) {
      const named = bothReadings(body, { legendFormat });
      expect(named.scanned).toEqual(named.parsed);
    }
  });

  it('gives each series its own times when series share them, miss a sample or have none', () => {
    const grid = (count: number, from = 1764226800): Array<[number, string]> =>
      Array.from({ length: count }, (_, i) => [from + 15 * i, String(i)]);
    const body = prometheusBody([
      { metric: { job: 'none yet' }, values: [] },
      { metric: { i: '1' }, values: grid(5) },
      { metric: { i: '2' }, values: grid(5) },
      { metric: { i: '3' }, values: grid(5).filter((_, n) => n !== 2) },
      { metric: { i: '4' }, values: grid(5) },
      { metric: { i: '5' }, values: grid(6) },
      { metric: { i: '6' }, values: grid(5, 1764226801) },
      { metric: { i: '7' }, values: [] },
    ]);
    const times = scanPrometheusMatrix(body)!.series.map((one) => JSON.parse(one.timesJson) as number[]);
    expect(times.map((t) => t.length)).toEqual([0, 5, 5, 4, 5, 6, 5, 0]);
    expect(times[3]).toEqual([1764226800000, 1764226815000, 1764226845000, 1764226860000]);
    expect(times[6]![0]).toBe(1764226801000);
    const { scanned, parsed } = bothReadings(body);
    expect(scanned).toEqual(parsed);
  });

  it('reads the answer from its bytes as received, UTF-8 labels and all', () => {
    const body = prometheusBody([
      { metric: { lang: 'ünïcode ✓', job: 'a' }, values: [[1764226800, '2.5']] },
      {
        metric: { job: 'b' },
        values: [
          [1764226800, '-Inf'],
          [1764226815, '4'],
        ],
      },
    ]);
    const fromBytes = rangeFrames({ ...answer(body), bytes: Buffer.from(body) }, plan());
    const parsed = rangeFrames(answer(body), plan(), false);
    expect(fromBytes.map((frame) => JSON.parse(frameJson(frame)) as unknown)).toEqual(
      parsed.map((frame) => JSON.parse(frameJson(frame)) as unknown),
    );
    expect(fromBytes[0]!.fields[1]!.labels).toEqual({ job: 'a', lang: 'ünïcode ✓' });
    // Alert rules read the numbers back, NaN and ±Inf included.
    expect(columnValues(fromBytes[1]!.fields[1]!)).toEqual([Number.NEGATIVE_INFINITY, 4]);
    expect(columnValues(fromBytes[1]!.fields[0]!)).toEqual([1764226800000, 1764226815000]);
  });

  it('reads an answer with no series, and carries its notices', () => {
    const body = prometheusBody([], ',"warnings":["careful"]');
    expect(scanPrometheusMatrix(body)).toEqual({
      envelope: { status: 'success', data: { resultType: 'matrix', result: [] }, warnings: ['careful'] },
      series: [],
    });
    const { scanned, parsed } = bothReadings(body);
    expect(scanned).toEqual(parsed);
  });

  it('leaves every other form to the JSON parser', () => {
    const series = [{ metric: { job: 'a' }, values: [[1764226800, '1']] as Array<[number, string]> }];
    const standard = prometheusBody(series);
    expect(scanPrometheusMatrix(standard)).toBeDefined();
    const others = {
      spaced: JSON.stringify(JSON.parse(standard), null, 1),
      otherKeyOrder: `{"data":{"resultType":"matrix","result":[]},"status":"success"}`,
      anotherServer: standard.replace('"status":"success",', '"status":"success","isPartial":false,'),
      vector: standard.replace('"matrix"', '"vector"'),
      nativeHistograms: standard.replace(']]}]', ']],"histograms":[[1764226800,{"count":"1","sum":"1","buckets":[]}]]}]'),
      escapedValue: standard.replace('"1"]', '"\\u0031"]'),
      valueWithSign: standard.replace('"1"]', '"+1"]'),
      valueNotANumber: standard.replace('"1"]', '"one"]'),
      valueLeadingZero: standard.replace('"1"]', '"01"]'),
      valueEndingInADot: standard.replace('"1"]', '"1."]'),
      valueStartingWithADot: standard.replace('"1"]', '".5"]'),
      valueOnlyASign: standard.replace('"1"]', '"-"]'),
      valueWithAnEmptyExponent: standard.replace('"1"]', '"1e"]'),
      valueEmpty: standard.replace('"1"]', '""]'),
      negativeTime: standard.replace('1764226800', '-1'),
      exponentTime: standard.replace('1764226800', '1.7642268e9'),
      timeWithALetter: standard.replace('1764226800', '17642268a0'),
      timeWithASpace: standard.replace('1764226800', '176422680 '),
      trailingComma: standard.replace('"1"]]', '"1"],]'),
      truncated: standard.slice(0, -10),
      labelsNotAnObject: standard.replace('{"job":"a"}', '["job"]'),
    };
    for (const [name, body] of Object.entries(others)) expect(scanPrometheusMatrix(body), name).toBeUndefined();
  });

  it('keeps tables and heatmaps on the parsed path, with the same frames as before', () => {
    const body = prometheusBody([
      { metric: { le: '0.5' }, values: [[1764226800, '1']] },
      { metric: { le: '+Inf' }, values: [[1764226800, '3']] },
    ]);
    for (const format of ['table', 'heatmap']) {
      const { scanned, parsed } = bothReadings(body, { format });
      expect(scanned, format).toEqual(parsed);
    }
  });
});
