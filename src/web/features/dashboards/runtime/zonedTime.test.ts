import { describe, expect, it } from 'vitest';
import { formatZoned, fromWallClock, parseZoned, timeZoneName, wallClock } from './zonedTime';

const T = Date.UTC(2026, 10, 23, 10, 30, 15);

describe('zoned time', () => {
  it('shows and reads the wall clock of UTC and of an IANA zone', () => {
    expect(formatZoned(T, 'utc')).toBe('2026-11-23 10:30:15');
    expect(formatZoned(T, 'Europe/Berlin')).toBe('2026-11-23 11:30:15');
    expect(formatZoned(T, 'America/New_York')).toBe('2026-11-23 05:30:15');
    expect(parseZoned('2026-11-23 11:30:15', 'Europe/Berlin')).toBe(T);
    expect(parseZoned('2026-11-23 10:30:15', 'utc')).toBe(T);
    expect(parseZoned('2026-11-23', 'utc')).toBe(Date.UTC(2026, 10, 23));
  });

  it('keeps summer time apart from winter time', () => {
    const summer = Date.UTC(2026, 6, 1, 10, 0, 0);
    expect(formatZoned(summer, 'Europe/Berlin')).toBe('2026-07-01 12:00:00');
    expect(parseZoned('2026-07-01 12:00', 'Europe/Berlin')).toBe(summer);
    expect(fromWallClock(wallClock(summer, 'America/New_York'), 'America/New_York')).toBe(summer);
  });

  it('refuses what is not a date', () => {
    expect(parseZoned('2026-02-31', 'utc')).toBeUndefined();
    expect(parseZoned('now-6h', 'utc')).toBeUndefined();
    expect(parseZoned('2026-11-23 25:00', 'utc')).toBeUndefined();
  });

  it('names zones as the picker shows them', () => {
    expect(timeZoneName('browser')).toBe('Browser time');
    expect(timeZoneName('utc')).toBe('UTC');
    expect(timeZoneName('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});
