import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calculateInterval } from '../../../../contract/durations';
import { queryResponseSchema, type DataFrame, type QueryRequest, type QueryResponse } from '../../../../contract/query';
import { apiFetch } from '../../../api/client';
import { ApiError, errorMessage } from '../../../api/errors';
import { resolveDataSource, type DataSourceSummary } from '../../../api/dataSources';
import { queryKeys } from '../../../api/keys';
import type { Panel } from '../../../panels/layout';
import type { InterpolationScope, ResolvedTimeRange } from './types';
import { interpolate, interpolateForDataSource } from './interpolation';
import { builtinScope } from './intervals';

/** Grafana's built-in sources whose panels have nothing to ask the server (annotations, dashboard reuse). */
const NOTHING_TO_QUERY = new Set(['-- Grafana --', 'grafana', '-- Dashboard --']);
const MIXED = '-- Mixed --';
/** Target keys that are not query text, so they are never interpolated. */
const NOT_INTERPOLATED = new Set(['refId', 'datasource', 'datasourceId', 'hide', 'key']);

export interface PanelRequest {
  /** What is sent to `/api/ds/query`; undefined when the panel has nothing to ask. */
  body?: QueryRequest;
  /** Why the panel cannot query (an unknown data source), in words a person can act on. */
  problem?: string;
}

function dataSourceRefText(ref: unknown): string | undefined {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object') {
    const uid = (ref as { uid?: unknown }).uid;
    return typeof uid === 'string' ? uid : undefined;
  }
  return undefined;
}

/** A `$datasource` reference resolved through the variables first, as Grafana does. */
export function resolveRef(ref: unknown, scope: InterpolationScope, dataSources: readonly DataSourceSummary[]) {
  const text = dataSourceRefText(ref);
  if (text && text.includes('$')) {
    const interpolated = interpolate(text, scope);
    return { ds: resolveDataSource(interpolated, dataSources), named: interpolated };
  }
  return {
    ds: resolveDataSource(ref, dataSources),
    named: text ?? (ref && typeof ref === 'object' ? (ref as { type?: string }).type : undefined),
  };
}

/**
 * The `/api/ds/query` body for a panel at this range and width: its visible targets with their
 * data source resolved to a uid and every variable interpolated in that data source's format.
 */
export function buildPanelRequest(input: {
  panel: Panel;
  scope: InterpolationScope;
  range: ResolvedTimeRange;
  dataSources: readonly DataSourceSummary[];
  widthPx: number;
}): PanelRequest {
  const { panel, scope, range, dataSources } = input;
  const targets = (Array.isArray(panel.targets) ? panel.targets : []).filter((t) => t && typeof t === 'object' && t.hide !== true);
  if (targets.length === 0) return {};
  const panelRefText = dataSourceRefText(panel.datasource);
  if (panelRefText && NOTHING_TO_QUERY.has(panelRefText)) return {};

  const maxDataPoints =
    typeof panel.maxDataPoints === 'number' && panel.maxDataPoints > 0 ? panel.maxDataPoints : Math.max(100, Math.round(input.widthPx));
  const minInterval = typeof panel.interval === 'string' && panel.interval ? interpolate(panel.interval, scope) : undefined;
  const { intervalMs } = calculateInterval(range, maxDataPoints, minInterval);
  // The panel's own `$__interval` and `$__rate_interval`; the rest as the dashboard's.
  const dashboard = { uid: scope.builtins['__dashboard.uid'], title: scope.builtins.__dashboard };
  const panelScope: InterpolationScope = { ...scope, builtins: { ...scope.builtins, ...builtinScope({ range, intervalMs, dashboard }) } };

  const queries = [];
  for (const [index, target] of targets.entries()) {
    const mixed = panelRefText === MIXED;
    const ref = mixed || target.datasource ? (target.datasource ?? panel.datasource) : panel.datasource;
    const { ds, named } = resolveRef(ref, panelScope, dataSources);
    if (!ds) {
      return {
        problem: named
          ? `Data source ${named} was not found: pick one of this org's data sources in the panel JSON, or add it under Data sources.`
          : 'This org has no default data source: set the panel datasource in its JSON.',
      };
    }
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(target)) {
      query[key] = typeof value === 'string' && !NOT_INTERPOLATED.has(key) ? interpolateForDataSource(value, panelScope, ds.type) : value;
    }
    query.refId = typeof target.refId === 'string' && target.refId ? target.refId : String.fromCharCode(65 + index);
    query.datasource = { uid: ds.uid, type: ds.type };
    query.intervalMs = intervalMs;
    query.maxDataPoints = maxDataPoints;
    queries.push(query);
  }
  return { body: { from: String(range.from), to: String(range.to), queries: queries as QueryRequest['queries'] } };
}

