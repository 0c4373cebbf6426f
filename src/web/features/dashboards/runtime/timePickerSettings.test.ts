import { describe, expect, it } from 'vitest';
import { timePickerSettings, withNowDelay } from './timePickerSettings';

describe('timePickerSettings', () => {
  it('reads the week start, the refresh choices, the now delay and the hidden picker from the dashboard', () => {
    expect(timePickerSettings({})).toEqual({
      hidden: false,
      weekStart: 'monday',
      refreshIntervals: undefined,
      nowDelay: undefined,
      sharedCursor: 'none',
    });
    expect(timePickerSettings({ graphTooltip: 1 }).sharedCursor).toBe('crosshair');
    expect(timePickerSettings({ graphTooltip: 2 }).sharedCursor).toBe('tooltip');
    expect(
      timePickerSettings({
        weekStart: 'saturday',
        timepicker: { hidden: true, refresh_intervals: ['10s', 'nonsense', '1m'], nowDelay: '2m' },
      }),
    ).toMatchObject({ hidden: true, weekStart: 'saturday', refreshIntervals: ['10s', '1m'], nowDelay: '2m' });
    // Grafana's empty values mean "not set".
    expect(timePickerSettings({ weekStart: '', timepicker: { refresh_intervals: [], nowDelay: '' } })).toMatchObject({
      weekStart: 'monday',
      refreshIntervals: undefined,
      nowDelay: undefined,
    });
  });

  it('moves only an end of exactly now back by the delay, as Grafana’s time service', () => {
    expect(withNowDelay({ from: 'now-6h', to: 'now' }, '1m')).toEqual({ from: 'now-6h', to: 'now-1m' });
    expect(withNowDelay({ from: 'now-1d/d', to: 'now-1d/d' }, '1m')).toEqual({ from: 'now-1d/d', to: 'now-1d/d' });
    expect(withNowDelay({ from: 'now-6h', to: 'now' }, undefined)).toEqual({ from: 'now-6h', to: 'now' });
  });
});
