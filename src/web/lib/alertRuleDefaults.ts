/**
 * What "New alert rule" from a panel hands the alert rule form, as Grafana's panel menu does:
 * `/alerting/new?defaults=<json>`. The dashboard writes it, the alerting feature reads it; neither
 * imports the other, so the shape lives here.
 *
 * Shape (Grafana's partial `RuleFormValues`):
 * ```
 * { type: "grafana",
 *   name: "<panel title>",
 *   folder?: { uid, title? },                     // the dashboard's folder; absent: the form asks the dashboard
 *   queries: [{ refId, datasourceUid, queryType?, relativeTimeRange: { from, to }, model }],
 *   annotations: [{ key: "__dashboardUid__", value }, { key: "__panelId__", value }] }
 * ```
 * `relativeTimeRange` is in seconds before now; `model` is the panel's query as it runs (variables
 * replaced), with its `datasource` reference.
 */

export interface AlertRuleDefaultQuery {
  refId: string;
  datasourceUid: string;
  queryType?: string;
  relativeTimeRange: { from: number; to: number };
  model: Record<string, unknown>;
}

export interface AlertRuleDefaults {
  type: 'grafana';
  name: string;
  folder?: { uid: string; title?: string };
  queries: AlertRuleDefaultQuery[];
  annotations: Array<{ key: string; value: string }>;
}

export const DASHBOARD_UID_ANNOTATION = '__dashboardUid__';
export const PANEL_ID_ANNOTATION = '__panelId__';

/** Grafana's default when a range cannot be read: the last 10 minutes. */
const DEFAULT_RANGE = { from: 600, to: 0 };

/** A dashboard range `{from, to}` (epoch ms) as seconds before `now`, as Grafana's `timeRangeToRelative`. */
export function relativeTimeRange(range: { from: number; to: number }, now = Date.now()): { from: number; to: number } {
  const from = Math.round((now - range.from) / 1000);
  const to = Math.max(0, Math.round((now - range.to) / 1000));
  return Number.isFinite(from) && from > to ? { from, to } : DEFAULT_RANGE;
}

/**
 * The defaults of a rule for one panel. `queries` are the panel's queries as they run (each with
 * `datasource: {uid, type}`); hidden ones and those without a data source are left out.
 */
export function panelAlertRuleDefaults(panel: {
  title: string;
  panelId: number | undefined;
  dashboardUid: string;
  folderUid?: string;
  queries: ReadonlyArray<Record<string, unknown>>;
  range: { from: number; to: number };
  now?: number;
}): AlertRuleDefaults {
  const relative = relativeTimeRange(panel.range, panel.now);
  const queries: AlertRuleDefaultQuery[] = [];
  for (const query of panel.queries) {
    const datasource = query.datasource as { uid?: unknown } | undefined;
    if (query.hide === true || typeof datasource?.uid !== 'string' || typeof query.refId !== 'string') continue;
    queries.push({
      refId: query.refId,
      datasourceUid: datasource.uid,
      ...(typeof query.queryType === 'string' && query.queryType ? { queryType: query.queryType } : {}),
      relativeTimeRange: relative,
      model: { ...query },
    });
  }
  const annotations = [{ key: DASHBOARD_UID_ANNOTATION, value: panel.dashboardUid }];
  if (panel.panelId !== undefined) annotations.push({ key: PANEL_ID_ANNOTATION, value: String(panel.panelId) });
  return {
    type: 'grafana',
    name: panel.title,
    ...(panel.folderUid ? { folder: { uid: panel.folderUid } } : {}),
    queries,
    annotations,
  };
}

/** The search of `/alerting/new` that carries these defaults. */
export function alertRuleDefaultsSearch(defaults: AlertRuleDefaults): string {
  return new URLSearchParams({ defaults: JSON.stringify(defaults) }).toString();
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The defaults a `?defaults=` value carries; undefined when absent or unreadable, entries of the wrong shape left out. */
export function parseAlertRuleDefaults(text: string | null): AlertRuleDefaults | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const queries = Array.isArray(value.queries)
    ? value.queries.filter(
        (q): q is AlertRuleDefaultQuery =>
          isRecord(q) && typeof q.refId === 'string' && typeof q.datasourceUid === 'string' && isRecord(q.model),
      )
    : [];
  const annotations = Array.isArray(value.annotations)
    ? value.annotations.filter(
        (a): a is { key: string; value: string } => isRecord(a) && typeof a.key === 'string' && typeof a.value === 'string',
      )
    : [];
  const folder = isRecord(value.folder) && typeof value.folder.uid === 'string' ? { uid: value.folder.uid } : undefined;
  return {
    type: 'grafana',
    name: typeof value.name === 'string' ? value.name : '',
    ...(folder ? { folder } : {}),
    queries: queries.map((q) => ({
      ...q,
      relativeTimeRange:
        isRecord(q.relativeTimeRange) && typeof q.relativeTimeRange.from === 'number' && typeof q.relativeTimeRange.to === 'number'
          ? q.relativeTimeRange
          : DEFAULT_RANGE,
    })),
    annotations,
  };
}
