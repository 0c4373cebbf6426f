import type { SharedCursor } from '../../../panels/types';
import type { RawTimeRange } from './types';
import { parseDuration } from '../../../../contract/durations';

/** The first day of a calendar week, as Grafana's `weekStart`; '' is the default (Monday here). */
export type WeekStart = 'monday' | 'sunday' | 'saturday';

/** What a dashboard's own settings say about its time controls (`weekStart`, `timepicker.*`) and its graphs' cursor (`graphTooltip`). */
export interface TimePickerSettings {
  /** `timepicker.hidden`: no time range or refresh picker at all. */
  hidden: boolean;
  weekStart: WeekStart;
  /** `timepicker.refresh_intervals`: the only auto-refresh choices offered (Off is always one); absent for Grafana's list. */
  refreshIntervals?: string[];
  /** `timepicker.nowDelay` (`1m`): a range ending at `now` ends that long before now, leaving out data still arriving. */
  nowDelay?: string;
  /** `graphTooltip` (0, 1, 2): graphs on their own, a shared crosshair, or a shared tooltip. */
  sharedCursor: SharedCursor;
}

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const asWeekStart = (value: unknown): WeekStart | undefined =>
  value === 'sunday' || value === 'saturday' || value === 'monday' ? value : undefined;

/** `preferredWeekStart`: the account's effective preference, which applies where the dashboard sets none (Grafana's order). */
export function timePickerSettings(model: Record<string, unknown>, preferredWeekStart?: string): TimePickerSettings {
  const timepicker = asObject(model.timepicker);
  const weekStart = asWeekStart(model.weekStart) ?? asWeekStart(preferredWeekStart) ?? 'monday';
  const intervals = Array.isArray(timepicker.refresh_intervals)
    ? (timepicker.refresh_intervals as unknown[]).filter((v): v is string => typeof v === 'string' && parseDuration(v) !== undefined)
    : undefined;
  const delay = typeof timepicker.nowDelay === 'string' ? timepicker.nowDelay.trim() : '';
  return {
    hidden: timepicker.hidden === true,
    sharedCursor: model.graphTooltip === 1 ? 'crosshair' : model.graphTooltip === 2 ? 'tooltip' : 'none',
    weekStart,
    refreshIntervals: intervals && intervals.length > 0 ? intervals : undefined,
    nowDelay: delay && (parseDuration(delay) ?? 0) > 0 ? delay : undefined,
  };
}

/** The range as it is resolved with a now delay, as Grafana's time service: only an end of exactly `now` moves. */
export function withNowDelay(raw: RawTimeRange, nowDelay: string | undefined): RawTimeRange {
  return nowDelay && raw.to === 'now' ? { from: raw.from, to: `now-${nowDelay}` } : raw;
}
