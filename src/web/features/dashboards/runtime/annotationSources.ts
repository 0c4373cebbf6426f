import { calculateInterval, parseDuration } from '../../../../contract/durations';
import type { DataFrame, QueryRequest } from '../../../../contract/query';
import type { AnnotationQuery } from '../../../api/annotations';
import type { DataSourceSummary } from '../../../api/dataSources';
import { decodeFrames, type PanelField, type PanelFrame } from '../../../panels/frames';
import type { PanelAnnotation } from '../../../panels/types';
import { resolveRef } from './queries';
import type { InterpolationScope, ResolvedTimeRange } from './types';
import { interpolateForDataSource } from './interpolation';

/** One entry of the dashboard's `annotations.list`, as the toggles and the runner read it. */
export interface AnnotationDefinition {
  /** Position in `annotations.list`: what the toggles are keyed by. */
  index: number;
  name: string;
  color?: string;
  /** `hide`: run, but no toggle in the controls (Grafana's built-in query usually is). */
  hidden: boolean;
  /** `enable`: whether it runs when the dashboard opens. */
  enabled: boolean;
  raw: Record<string, unknown>;
}

/** What one annotation query asks: Sightline's own store, a data source through `/api/ds/query`, or nothing. */
export type AnnotationSource =
  | { kind: 'store'; query: AnnotationQuery; fromDashboard: boolean }
  | { kind: 'datasource'; runner: 'prometheus' | 'loki' | 'standard'; body: QueryRequest }
  | { kind: 'nothing' }
  | { kind: 'problem'; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The dashboard's annotation queries; a dashboard without `annotations.list` has Grafana's built-in one. */
export function annotationDefinitionsOf(model: Record<string, unknown>): AnnotationDefinition[] {
  const list = (model.annotations as { list?: unknown } | undefined)?.list;
  const entries: unknown[] = Array.isArray(list) ? list : [{ builtIn: 1, enable: true, hide: true, name: 'Annotations & Alerts' }];
  return entries.flatMap((entry, index) =>
    isObject(entry)
      ? [
          {
            index,
            name: text(entry.name) || (entry.builtIn ? 'Annotations & Alerts' : `Annotations ${index + 1}`),
            color: text(entry.iconColor),
            hidden: entry.hide === true,
            enabled: entry.enable !== false,
            raw: entry,
          },
        ]
      : [],
  );
}

/** Grafana's own source (`-- Grafana --`): annotations kept by Sightline itself. */
export function isGrafanaSource(datasource: unknown): boolean {
  if (datasource === undefined || datasource === null) return true;
  const uid = typeof datasource === 'string' ? datasource : (datasource as { uid?: unknown }).uid;
  const type = typeof datasource === 'object' ? (datasource as { type?: unknown }).type : undefined;
  return uid === '-- Grafana --' || uid === 'grafana' || type === 'grafana' || type === 'datasource';
}

/** Whether any annotation query reads a data source (the dashboard then needs the org's list). */
export function hasDataSourceAnnotations(model: Record<string, unknown>): boolean {
  return annotationDefinitionsOf(model).some((d) => !isGrafanaSource(d.raw.datasource));
}

const SQL_TYPES = new Set(['grafana-postgresql-datasource', 'postgres', 'mysql']);
/** Target keys that are not query text, so they are never interpolated. */
const NOT_INTERPOLATED = new Set(['refId', 'datasource', 'datasourceId', 'hide', 'key']);

export interface SourceContext {
  dashboardUid: string;
  range: ResolvedTimeRange;
  scope: InterpolationScope;
  dataSources: readonly DataSourceSummary[];
  /** Grafana asks no more points than the window is wide. */
  maxDataPoints: number;
}

/** What one annotation definition asks for at this range, with the dashboard's variables interpolated. */
export function annotationSourceOf(definition: AnnotationDefinition, context: SourceContext): AnnotationSource {
  const raw = definition.raw;
  if (isGrafanaSource(raw.datasource)) return storeSource(raw, context);
  const { ds, named } = resolveRef(raw.datasource, context.scope, context.dataSources);
  if (!ds) return { kind: 'problem', message: `Data source ${named ?? ''} was not found`.replace('  ', ' ') };

  const target = isObject(raw.target) ? raw.target : {};
  let runner: 'prometheus' | 'loki' | 'standard' = 'standard';
  let query: Record<string, unknown>;
  if (ds.type === 'prometheus') {
    // Grafana's PrometheusAnnotationSupport: `expr` and `step` at the top (older JSON) or in `target`.
    runner = 'prometheus';
    query = { ...target, expr: text(target.expr) || text(raw.expr) || '', interval: text(target.interval) || text(raw.step) || '' };
  } else if (ds.type === 'loki') {
    runner = 'loki';
    const instant = raw.instant === true || target.instant === true;
    query = {
      ...target,
      expr: text(target.expr) || text(raw.expr) || '',
      instant,
      queryType: instant ? 'instant' : 'range',
      ...(raw.maxLines !== undefined ? { maxLines: raw.maxLines } : {}),
    };
  } else if (SQL_TYPES.has(ds.type) && typeof raw.rawQuery === 'string') {
    // Grafana's SQL migration of the old annotation shape: `rawQuery` becomes a table query.
    query = { ...target, rawSql: raw.rawQuery, format: 'table', rawQuery: true };
  } else {
    query = { ...target };
    if (SQL_TYPES.has(ds.type) && query.format === undefined) query.format = 'table';
  }
  const queryText = text(query.expr) ?? text(query.rawSql);
  if ((runner !== 'standard' || SQL_TYPES.has(ds.type)) && !queryText?.trim()) return { kind: 'nothing' };
  if (runner === 'standard' && Object.keys(target).length === 0 && !SQL_TYPES.has(ds.type)) return { kind: 'nothing' };

  const minInterval = text(query.interval) ? interpolateForDataSource(text(query.interval)!, context.scope, ds.type) : undefined;
  const { intervalMs } = calculateInterval(context.range, context.maxDataPoints, minInterval || undefined);
  const interpolated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    interpolated[key] =
      typeof value === 'string' && !NOT_INTERPOLATED.has(key) ? interpolateForDataSource(value, context.scope, ds.type) : value;
  }
  interpolated.refId = 'Anno';
  interpolated.datasource = { uid: ds.uid, type: ds.type };
  interpolated.intervalMs = intervalMs;
  interpolated.maxDataPoints = context.maxDataPoints;
  return {
    kind: 'datasource',
    runner,
    body: { from: String(context.range.from), to: String(context.range.to), queries: [interpolated] as QueryRequest['queries'] },
  };
}

