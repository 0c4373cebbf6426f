import { describe, expect, it } from 'vitest';
import {
  calculateInterval,
  formatInterval,
  formatPromDuration,
  formatReadableDuration,
  goDuration,
  parseDateMath,
  parseDuration,
  parseDurationOrMs,
  parseIntervalMs,
  parsePromDuration,
  roundInterval,
} from './durations';

describe("Grafana's backend intervals (gtime)", () => {
  it('parses Grafana interval strings', () => {
    expect(parseIntervalMs('15s')).toBe(15_000);
    expect(parseIntervalMs('1m30s')).toBe(90_000);
    expect(parseIntervalMs('500ms')).toBe(500);
    expect(parseIntervalMs('2d')).toBe(2 * 86_400_000);
    expect(parseIntervalMs('30')).toBe(30_000);
    expect(parseIntervalMs('>10s')).toBe(10_000);
    expect(parseIntervalMs('soon')).toBeUndefined();
  });

  it('formats them as Grafana does', () => {
    expect(formatInterval(15_000)).toBe('15s');
    expect(formatInterval(90_000)).toBe('1m');
    expect(formatInterval(7_200_000)).toBe('2h');
    expect(goDuration(15_000)).toBe('15s');
    expect(goDuration(60_000)).toBe('1m0s');
    expect(goDuration(255_000)).toBe('4m15s');
    expect(goDuration(3_600_000)).toBe('1h0m0s');
    expect(goDuration(1_500)).toBe('1.5s');
    expect(goDuration(500)).toBe('500ms');
  });

  it('rounds calculated intervals down to round ones', () => {
    expect(roundInterval(21_600)).toBe(20_000);
    expect(roundInterval(36_000)).toBe(30_000);
    expect(roundInterval(3_000)).toBe(2_000);
    expect(roundInterval(2_866_909)).toBe(3_600_000);
  });
});

describe("Grafana's frontend intervals (rangeutil)", () => {
  it('parses and formats durations as Grafana', () => {
    expect(parseDuration('1m')).toBe(60_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('>15s')).toBe(15_000);
    expect(parseDuration('30')).toBe(30_000);
    expect(parseDuration('soon')).toBeUndefined();
    expect(formatInterval(15_000, 'frontend')).toBe('15s');
    expect(formatInterval(60_000, 'frontend')).toBe('1m');
    expect(formatInterval(7_200_000, 'frontend')).toBe('2h');
    expect(formatInterval(500, 'frontend')).toBe('500ms');
    expect(formatInterval(86_400_000, 'frontend')).toBe('1d');
  });

  it('rounds the interval to a nice one, not below the minimum', () => {
    const hour = { from: 0, to: 3_600_000 };
    expect(calculateInterval(hour, 1000)).toEqual({ intervalMs: 5000, interval: '5s' });
    expect(calculateInterval(hour, 2000).interval).toBe('2s');
    expect(calculateInterval(hour, 1000, '15s')).toEqual({ intervalMs: 15_000, interval: '15s' });
    expect(calculateInterval({ from: 0, to: 86_400_000 }, 1000).interval).toBe('1m');
    expect(calculateInterval({ from: 0, to: 6 * 3_600_000 }, 100).interval).toBe('5m');
  });

  it('differs from the backend where Grafana differs: month and year lengths, bounds, below a millisecond', () => {
    expect(parseDuration('1M')).toBe(30 * 86_400_000);
    expect(parseIntervalMs('1M')).toBe((365.25 * 86_400_000) / 12);
    expect(parseDuration('1m30s')).toBeUndefined();
    expect(parseIntervalMs('1.5')).toBeUndefined();
    expect(parseDuration('1.5')).toBe(1_500);
    expect(roundInterval(12_500)).toBe(10_000);
    expect(roundInterval(12_500, 'frontend')).toBe(15_000);
    expect(formatInterval(0.5)).toBe('1ms');
    expect(formatInterval(0.5, 'frontend')).toBe('0ms');
  });
});

describe('heatmap bucket sizes', () => {
  it('reads a duration, or a plain number as milliseconds', () => {
    expect(parseDurationOrMs('30s')).toBe(30_000);
    expect(parseDurationOrMs('250')).toBe(250);
    expect(parseDurationOrMs('soon')).toBeUndefined();
    expect(parseDurationOrMs('1M')).toBeUndefined();
  });
});

describe("Prometheus's durations", () => {
  it('reads whole units in order, and 0', () => {
    expect(parsePromDuration('5m')).toBe(300_000);
    expect(parsePromDuration('1h30m')).toBe(5_400_000);
    expect(parsePromDuration('1d')).toBe(86_400_000);
    expect(parsePromDuration('0')).toBe(0);
    expect(parsePromDuration('30m1h')).toBeUndefined();
    expect(parsePromDuration('1.5h')).toBeUndefined();
    expect(parsePromDuration('')).toBeUndefined();
  });

  it('writes them as Prometheus does', () => {
    expect(formatPromDuration(0)).toBe('0s');
    expect(formatPromDuration(5_400_000)).toBe('1h30m');
    expect(formatPromDuration(8 * 86_400_000)).toBe('1w1d');
  });
});

describe('readable durations', () => {
  it('shows the two largest units, the second next to the first or any non-zero one', () => {
    const words = { labels: { d: ' d', h: ' h', m: ' min', s: ' s' }, adjacentUnits: true };
    const short = { labels: { d: 'd', h: 'h', m: 'm', s: 's' }, adjacentUnits: false };
    expect(formatReadableDuration(45_000, words)).toBe('45 s');
    expect(formatReadableDuration(3_605_000, words)).toBe('1 h');
    expect(formatReadableDuration(3_605_000, short)).toBe('1h 5s');
    expect(formatReadableDuration(93_784_000, short)).toBe('1d 2h');
  });
});

describe('date math', () => {
  it('is undefined for what is not date math', () => {
    expect(parseDateMath('now-6x', 0, false)).toBeUndefined();
    expect(parseDateMath('yesterday', 0, false)).toBeUndefined();
    expect(parseDateMath('now-1h', 3_600_000, false)).toBe(0);
  });
});
