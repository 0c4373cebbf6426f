import { describe, expect, it } from 'vitest';
import { formatDuration, fromLocalInput, parseTime, resolveRange, toLocalInput } from './time';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('time ranges', () => {
  it("reads epoch ms and Grafana's now-relative notation", () => {
    expect(parseTime('1700000000000', NOW)).toBe(1_700_000_000_000);
    expect(parseTime('now', NOW)).toBe(NOW);
    expect(parseTime('now-6h', NOW)).toBe(NOW - 6 * 3_600_000);
    expect(parseTime('now-30m', NOW)).toBe(NOW - 30 * 60_000);
    expect(parseTime('now-7d', NOW)).toBe(NOW - 7 * 86_400_000);
    expect(parseTime('now+1h', NOW)).toBe(NOW + 3_600_000);
    expect(parseTime('yesterday', NOW)).toBeUndefined();
  });

  it('defaults to the last 24 hours and refuses an inverted range', () => {
    expect(resolveRange(null, null, NOW)).toEqual({ from: NOW - 86_400_000, to: NOW, valid: true });
    expect(resolveRange('now', 'now-1h', NOW).valid).toBe(false);
    expect(resolveRange('junk', 'now', NOW).valid).toBe(false);
  });

  it('formats durations', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(90 * 60_000)).toBe('1 h 30 min');
    expect(formatDuration(51 * 3_600_000)).toBe('2 d 3 h');
  });

  it('round-trips datetime-local values', () => {
    const ms = Date.parse('2026-11-22T10:11:12');
    expect(fromLocalInput(toLocalInput(ms))).toBe(ms);
    expect(fromLocalInput('')).toBeUndefined();
  });
});