/** The frames of every refId in the order the panel lists them, and their errors joined. */
export function framesOf(response: QueryResponse, body: QueryRequest): { frames: DataFrame[]; error?: string } {
  const frames: DataFrame[] = [];
  const errors: string[] = [];
  for (const query of body.queries) {
    const result = response.results[query.refId ?? 'A'];
    if (!result) continue;
    frames.push(...(result.frames ?? []));
    if (result.error) errors.push(body.queries.length > 1 ? `${query.refId}: ${result.error}` : result.error);
  }
  return { frames, error: errors.length ? errors.join('\n') : undefined };
}

// At most this many panel requests in flight at once; the rest wait (a 30-panel dashboard must
// not open 30 connections to the server, nor starve the server's other clients).
const MAX_PANEL_REQUESTS = 6;
let inFlight = 0;
const waiting: Array<() => void> = [];

async function withRequestSlot<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_PANEL_REQUESTS) {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const at = waiting.indexOf(go);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      waiting.push(go);
    });
  }
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
    waiting.shift()?.();
  }
}

export interface PanelData {
  frames: DataFrame[];
  /** The query's error (server's words), or why the panel could not ask at all. */
  error?: string;
  request?: QueryRequest;
  response?: unknown;
  /** How long the server took to answer, in ms (the inspector's Stats tab). */
  requestMs?: number;
}

export async function fetchPanelData(body: QueryRequest, signal: AbortSignal): Promise<PanelData> {
  return withRequestSlot(signal, async () => {
    // Timed once the request has its slot, so waiting behind other panels does not count.
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await apiFetch('/api/ds/query', { method: 'POST', body, schema: queryResponseSchema, signal });
      return { ...framesOf(response, body), request: body, response, requestMs: elapsed() };
    } catch (error) {
      // A failed query still answers Grafana's results shape, with each query's own error.
      if (error instanceof ApiError) {
        const results = queryResponseSchema.safeParse(error.body);
        if (results.success) {
          const { frames, error: message } = framesOf(results.data, body);
          return { frames, error: message ?? error.message, request: body, response: error.body, requestMs: elapsed() };
        }
        return { frames: [], error: error.message, request: body, response: error.body, requestMs: elapsed() };
      }
      throw error;
    }
  });
}

/**
 * A panel's data: asked only once `enabled` (the panel was on screen and not in a collapsed row),
 * re-asked when its request changes (range, variables, width bucket); the previous frames stay on
 * screen until the new ones arrive; a request no longer needed is cancelled.
 */
export function usePanelData(options: { dashboardUid: string; panelId: number | undefined; request: PanelRequest; enabled: boolean }) {
  const { body } = options.request;
  // Until the panel may ask (on screen, data sources and variables loaded), a problem such as
  // "data source not found" may only mean the list has not arrived: it is not shown yet.
  const problem = options.enabled ? options.request.problem : undefined;
  const result = useQuery({
    queryKey: queryKeys.panelData(options.dashboardUid, options.panelId ?? -1, body ?? null),
    queryFn: ({ signal }) => fetchPanelData(body!, signal),
    enabled: options.enabled && body !== undefined,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    staleTime: 0,
    retry: false,
  });
  const data: PanelData | undefined = problem ? { frames: [], error: problem } : result.data;
  const hasWork = body !== undefined || options.request.problem !== undefined;
  const waiting = !options.enabled && result.data === undefined && hasWork;
  return {
    data,
    /** Nothing to show yet: the first answer is on its way, or the panel waits for its turn. */
    loading: waiting || (!problem && body !== undefined && result.data === undefined && result.isFetching),
    /** A newer answer is on its way while the last one stays on screen. */
    refreshing: result.isFetching && result.data !== undefined,
    error: problem ?? (result.error ? errorMessage(result.error) : data?.error),
    nothingToQuery: !hasWork,
  };
}