function storeSource(raw: Record<string, unknown>, context: SourceContext): AnnotationSource {
  const target = isObject(raw.target) ? raw.target : undefined;
  const base = { from: context.range.from, to: context.range.to, tags: [] as string[], matchAny: false };
  const targetType = text(target?.type) ?? (raw.type === 'tags' ? 'tags' : 'dashboard');
  if (targetType !== 'tags') return { kind: 'store', query: { ...base, dashboardUID: context.dashboardUid }, fromDashboard: true };
  const tagsOf = (v: unknown) => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []);
  const tags = tagsOf(target?.tags ?? raw.tags);
  // Grafana's tags query with no tags finds nothing; it never means "everything".
  if (tags.length === 0) return { kind: 'nothing' };
  return { kind: 'store', query: { ...base, tags, matchAny: (target?.matchAny ?? raw.matchAny) === true }, fromDashboard: false };
}

/** Grafana's `renderLegendFormat`: `{{label}}` becomes the label's value (or the name itself when there is none). */
export function renderLegendFormat(format: string, labels: Record<string, string>): string {
  return format.replace(/\{\{\s*(.+?)\s*\}\}/g, (_, name: string) => labels[name] || name);
}

/** An annotation a data source produced: no id of its own, a title besides its text. */
export type SourcedAnnotation = Omit<PanelAnnotation, 'id'> & { title?: string };

/**
 * Grafana's PrometheusAnnotationSupport: every series' samples above zero become annotations,
 * samples at most one step apart joining into one region; `useValueForTime` reads the value as the time.
 */
export function prometheusAnnotations(raw: Record<string, unknown>, frames: DataFrame[]): SourcedAnnotation[] {
  const decoded = decodeFrames(frames);
  if (decoded.length === 0) return [];
  const executed = frames[0]?.schema.meta?.executedQueryString ?? '';
  const stepText = /Step:\s*([\d\w]+)/.exec(executed)?.[1];
  const stepMs = parseDuration(stepText ?? '60s') ?? 60_000;
  const tagKeys = (text(raw.tagKeys) ?? '').split(',');
  const titleFormat = text(raw.titleFormat) ?? '';
  const textFormat = text(raw.textFormat) ?? '';
  const useValueForTime = raw.useValueForTime === true;
  const events: SourcedAnnotation[] = [];
  for (const frame of decoded) {
    const timeField = frame.fields.find((f) => f.type === 'time') ?? frame.fields[0];
    const valueField = frame.fields.find((f) => f !== timeField && f.type === 'number');
    if (!timeField || !valueField) continue;
    const labels = valueField.labels ?? {};
    const tags = Object.keys(labels)
      .filter((key) => tagKeys.includes(key))
      .map((key) => labels[key]!);
    const active: number[] = [];
    valueField.values.forEach((value, i) => {
      const number = typeof value === 'number' ? value : Number.parseFloat(String(value));
      if (useValueForTime) {
        if (Number.isFinite(number)) active.push(Math.floor(number));
      } else if (number > 0) {
        active.push(Math.floor(Number(timeField.values[i])));
      }
    });
    let open: SourcedAnnotation | undefined;
    for (const time of active) {
      if (open && (open.timeEnd ?? open.time) + stepMs >= time) {
        open.timeEnd = time;
        continue;
      }
      if (open) events.push(open);
      open = { time, timeEnd: time, title: renderLegendFormat(titleFormat, labels), text: renderLegendFormat(textFormat, labels), tags };
    }
    if (open) events.push(open);
  }
  return events.map(withoutEmptyRegion);
}

