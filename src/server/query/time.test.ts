import { describe, expect, it } from 'vitest';
import { QueryError } from './errors';
import { interpolatePrometheusVariables, legendName, metricName, prometheusStep } from './prometheus';
import { parseTimeRange } from './time';

const NOW = Date.UTC(2026, 10, 23, 14, 37, 12, 345); // a Monday

describe('time bounds', () => {
  it('reads epoch milliseconds as numbers and as strings', () => {
    expect(parseTimeRange(1_700_000_000_000, '1700000600000', NOW)).toEqual({ from: 1_700_000_000_000, to: 1_700_000_600_000 });
  });

  it('reads relative times and rounds now/d to the start (from) or the end (to) of the day, in UTC', () => {
    expect(parseTimeRange('now-6h', 'now', NOW)).toEqual({ from: NOW - 6 * 3_600_000, to: NOW });
    expect(parseTimeRange('now/d', 'now/d', NOW)).toEqual({ from: Date.UTC(2026, 10, 23), to: Date.UTC(2026, 10, 24) - 1 });
    expect(parseTimeRange('now-1d/d', 'now-1d/d', NOW)).toEqual({ from: Date.UTC(2026, 10, 22), to: Date.UTC(2026, 10, 23) - 1 });
    expect(parseTimeRange('now/w', 'now', NOW).from).toBe(Date.UTC(2026, 10, 23));
    expect(parseTimeRange('now-1M/M', 'now', NOW).from).toBe(Date.UTC(2026, 9, 1));
    expect(parseTimeRange('now-90m', 'now+5m', NOW)).toEqual({ from: NOW - 90 * 60_000, to: NOW + 5 * 60_000 });
  });

  it('reads ISO dates', () => {
    expect(parseTimeRange('2026-01-01T00:00:00Z', '2026-01-02T00:00:00.000Z', NOW)).toEqual({
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 2),
    });
  });

  it('refuses what it cannot read, and a range that ends before it starts, naming the field', () => {
    expect(() => parseTimeRange('yesterday', 'now', NOW)).toThrow(QueryError);
    expect(() => parseTimeRange('yesterday', 'now', NOW)).toThrow(/^from: cannot read "yesterday" as a time/);
    expect(() => parseTimeRange('now', 'now-6x', NOW)).toThrow(/^to: cannot read "now-6x"/);
    expect(() => parseTimeRange('now', 'now-1h', NOW)).toThrow(/the time range is empty/);
  });
});

describe('the Prometheus step (Grafana promlib)', () => {
  const hours = (n: number) => ({ from: NOW - n * 3_600_000, to: NOW });
  const base = { interval: '', dsTimeInterval: '' };

  it('is the range over maxDataPoints, rounded, but not below 15 s by default', () => {
    expect(prometheusStep({ ...base, range: hours(6), maxDataPoints: 1000 })).toBe(20_000);
    expect(prometheusStep({ ...base, range: hours(1), maxDataPoints: 100 })).toBe(30_000);
    expect(prometheusStep({ ...base, range: { from: NOW - 300_000, to: NOW }, maxDataPoints: 1000 })).toBe(15_000);
  });

  it("takes the query's min step, else its intervalMs, else the data source's scrape interval", () => {
    const fiveMinutes = { from: NOW - 300_000, to: NOW };
    expect(
      prometheusStep({ ...base, range: fiveMinutes, maxDataPoints: 1000, interval: '1m', intervalMs: 2000, dsTimeInterval: '30s' }),
    ).toBe(60_000);
    expect(prometheusStep({ ...base, range: fiveMinutes, maxDataPoints: 1000, intervalMs: 2000, dsTimeInterval: '30s' })).toBe(2_000);
    expect(prometheusStep({ ...base, range: fiveMinutes, maxDataPoints: 1000, dsTimeInterval: '30s' })).toBe(30_000);
    expect(prometheusStep({ ...base, range: fiveMinutes, maxDataPoints: 1000, interval: '$__interval', dsTimeInterval: '30s' })).toBe(
      30_000,
    );
  });

  it('never asks for more than 11,000 points, and multiplies by intervalFactor', () => {
    expect(prometheusStep({ ...base, range: hours(24 * 365), maxDataPoints: 1_000_000 })).toBe(3_600_000);
    expect(prometheusStep({ ...base, range: hours(1), maxDataPoints: 100, intervalFactor: 2 })).toBe(60_000);
  });

  it('as $__rate_interval, is max(step + scrape, 4 × scrape)', () => {
    expect(prometheusStep({ range: hours(1), maxDataPoints: 100, interval: '$__rate_interval', dsTimeInterval: '1m' })).toBe(240_000);
    expect(prometheusStep({ range: hours(6), maxDataPoints: 100, interval: '$__rate_interval', dsTimeInterval: '15s' })).toBe(315_000);
  });

  it('fails on a min step that is not an interval', () => {
    expect(() => prometheusStep({ ...base, range: hours(1), interval: 'often' })).toThrow(/the min step "often" is not an interval/);
  });
});

describe('Grafana variables in PromQL', () => {
  const range = { from: NOW - 3_600_000, to: NOW };
  it('substitutes interval, range and rate interval, in both spellings', () => {
    const expr = 'rate(x[$__rate_interval]) / $__interval_ms + ${__interval} + $__range_s + $__range + $__range_ms + ${__rate_interval_ms}';
    expect(
      interpolatePrometheusVariables(expr, { stepMs: 30_000, requestIntervalMs: 30_000, range, interval: '', dsTimeInterval: '15s' }),
    ).toBe('rate(x[1m0s]) / 30000 + 30s + 3600 + 3600s + 3600000 + 60000');
    expect(
      interpolatePrometheusVariables('rate(x[$__rate_interval])', {
        stepMs: 60_000,
        requestIntervalMs: 60_000,
        range,
        interval: '',
        dsTimeInterval: '15s',
      }),
    ).toBe('rate(x[1m15s])');
  });
});

describe('series names', () => {
  const labels = { __name__: 'up', instance: 'h:9090', job: 'p' };
  it('renders series as Prometheus does, and legendFormat templates', () => {
    expect(metricName(labels)).toBe('up{instance="h:9090", job="p"}');
    expect(metricName({ __name__: 'up' })).toBe('up');
    expect(legendName('{{instance}} / {{ job }} {{missing}}', labels, 'up')).toBe('h:9090 / p ');
    expect(legendName('__auto', labels, 'up')).toBe('');
    expect(legendName('', {}, 'sum(up)')).toBe('sum(up)');
  });
});
