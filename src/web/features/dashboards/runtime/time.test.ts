import { describe, expect, it } from 'vitest';
import { describeRange, isValidTimeExpression, parseTime, refreshMs, resolveRange, shiftRange, zoomOut } from './time';

// 2026-11-23 10:30:15.500 UTC, a Monday.
const NOW = Date.UTC(2026, 10, 23, 10, 30, 15, 500);
const HOUR = 3_600_000;

describe('parseTime', () => {
  it('reads epoch milliseconds, now and relative offsets in every unit', () => {
    expect(parseTime('1700000000000', false, NOW)).toBe(1_700_000_000_000);
    expect(parseTime('now', false, NOW)).toBe(NOW);
    expect(parseTime('now-6h', false, NOW)).toBe(NOW - 6 * HOUR);
    expect(parseTime('now-15m', false, NOW)).toBe(NOW - 15 * 60_000);
    expect(parseTime('now-30s', false, NOW)).toBe(NOW - 30_000);
    expect(parseTime('now+1h', false, NOW)).toBe(NOW + HOUR);
    expect(parseTime('now-1M', false, NOW, 'utc')).toBe(Date.UTC(2026, 9, 23, 10, 30, 15, 500));
    expect(parseTime('now-1y', false, NOW, 'utc')).toBe(Date.UTC(2025, 10, 23, 10, 30, 15, 500));
  });

  it('rounds to the start of a unit for a from, and to its end for a to', () => {
    expect(parseTime('now/d', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 23));
    expect(parseTime('now/d', true, NOW, 'utc')).toBe(Date.UTC(2026, 10, 24) - 1);
    expect(parseTime('now-1d/d', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 22));
    expect(parseTime('now/w', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 23));
    expect(parseTime('now/M', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 1));
    expect(parseTime('now/y', true, NOW, 'utc')).toBe(Date.UTC(2027, 0, 1) - 1);
    expect(parseTime('now/h', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 23, 10));
  });

  it('reads absolute dates as typed in the picker', () => {
    expect(parseTime('2026-11-23 10:00:00', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 23, 10));
    expect(parseTime('2026-11-23', false, NOW, 'utc')).toBe(Date.UTC(2026, 10, 23));
    expect(parseTime('2026-11-23T10:00:00Z', false, NOW)).toBe(Date.UTC(2026, 10, 23, 10));
  });

  it('refuses what is not a time', () => {
    for (const text of ['', 'yesterday', 'now-', 'now-6x', 'now/q', '12abc', 'now-6h/']) {
      expect(isValidTimeExpression(text), text).toBe(false);
    }
  });
});

describe('ranges', () => {
  it('falls back to the last 6 hours for an inverted range', () => {
    expect(resolveRange({ from: 'now', to: 'now-1h' }, NOW)).toEqual({ from: NOW - 6 * HOUR, to: NOW });
  });

  it('names quick ranges and shows absolute ones as dates', () => {
    expect(describeRange({ from: 'now-6h', to: 'now' })).toBe('Last 6 hours');
    expect(describeRange({ from: 'now/d', to: 'now/d' })).toBe('Today');
    expect(describeRange({ from: String(Date.UTC(2026, 0, 1)), to: 'now' }, 'utc')).toBe('2026-01-01 00:00:00 to now');
  });

  it('zooms out around the centre and shifts by half the span, never past now', () => {
    const range = { from: NOW - 2 * HOUR, to: NOW - HOUR };
    expect(zoomOut(range, NOW)).toEqual({ from: String(NOW - 2.5 * HOUR), to: String(NOW - 0.5 * HOUR) });
    expect(shiftRange(range, -1, NOW)).toEqual({ from: String(NOW - 2.5 * HOUR), to: String(NOW - 1.5 * HOUR) });
    expect(shiftRange({ from: NOW - HOUR, to: NOW }, 1, NOW)).toEqual({ from: String(NOW - HOUR), to: String(NOW) });
  });

  it('reads refresh intervals; Off and nonsense mean no refresh', () => {
    expect(refreshMs('5s')).toBe(5000);
    expect(refreshMs('1m')).toBe(60_000);
    expect(refreshMs('')).toBeUndefined();
    expect(refreshMs('off')).toBeUndefined();
    expect(refreshMs('0s')).toBeUndefined();
  });
});
