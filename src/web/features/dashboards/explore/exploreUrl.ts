import { paths } from '../../../app/paths';
import { isValidTimeExpression } from '../runtime/time';
import type { RawTimeRange } from '../runtime/types';
import type { DataQuery } from '../../../queryEditors/queryKinds';

/**
 * Explore's state in the URL, as Grafana writes it (`public/app/features/explore/state/urlParser`):
 * `/explore?schemaVersion=1&panes={"<id>":{"datasource":"<uid>","queries":[…],"range":{"from":"now-1h","to":"now"}}}&orgId=1`.
 * The older form, `left=` with the same object or the compact array `[from, to, datasource, …queries]`,
 * is read too. Only the first pane is shown (Sightline has no split view).
 */

/** One query as Grafana keeps it in Explore: its refId, its data source and the type's own fields (expr, rawSql, …). */
export type ExploreQuery = DataQuery;

export interface ExplorePane {
  /** The pane's data source (a uid; older URLs may hold its name), `-- Mixed --`, or null for the org's default. */
  datasource: string | null;
  queries: ExploreQuery[];
  range: RawTimeRange;
}

export interface ExploreUrlState {
  paneId: string;
  pane: ExplorePane;
}

/** Grafana's Explore opens on the last hour. */
export const EXPLORE_DEFAULT_RANGE: RawTimeRange = { from: 'now-1h', to: 'now' };

/** Grafana's name for a pane whose queries each carry their own data source. */
export const MIXED_DATASOURCE = '-- Mixed --';

/** Segments of the compact array that are not queries (Grafana's UI and panel state). */
const NOT_QUERY_SEGMENTS = ['ui', 'mode', '__panelsState'];

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function timeText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text && isValidTimeExpression(text) ? text : undefined;
}

function parseRange(value: unknown): RawTimeRange {
  if (!isObject(value)) return EXPLORE_DEFAULT_RANGE;
  const from = timeText(value.from);
  const to = timeText(value.to);
  return from && to ? { from, to } : EXPLORE_DEFAULT_RANGE;
}

/** The first free letter refId (A, B, …, Z, then A1, B1, …), as Grafana's `getNextRefIdChar`. */
export function nextRefId(queries: readonly { refId?: unknown }[]): string {
  const taken = new Set(queries.map((q) => q.refId));
  for (let round = 0; ; round += 1) {
    for (let letter = 0; letter < 26; letter += 1) {
      const refId = String.fromCharCode(65 + letter) + (round === 0 ? '' : String(round));
      if (!taken.has(refId)) return refId;
    }
  }
}

function parseQueries(value: unknown): ExploreQuery[] {
  if (!Array.isArray(value)) return [];
  const queries: ExploreQuery[] = [];
  for (const item of value) {
    if (!isObject(item)) continue;
    const refId =
      typeof item.refId === 'string' && item.refId && !queries.some((q) => q.refId === item.refId) ? item.refId : nextRefId(queries);
    const datasource = isObject(item.datasource)
      ? {
          ...(typeof item.datasource.type === 'string' ? { type: item.datasource.type } : {}),
          ...(typeof item.datasource.uid === 'string' ? { uid: item.datasource.uid } : {}),
        }
      : undefined;
    queries.push({ ...item, refId, ...(datasource ? { datasource } : {}) } as ExploreQuery);
  }
  return queries;
}

function parseDataSource(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() && value !== 'null') return value;
  // Some links carry the reference object rather than its uid.
  if (isObject(value) && typeof value.uid === 'string' && value.uid) return value.uid;
  return null;
}

function parsePane(value: unknown): ExplorePane | undefined {
  if (isObject(value)) {
    return { datasource: parseDataSource(value.datasource), queries: parseQueries(value.queries), range: parseRange(value.range) };
  }
  // The compact form of older Grafanas: [from, to, datasource, ...queries and UI segments].
  if (Array.isArray(value) && value.length > 3) {
    const [from, to, datasource, ...segments] = value as unknown[];
    const queries = segments.filter((s) => isObject(s) && !NOT_QUERY_SEGMENTS.some((key) => key in s));
    return { datasource: parseDataSource(datasource), queries: parseQueries(queries), range: parseRange({ from, to }) };
  }
  return undefined;
}

/** Explore's state in these search params, or undefined when they hold none (a bare `/explore`, or text that is not a pane). */
export function parseExploreUrl(params: URLSearchParams): ExploreUrlState | undefined {
  const panes = parseJson(params.get('panes'));
  if (isObject(panes)) {
    for (const [paneId, value] of Object.entries(panes)) {
      const pane = parsePane(value);
      if (pane) return { paneId, pane };
    }
    return undefined;
  }
  const left = parsePane(parseJson(params.get('left')));
  return left ? { paneId: newPaneId(), pane: left } : undefined;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A short random pane id, as Grafana's `generateExploreId` makes. */
export function newPaneId(): string {
  let id = '';
  for (let i = 0; i < 3; i += 1) id += ID_ALPHABET[Math.floor(Math.random() * ID_ALPHABET.length)];
  return id;
}

/** The search part of an Explore URL for this pane (without the `?`), in Grafana's current form. */
export function exploreSearch(state: ExploreUrlState, orgId?: number): string {
  const { pane } = state;
  const panes = {
    [state.paneId]: { datasource: pane.datasource, queries: pane.queries, range: { from: pane.range.from, to: pane.range.to } },
  };
  const params = new URLSearchParams({ schemaVersion: '1', panes: JSON.stringify(panes) });
  if (orgId !== undefined) params.set('orgId', String(orgId));
  return params.toString();
}

/** A link to Explore showing `pane`. */
export function exploreHref(pane: ExplorePane, orgId?: number, paneId = newPaneId()): string {
  return paths.explore(exploreSearch({ paneId, pane }, orgId));
}

/**
 * The pane a dashboard panel opens in Explore (its menu's "Explore", as Grafana's `getExploreUrl`):
 * the queries as the panel sends them (variables already interpolated, data sources resolved),
 * without the panel's sizing, at the dashboard's time range. Queries on several data sources make a mixed pane.
 */
export function panelExplorePane(queries: ReadonlyArray<Record<string, unknown>>, range: RawTimeRange): ExplorePane {
  const targets = queries.map((query) => {
    const target = { ...query };
    delete target.intervalMs;
    delete target.maxDataPoints;
    return target as ExploreQuery;
  });
  const uids = new Set(targets.map((t) => t.datasource?.uid));
  const [only] = uids;
  return { datasource: uids.size === 1 ? (only ?? null) : MIXED_DATASOURCE, queries: targets, range };
}
