/**
 * `POST /api/ds/query`: resolves each query's data source, runs the queries side by side with
 * their type's runner, and answers Grafana's `{results: {<refId>: {status, frames | error}}}`.
 * A failed query reports its error under its refId and the others still answer; the HTTP status
 * is then 400, as Grafana's default.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { dataSourceTypes, type DataSourceType } from '../../contract/datasources';
import type { DataSourceRef, ParsedQueryRequest, QueryResult } from '../../contract/query';
import type { Identity } from '../auth/identity';
import { badRequest, notFound } from '../errors';
import { resolveType, timeoutFor } from '../health/registry';
import type { Store } from '../store';
import type { StoredDataSource } from '../store/datasources';
import { withOutgoingSlot } from '../outgoing';
import { withoutSecrets } from '../health/types';
import { QueryError } from './errors';
import { frameJsonParts, type Frame } from './frames';
import { runLoki } from './loki';
import { runMySql } from './mysql';
import { runPostgres } from './postgres';
import { runPrometheus } from './prometheus';
import { ResultBudget } from './limits';
import { runTestData } from './testdata';
import { parseTimeRange, type TimeRange } from './time';
import type { QueryRunner, QueryTarget } from './types';

/** The runner per type; types without one answer a per-query error. */
const runners: Partial<Record<DataSourceType, QueryRunner>> = {
  prometheus: runPrometheus,
  loki: runLoki,
  'grafana-testdata-datasource': runTestData,
  'grafana-postgresql-datasource': runPostgres,
  mysql: runMySql,
};

export type QueryOutcome = 'ok' | 'error';
/** Told of every query run: its data source type, outcome and duration (for metrics). */
export type QueryObserver = (type: string, outcome: QueryOutcome, seconds: number) => void;
let observer: QueryObserver | undefined;

/** Registers the one observer of finished queries (the metrics module); returns what was registered before. */
export function observeQueries(next: QueryObserver | undefined): QueryObserver | undefined {
  const previous = observer;
  observer = next;
  return previous;
}

/** A stored data source as the runners and the proxy use it, secrets opened. */
export async function targetOf(store: Store, ds: StoredDataSource): Promise<QueryTarget> {
  return {
    id: ds.id,
    uid: ds.uid,
    name: ds.name,
    version: ds.version,
    type: resolveType(ds.type) ?? ds.type,
    url: ds.url,
    user: ds.user,
    database: ds.database,
    basicAuth: ds.basicAuth,
    basicAuthUser: ds.basicAuthUser,
    jsonData: ds.jsonData,
    secrets: ds.secretNames.length > 0 ? await store.dataSources.openSecrets(ds.id) : {},
  };
}

/** Loads a data source with its secrets once per request, however many queries use it. */
class DataSourceResolver {
  private readonly byKey = new Map<string, Promise<QueryTarget>>();
  constructor(
    private readonly store: Store,
    private readonly orgId: number,
  ) {}

  resolve(ref: DataSourceRef | null | undefined, datasourceId: number | null | undefined, refId: string): Promise<QueryTarget> {
    const uid = typeof ref === 'string' ? ref : (ref?.uid ?? undefined);
    const key = uid ? `uid:${uid}` : datasourceId ? `id:${datasourceId}` : '';
    if (!key) {
      throw badRequest(`query ${refId} names no data source: set datasource to {"uid": "<data source uid>"} or datasourceId`);
    }
    let found = this.byKey.get(key);
    if (!found) {
      found = (async () => {
        const ds = uid
          ? ((await this.store.dataSources.find(this.orgId, { uid })) ??
            // Older dashboards name the data source instead of giving its uid.
            (typeof ref === 'string' ? await this.store.dataSources.find(this.orgId, { name: uid }) : undefined))
          : await this.store.dataSources.find(this.orgId, { id: datasourceId! });
        if (!ds) {
          const hint = uid?.startsWith('$') ? ' (a dashboard variable that was not replaced by its value)' : '';
          throw notFound(`Data source not found: ${uid ? `uid "${uid}"` : `id ${datasourceId}`}${hint} in query ${refId}`);
        }
        return targetOf(this.store, ds);
      })();
      this.byKey.set(key, found);
    }
    return found;
  }
}

/**
 * Grafana's sources that are not data sources of the org: server-side expressions (`__expr__`)
 * and the built-in `grafana`, `-- Dashboard --` and `-- Mixed --` (type `datasource`). Their
 * queries answer an error of their own instead of failing the request as unknown.
 */
function builtInSource(ref: DataSourceRef | null | undefined): string | undefined {
  const uid = typeof ref === 'string' ? ref : ref?.uid;
  const type = typeof ref === 'string' ? undefined : ref?.type;
  if (uid === '__expr__' || type === '__expr__') return '__expr__';
  if (type === 'datasource' || uid === 'grafana' || uid === '-- Grafana --' || uid === '-- Dashboard --' || uid === '-- Mixed --')
    return uid ?? 'grafana';
  return undefined;
}

/** At most this many queries of one request run at once; the rest wait their turn. */
const QUERIES_IN_FLIGHT = 8;

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** A failed query's answer; a backend may have echoed a secret of the data source (a password, a header), so none leave. */
function failure(error: QueryError, target: QueryTarget | null): QueryResult {
  const message = target ? withoutSecrets(error.message, target) : error.message;
  return { status: error.status, error: message, errorSource: error.errorSource };
}

export interface QueryServiceOptions {
  store: Store;
  log?: FastifyBaseLogger;
  now?: number;
}

