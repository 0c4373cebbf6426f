import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { resolveDataSource, useDataSourceList, type DataSourceSummary } from '../../../api/dataSources';
import { queryKeys } from '../../../api/keys';
import { useSession } from '../../../app/useSession';
import { buildPanelRequest, usePanelData } from '../runtime/queries';
import { isRelative, refreshMs, resolveRange } from '../runtime/time';
import type { InterpolationScope, RawTimeRange, ResolvedTimeRange } from '../runtime/types';
import {
  EXPLORE_DEFAULT_RANGE,
  exploreSearch,
  MIXED_DATASOURCE,
  newPaneId,
  nextRefId,
  parseExploreUrl,
  type ExplorePane,
  type ExploreQuery,
} from './exploreUrl';
import { defaultQuery, isRunnable, queryKindOf } from '../../../queryEditors/queryKinds';

/** Explore's answers share the panel data cache under this name, which no dashboard uid can take (uids have no spaces). */
export const EXPLORE_CACHE_NAME = '-- Explore --';
const NO_VARIABLES: InterpolationScope = { variables: {}, builtins: {} };
const EMPTY: DataSourceSummary[] = [];
const WIDTH_STEP_PX = 100;

const refOf = (ds: DataSourceSummary) => ({ type: ds.type, uid: ds.uid });

/** The data source a query runs against: its own reference, else the pane's. */
export function dataSourceOfQuery(query: ExploreQuery, pane: DataSourceSummary | undefined, list: readonly DataSourceSummary[]) {
  return (query.datasource?.uid ? resolveDataSource(query.datasource, list) : undefined) ?? pane;
}

/**
 * The pane's data source: the one its URL names (uid, or name in older links), else its first
 * query's, else the org's default, else the first Explore can query.
 */
function paneDataSource(pane: ExplorePane | undefined, list: readonly DataSourceSummary[]): DataSourceSummary | undefined {
  if (!pane) return undefined;
  if (pane.datasource) return resolveDataSource(pane.datasource, list);
  const fromQuery = pane.queries.find((q) => q.datasource?.uid)?.datasource;
  return (
    (fromQuery ? resolveDataSource(fromQuery, list) : undefined) ??
    resolveDataSource(null, list) ??
    list.find((ds) => queryKindOf(ds.type) !== 'unsupported')
  );
}

/**
 * The queries as Explore edits them: at least one, each carrying its data source (the pane's, or
 * in a mixed pane its own, the default for one that names none).
 */
function normaliseQueries(
  queries: readonly ExploreQuery[],
  pane: DataSourceSummary | undefined,
  mixed: boolean,
  list: readonly DataSourceSummary[],
): ExploreQuery[] {
  if (!mixed && !pane) return [...queries];
  if (queries.length === 0) {
    const first = pane ?? resolveDataSource(null, list) ?? list[0];
    return first ? [defaultQuery('A', refOf(first))] : [];
  }
  return queries.map((query) => {
    const own = mixed ? (dataSourceOfQuery(query, undefined, list) ?? resolveDataSource(null, list)) : pane;
    return own ? { ...query, datasource: refOf(own) } : query;
  });
}

/** The server's error for each refId of an `/api/ds/query` answer (its `results`), when it has one. */
export function errorsByRefId(response: unknown): Record<string, string> {
  const results = (response as { results?: unknown } | undefined)?.results;
  const errors: Record<string, string> = {};
  if (!results || typeof results !== 'object') return errors;
  for (const [refId, result] of Object.entries(results as Record<string, unknown>)) {
    const error = (result as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error) errors[refId] = error;
  }
  return errors;
}

/**
 * Explore's state: what the URL says was run (data source, queries, range), the queries being
 * edited, and the answer. Running writes the edited queries to the URL (a new history entry, so
 * Back returns to the previous query); the URL alone decides what is asked, so a reload asks the same.
 */