/** Grafana's Loki annotations: each log line is one, titled and described from its labels (the line itself by default). */
export function lokiAnnotations(raw: Record<string, unknown>, frames: DataFrame[]): SourcedAnnotation[] {
  const tagKeys = (text(raw.tagKeys) ?? '').split(',').filter((k) => k !== '');
  const titleFormat = text(raw.titleFormat) ?? '';
  const textFormat = text(raw.textFormat) ?? '';
  const events: SourcedAnnotation[] = [];
  for (const frame of decodeFrames(frames)) {
    const time = fieldNamed(frame, 'time') ?? frame.fields.find((f) => f.type === 'time');
    const line = fieldNamed(frame, 'line') ?? fieldNamed(frame, 'body');
    const labelsField = fieldNamed(frame, 'labels');
    if (!time) continue;
    const frameLabels = Object.assign({}, ...frame.fields.map((f) => f.labels ?? {})) as Record<string, string>;
    for (let i = 0; i < frame.length; i++) {
      const rowLabels = labelsField ? parseLabels(labelsField.values[i]) : frameLabels;
      const labels = Object.fromEntries(Object.entries(rowLabels).map(([k, v]) => [k, String(v).trim()]));
      const tags = [
        ...new Set(Object.entries(labels).flatMap(([k, v]) => (v !== '' && (!tagKeys.length || tagKeys.includes(k)) ? [v] : []))),
      ];
      const at = Number(time.values[i]);
      if (!Number.isFinite(at)) continue;
      events.push({
        time: at,
        title: renderLegendFormat(titleFormat, labels),
        text: renderLegendFormat(textFormat, labels) || String(line?.values[i] ?? ''),
        tags,
      });
    }
  }
  return events;
}

/**
 * Grafana's standard frame → event mapping (SQL and the rest): the frames as one, columns found by
 * name (`time` or the first time column, `timeend`, `title`, `text` or the first text column,
 * `tags` split on commas). A result without a time or a text column is an error a person can fix.
 */
export function standardAnnotations(frames: DataFrame[]): SourcedAnnotation[] {
  const decoded = decodeFrames(frames).filter((f) => f.length > 0);
  if (decoded.length === 0) return [];
  const byName = (name: string) => decoded.map((frame) => fieldNamed(frame, name));
  const firstOfType = (type: PanelField['type']) => decoded.map((frame) => frame.fields.find((f) => f.type === type));
  const pick = (name: string, type?: PanelField['type']) => {
    const named = byName(name);
    return named.some(Boolean) ? named : type ? firstOfType(type) : named;
  };
  const time = pick('time', 'time');
  const textColumn = pick('text', 'string');
  if (!time.some(Boolean) || !textColumn.some(Boolean))
    throw new Error('The annotation query must return a time column and a text column (named time and text).');
  const timeEnd = pick('timeend');
  const title = pick('title');
  const tags = pick('tags');
  const events: SourcedAnnotation[] = [];
  decoded.forEach((frame, f) => {
    for (let i = 0; i < frame.length; i++) {
      const at = toMs(time[f]?.values[i]);
      if (at === null) continue;
      const end = toMs(timeEnd[f]?.values[i]);
      const tagValue = tags[f]?.values[i];
      events.push(
        withoutEmptyRegion({
          time: at,
          timeEnd: end ?? undefined,
          title: title[f]?.values[i] == null ? undefined : String(title[f]!.values[i]),
          text: textColumn[f]?.values[i] == null ? '' : String(textColumn[f]!.values[i]),
          tags: Array.isArray(tagValue)
            ? tagValue.map(String)
            : typeof tagValue === 'string' && tagValue !== ''
              ? tagValue.split(',').map((t) => t.trim())
              : [],
        }),
      );
    }
  });
  return events;
}

function fieldNamed(frame: PanelFrame, lowerName: string): PanelField | undefined {
  return frame.fields.find((f) => f.name.toLowerCase() === lowerName);
}

function parseLabels(value: unknown): Record<string, string> {
  if (isObject(value)) return value as Record<string, string>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isObject(parsed)) return parsed as Record<string, string>;
    } catch {
      // Not JSON: no labels.
    }
  }
  return {};
}

function toMs(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const n = Number(value);
  if (Number.isFinite(n)) return n;
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? null : parsed;
}

/** A region that starts and ends at once is a point. */
function withoutEmptyRegion(a: SourcedAnnotation): SourcedAnnotation {
  return a.timeEnd !== undefined && a.timeEnd <= a.time ? { ...a, timeEnd: undefined } : a;
}
