/**
 * The interval side of template variables: the built-ins of a panel's query (`$__interval`,
 * `$__rate_interval`, `$__range`, ...) and interval variables with their `auto` option. The
 * interval arithmetic itself is Grafana's, in src/contract/durations.ts.
 */
import { calculateInterval, formatInterval } from '../../../../contract/durations';
import type { ResolvedTimeRange, VariableModel, VariableOption, VariableState } from './types';

const AUTO_TEXT = 'auto';

/** The value an interval variable's `auto` option stands for (Grafana's saved form). */
export const autoIntervalValue = (name: string) => `$__auto_interval_${name}`;

/** An interval variable's options: its comma-separated intervals, after `auto` when it has one. */
export function intervalOptions(model: VariableModel, query: string): VariableOption[] {
  const intervals = query
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((v) => ({ text: v, value: v }));
  return model.auto ? [{ text: AUTO_TEXT, value: autoIntervalValue(model.name) }, ...intervals] : intervals;
}

/**
 * An interval variable set to `auto` stands for the interval that splits the time range into
 * `auto_count` steps (default 30), not below `auto_min` (default 10s), as Grafana computes it.
 */
export function resolveAutoInterval(state: VariableState, model: VariableModel, range: ResolvedTimeRange): VariableState {
  if (state.type !== 'interval' || state.value[0] !== autoIntervalValue(state.name)) return state;
  const count = typeof model.auto_count === 'number' && model.auto_count > 0 ? model.auto_count : 30;
  const { interval } = calculateInterval(range, count, model.auto_min || '10s');
  return { ...state, value: [interval], text: [AUTO_TEXT] };
}

const DEFAULT_SCRAPE_INTERVAL_MS = 15_000;

/** A duration Prometheus accepts: whole seconds as `75s`, else milliseconds. */
const promDuration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.round(ms)}ms`);

/**
 * The built-in variables of a panel's query: `__interval`, `__interval_ms`, `__rate_interval`
 * (max(interval + scrape, 4 × scrape), as Grafana's Prometheus), `__range` (`3600s`), `__range_s`,
 * `__range_ms`, `__from`, `__to` (epoch ms; `${__from:date:iso}` formats them) and `__dashboard`
 * (its title; `${__dashboard.uid}` its uid).
 */
export function builtinScope({
  range,
  intervalMs,
  dashboard,
  scrapeIntervalMs = DEFAULT_SCRAPE_INTERVAL_MS,
}: {
  range: ResolvedTimeRange;
  intervalMs: number;
  dashboard: { uid?: string; title?: string };
  scrapeIntervalMs?: number;
}): Record<string, string> {
  const rangeMs = Math.max(0, range.to - range.from);
  const rangeSeconds = Math.round(rangeMs / 1000);
  const rateIntervalMs = Math.max(intervalMs + scrapeIntervalMs, 4 * scrapeIntervalMs);
  const scope: Record<string, string> = {
    __interval: formatInterval(intervalMs, 'frontend'),
    __interval_ms: String(Math.round(intervalMs)),
    __rate_interval: promDuration(rateIntervalMs),
    __rate_interval_ms: String(Math.round(rateIntervalMs)),
    __range: `${rangeSeconds}s`,
    __range_s: String(rangeSeconds),
    __range_ms: String(rangeMs),
    __from: String(range.from),
    __to: String(range.to),
    __dashboard: dashboard.title ?? '',
    '__dashboard.name': dashboard.title ?? '',
  };
  if (dashboard.uid) scope['__dashboard.uid'] = dashboard.uid;
  return scope;
}