export function useExplore(resultsWidth: number) {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useDataSourceList();
  const dataSources = list.data ?? EMPTY;
  const queryable = useMemo(() => dataSources.filter((ds) => queryKindOf(ds.type) !== 'unsupported'), [dataSources]);
  const url = useMemo(() => parseExploreUrl(params), [params]);
  const [fallbackPaneId] = useState(newPaneId);
  const paneId = url?.paneId ?? fallbackPaneId;
  const orgId = session?.orgId;

  const mixed = url?.pane.datasource === MIXED_DATASOURCE;
  const dataSource = mixed ? undefined : paneDataSource(url?.pane, dataSources);
  /** The pane names a data source this org does not have. */
  const missingDataSource = list.data && url?.pane.datasource && !mixed && !dataSource ? url.pane.datasource : undefined;
  const raw: RawTimeRange = url?.pane.range ?? EXPLORE_DEFAULT_RANGE;

  const committed = useMemo(
    () => normaliseQueries(url?.pane.queries ?? [], dataSource, mixed, dataSources),
    [url, dataSource, mixed, dataSources],
  );
  const committedKey = JSON.stringify(committed);

  // Edits are kept against the committed queries they started from: when the URL changes (Back, a
  // new link, a run) they give way to what it says.
  const [edits, setEdits] = useState<{ source: string; queries: ExploreQuery[] } | null>(null);
  const draft = edits && edits.source === committedKey ? edits.queries : committed;
  const editQueries = useCallback(
    (update: (queries: ExploreQuery[]) => ExploreQuery[]) =>
      setEdits((previous) => ({
        source: committedKey,
        queries: update(previous && previous.source === committedKey ? previous.queries : committed),
      })),
    [committed, committedKey],
  );

  // A person's write (run, data source, range) is rendered at once rather than as a transition:
  // otherwise the address moves ahead of the page, and what is typed in between is typed into
  // the old state and then dropped when the new one renders.
  const write = useCallback(
    (pane: ExplorePane, { replace = false, fromEffect = false }: { replace?: boolean; fromEffect?: boolean } = {}) =>
      setParams(new URLSearchParams(exploreSearch({ paneId, pane }, orgId)), { replace, flushSync: !fromEffect }),
    [setParams, paneId, orgId],
  );
  const paneValue = mixed ? MIXED_DATASOURCE : (dataSource?.uid ?? url?.pane.datasource ?? null);

  // A bare /explore opens on the org's default data source with an empty query, written to the URL
  // at once (as Grafana does), so the address can be copied from the first moment.
  useEffect(() => {
    if (url || !list.data) return;
    const first = resolveDataSource(null, queryable) ?? queryable[0];
    write(
      { datasource: first?.uid ?? null, queries: first ? [defaultQuery('A', refOf(first))] : [], range: EXPLORE_DEFAULT_RANGE },
      { replace: true, fromEffect: true },
    );
  }, [url, list.data, queryable, write]);

  // Relative ranges are resolved again on every run and refresh tick.
  const [tick, setTick] = useState(0);
  const range: ResolvedTimeRange = useMemo(
    // eslint-disable-next-line react-hooks/purity -- resolving against the clock is the point
    () => resolveRange(raw, Date.now()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tick` re-resolves the same bounds
    [raw.from, raw.to, tick],
  );
  const [refresh, setRefresh] = useState('');
  const refreshInterval = isRelative(raw) ? refreshMs(refresh) : undefined;
  useEffect(() => {
    if (!refreshInterval) return;
    const timer = setInterval(() => setTick((t) => t + 1), refreshInterval);
    return () => clearInterval(timer);
  }, [refreshInterval]);

  const runnable = useMemo(
    () => committed.filter((q) => isRunnable(q, queryKindOf(dataSourceOfQuery(q, dataSource, dataSources)?.type))),
    [committed, dataSource, dataSources],
  );
  const widthPx = Math.max(WIDTH_STEP_PX, Math.ceil(resultsWidth / WIDTH_STEP_PX) * WIDTH_STEP_PX);
  const request = useMemo(
    () =>
      buildPanelRequest({
        panel: { type: 'timeseries', datasource: mixed ? MIXED_DATASOURCE : dataSource && refOf(dataSource), targets: runnable },
        scope: NO_VARIABLES,
        range,
        dataSources,
        widthPx,
      }),
    [mixed, dataSource, runnable, range, dataSources, widthPx],
  );
  const data = usePanelData({
    dashboardUid: EXPLORE_CACHE_NAME,
    panelId: 0,
    request,
    enabled: resultsWidth > 0 && list.data !== undefined,
  });

  /** Asks again for what the URL says: a relative range moves to now; an absolute one is fetched anew. */
  const refreshNow = useCallback(() => {
    if (isRelative(raw)) setTick((t) => t + 1);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.panelDataOf(EXPLORE_CACHE_NAME) });
  }, [raw, queryClient]);

  /** Runs the edited queries (Run query, Shift+Enter): written to the URL, or asked again when they are what it says. */
  const run = useCallback(() => {
    if (JSON.stringify(draft) === committedKey) refreshNow();
    else write({ datasource: paneValue, queries: draft, range: raw });
  }, [draft, committedKey, refreshNow, write, paneValue, raw]);

  const setRange = useCallback(
    (next: RawTimeRange) => write({ datasource: paneValue, queries: draft, range: next }),
    [write, paneValue, draft],
  );

  /**
   * Another data source for the pane. Queries of the same language keep their text (Grafana
   * imports them); otherwise the pane starts again with that type's empty query. Mixed keeps each
   * query on the data source it has.
   */
  const changeDataSource = useCallback(
    (uid: string) => {
      if (uid === MIXED_DATASOURCE) {
        write({ datasource: MIXED_DATASOURCE, queries: draft, range: raw });
        return;
      }
      const next = dataSources.find((ds) => ds.uid === uid);
      if (!next) return;
      const sameLanguage =
        !mixed &&
        queryKindOf(next.type) === queryKindOf(dataSource?.type) &&
        draft.every((q) => queryKindOf(dataSourceOfQuery(q, dataSource, dataSources)?.type) === queryKindOf(next.type));
      const queries = sameLanguage ? draft.map((q) => ({ ...q, datasource: refOf(next) })) : [defaultQuery('A', refOf(next))];
      write({ datasource: next.uid, queries, range: raw });
    },
    [write, draft, raw, dataSources, mixed, dataSource],
  );

  const addQuery = useCallback(
    () =>
      editQueries((queries) => {
        const last = queries.at(-1);
        const on = (last && dataSourceOfQuery(last, dataSource, dataSources)) ?? dataSource ?? queryable[0];
        return on ? [...queries, defaultQuery(nextRefId(queries), refOf(on))] : queries;
      }),
    [editQueries, dataSource, dataSources, queryable],
  );

  return {
    dataSources,
    /** The data sources Explore can query (the picker's choices). */
    queryable,
    dataSourcesLoading: list.isPending,
    dataSourcesError: list.error,
    ready: url !== undefined,
    mixed,
    dataSource,
    missingDataSource,
    raw,
    range,
    refresh,
    setRefresh,
    draft,
    editQueries,
    addQuery,
    committed,
    runnable,
    request,
    data,
    errors: errorsByRefId(data.data?.response),
    run,
    refreshNow,
    setRange,
    changeDataSource,
  };
}