/** Runs a parsed request; throws ApiErrors for whole-request failures (400 bad range, 404 unknown data source). */
export async function runQueryRequest(
  options: QueryServiceOptions,
  identity: Identity,
  request: ParsedQueryRequest,
): Promise<{ status: number; body: string | Readable }> {
  let range;
  try {
    range = parseTimeRange(request.from, request.to, options.now ?? Date.now());
  } catch (error) {
    if (error instanceof QueryError) throw badRequest(`bad request data: ${error.message}`);
    throw error;
  }
  const visible = request.queries.filter((query) => query.hide !== true);
  const seen = new Set<string>();
  for (const query of visible) {
    if (seen.has(query.refId)) throw badRequest(`bad request data: two queries share refId "${query.refId}"; each query needs its own`);
    seen.add(query.refId);
  }
  const results = await runQueries(options, identity.orgId, visible, () => range);
  const anyFailed = results.some(([, result]) => !Array.isArray(result));
  return { status: anyFailed ? 400 : 200, body: responseBody(results) };
}

/**
 * Runs queries of one org, each over its own time range (alert rules give each query its own
 * `relativeTimeRange`), and answers each refId's frames or error. Throws ApiErrors for an unknown
 * data source before anything runs. `/api/ds/query` and alert evaluation both run through here.
 */
export async function runQueries(
  options: QueryServiceOptions,
  orgId: number,
  visible: ParsedQueryRequest['queries'],
  rangeOf: (index: number) => TimeRange,
): Promise<Array<[string, QueryResult | Frame[]]>> {
  const resolver = new DataSourceResolver(options.store, orgId);
  // Resolve every data source first, so an unknown one fails the request before anything runs.
  const targets = await Promise.all(
    visible.map((query) => (builtInSource(query.datasource) ? null : resolver.resolve(query.datasource, query.datasourceId, query.refId))),
  );
  // The SQL queries of this request share one byte budget, however many there are.
  const resultBudget = new ResultBudget();
  const runAll = () =>
    mapLimit(visible, QUERIES_IN_FLIGHT, async (query, index): Promise<[string, QueryResult | Frame[]]> => {
      const target = targets[index] ?? { type: builtInSource(query.datasource)!, jsonData: {} };
      const started = performance.now();
      let outcome: QueryOutcome = 'ok';
      try {
        if (!targets[index]) {
          throw new QueryError(
            target.type === '__expr__'
              ? 'server-side expressions (math, reduce, resample, classic conditions) are not supported yet; query the data sources directly'
              : `Grafana's built-in "${target.type}" data source is not supported; choose one of the organization's data sources`,
            400,
            'plugin',
          );
        }
        const runner = runners[target.type as DataSourceType];
        if (!runner) {
          const name = dataSourceTypes[target.type as DataSourceType] ?? target.type;
          throw new QueryError(`querying ${name} data sources is not supported yet`, 400, 'plugin');
        }
        const frames = await runner({
          query: query as typeof query & { refId: string },
          range: rangeOf(index),
          target: targets[index]!,
          timeoutMs: timeoutFor(target.jsonData),
          resultBudget,
        });
        return [query.refId, frames.map((frame) => ({ ...frame, refId: query.refId }))];
      } catch (error) {
        outcome = 'error';
        if (error instanceof QueryError) return [query.refId, failure(error, targets[index] ?? null)];
        // A bug, not the query's fault: logged here without the query's secrets, reported without internals.
        options.log?.error({ err: error, refId: query.refId, dataSourceType: target.type }, 'query failed');
        return [
          query.refId,
          { status: 500, error: 'Sightline failed to run this query (an internal error, logged on the server)', errorSource: 'plugin' },
        ];
      } finally {
        observer?.(target.type, outcome, (performance.now() - started) / 1000);
      }
    });
  // One outgoing slot per request that reaches a backend (TestData reaches none); a full policy
  // throws OutgoingBusyError, which the route answers with 429.
  const reachesOut = targets.some((target) => target !== null && target.type !== 'grafana-testdata-datasource');
  return reachesOut ? await withOutgoingSlot(runAll) : await runAll();
}

/** Answers up to this long are sent as one string; longer ones are streamed as they are written. */
const STREAM_ABOVE = 1024 * 1024;

/**
 * The answer as `QueryResponse` JSON text, in pieces, written here rather than by JSON.stringify
 * so the frames' pre-rendered columns go out as they are (see `frameJsonParts`). Each result is
 * let go once written.
 */
function* responseParts(results: Array<[string, QueryResult | Frame[]] | undefined>): Generator<string> {
  yield '{"results":{';
  for (let i = 0; i < results.length; i++) {
    const [refId, result] = results[i]!;
    results[i] = undefined;
    yield `${i > 0 ? ',' : ''}${JSON.stringify(refId)}:`;
    if (!Array.isArray(result)) {
      yield JSON.stringify(result);
      continue;
    }
    yield '{"status":200,"frames":[';
    for (const [n, frame] of result.entries()) {
      if (n > 0) yield ',';
      yield* frameJsonParts(frame);
    }
    yield ']}';
  }
  yield '}}';
}

/**
 * The answer's body: a string when it is short; otherwise a stream that writes it a piece at a
 * time, so a large answer (SQL results up to their byte limits) never exists as one string or
 * buffer beside the frames it is written from.
 */
function responseBody(results: Array<[string, QueryResult | Frame[]]>): string | Readable {
  const parts = responseParts(results);
  const head: string[] = [];
  let length = 0;
  for (let next = parts.next(); !next.done; next = parts.next()) {
    head.push(next.value);
    length += next.value.length;
    if (length > STREAM_ABOVE) {
      return Readable.from(
        (function* () {
          yield* head.splice(0);
          yield* parts;
        })(),
        { objectMode: false },
      );
    }
  }
  return head.join('');
}
