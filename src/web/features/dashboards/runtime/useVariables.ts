import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { errorMessage } from '../../../api/errors';
import { useDataSourceList, type DataSourceSummary } from '../../../api/dataSources';
import { queryKeys } from '../../../api/keys';
import {
  ALL_VALUE,
  type InterpolationScope,
  type ResolvedTimeRange,
  type VariableModel,
  type VariableOption,
  type VariableState,
} from './types';
import { resolutionOrder } from './variableOrder';
import { dataSourceVariableOptions, loadVariableOptions, retryVariableOptions, variableDataSource } from './variableOptions';
import { calculateInterval } from '../../../../contract/durations';
import { interpolate, referencedVariables } from './interpolation';
import { builtinScope, resolveAutoInterval } from './intervals';
import { initialVariableState, variableQueryText, withOptions, withSelection } from './variables';

export interface UseVariablesInput {
  models: VariableModel[];
  range: ResolvedTimeRange;
  /** Changes when the time range changes: variables with `refresh: 2` load again. */
  rangeKey: string;
  dashboard: { uid?: string; title?: string };
  params: URLSearchParams;
  setUrlParams: (changes: Record<string, string | readonly string[] | undefined>, opts?: { replace?: boolean }) => void;
}

export interface UseVariablesResult {
  /** Every variable in dashboard order, as its control shows it. */
  variables: VariableState[];
  /** What queries and titles interpolate with (an interval variable on `auto` is resolved to the range here). */
  scope: Omit<InterpolationScope, 'builtins'> & { variables: Record<string, VariableState> };
  /** Selects `values` (`[ALL_VALUE]` for All) and records them in the URL as a new history entry. */
  setValue(name: string, values: string[]): void;
  /** False while a variable is still loading its first options: panels should wait. */
  ready: boolean;
  /** The variables still loading their first options: a panel that uses none of them need not wait. */
  unready: ReadonlySet<string>;
}

export const urlKey = (name: string) => `var-${name}`;

const latestKey = (name: string, dashboardUid: string | undefined) =>
  queryKeys.variableOptions({ name, dashboard: dashboardUid ?? null, latest: true });

interface OptionsRequest {
  model: VariableModel;
  key: ReturnType<typeof queryKeys.variableOptions>;
  scope: InterpolationScope;
  enabled: boolean;
  /** A variable this one's query uses that failed to load: asking would only fail again. */
  failedParent?: string;
}

// A variable's options are fetched once per key: the key changes with what the query asks.
const OPTIONS_STALE_TIME = Number.POSITIVE_INFINITY;

/**
 * The dashboard's variables: selections from the URL (`var-<name>`, repeated for multi values,
 * `$__all` for All), else the saved `current`; `query` options through React Query, keyed on the
 * interpolated query so a variable reloads when a variable it uses changes, and on the range for
 * `refresh: 2`. Each variable is resolved after the variables it uses, wherever they stand
 * (`resolutionOrder`); a cycle is an error on the variables in it.
 */
export function useVariables({ models, range, rangeKey, dashboard, params, setUrlParams }: UseVariablesInput): UseVariablesResult {
  const queryClient = useQueryClient();
  const dataSourceList = useDataSourceList();
  const dataSources: readonly DataSourceSummary[] = dataSourceList.data ?? [];

  const builtins = builtinScope({ range, intervalMs: calculateInterval(range, 1000).intervalMs, dashboard });
  const resolved = new Map<string, VariableState>();
  const requests: OptionsRequest[] = [];
  const scopeSoFar: InterpolationScope = { variables: {}, builtins };
  const { order, cycles } = resolutionOrder(models);

  for (const model of order) {
    let state = initialVariableState(model, params.getAll(urlKey(model.name)));
    const cycle = cycles.get(model.name);

    if (cycle) {
      state = { ...state, loading: false, error: `Circular dependency between variables: ${cycle.join(' → ')}` };
    } else if (model.type === 'datasource') {
      if (dataSourceList.isError) state = { ...state, loading: false, error: errorMessage(dataSourceList.error) };
      else if (dataSourceList.data) state = settle(state, () => dataSourceVariableOptions(model, scopeSoFar, dataSources));
    } else if (state.loading) {
      const request = optionsRequest(model, scopeSoFar, dataSources, rangeKey, dataSourceList.isSuccess);
      requests.push(request);
      const cached = queryClient.getQueryState<VariableOption[]>(request.key);
      if (cached?.data) {
        state = withOptions(state, cached.data);
      } else if (cached?.status === 'error') {
        state = { ...state, loading: false, error: errorMessage(cached.error) };
      } else if (dataSourceList.isError) {
        state = { ...state, loading: false, error: errorMessage(dataSourceList.error) };
      } else if (request.failedParent) {
        state = { ...state, loading: false, error: `Uses variable ${request.failedParent}, whose options could not be loaded.` };
      } else {
        const previous = queryClient.getQueryData<VariableOption[]>(latestKey(model.name, dashboard.uid));
        // Still loading, but with the options of before: usable, so it does not hold panels back.
        if (previous) state = { ...withOptions(state, previous), loading: true };
      }
    }
    resolved.set(model.name, state);
    scopeSoFar.variables[model.name] = resolveAutoInterval(state, model, range);
  }
  // Controls show in dashboard order, whatever order they were resolved in.
  const states = models.flatMap((model) => resolved.get(model?.name) ?? []);

  useQueries({
    queries: requests.map((request) => ({
      queryKey: request.key,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const options = await loadVariableOptions(request.model, { scope: request.scope, range, dataSources, signal });
        // Kept apart from the key that asked, to show while the next key loads (controls do not flicker empty).
        queryClient.setQueryData(latestKey(request.model.name, dashboard.uid), options);
        return options;
      },
      enabled: request.enabled,
      retry: retryVariableOptions,
      staleTime: OPTIONS_STALE_TIME,
      refetchOnWindowFocus: false,
    })),
  });

  // Same content, same objects: panels key their queries on the scope and must not re-run for nothing.
  const signature = JSON.stringify({ variables: states, scope: { variables: scopeSoFar.variables } });
  const stable = useMemo(() => JSON.parse(signature) as Pick<UseVariablesResult, 'variables' | 'scope'>, [signature]);

  const setValue = useCallback(
    (name: string, values: string[]) => {
      const state = stable.variables.find((v) => v.name === name);
      if (!state) return;
      let picked = values;
      // A multi-value control emptied falls back as Grafana's does: to All, else the first option.
      if (picked.length === 0 && state.type !== 'textbox') {
        const fallback = state.includeAll ? ALL_VALUE : state.options[0]?.value;
        picked = fallback === undefined ? [] : [fallback];
      }
      const next = withSelection(state, picked);
      setUrlParams({ [urlKey(name)]: next.value }, { replace: false });
    },
    [setUrlParams, stable],
  );

  // A variable still loading but showing earlier options is usable; one without any is not.
  const unreadyKey = stable.variables
    .filter((v) => v.loading && !v.options.some((o) => o.value !== ALL_VALUE))
    .map((v) => v.name)
    .join('\n');
  // The same set while the same variables wait, so panels re-render only when that changes.
  const unready = useMemo<ReadonlySet<string>>(() => new Set(unreadyKey ? unreadyKey.split('\n') : []), [unreadyKey]);
  const ready = unready.size === 0;

  // Grafana writes each selection into the URL as soon as it is known (replacing the entry, not
  // adding one), so a URL copied right after opening reproduces the view.
  useEffect(() => {
    const missing: Record<string, readonly string[]> = {};
    for (const variable of stable.variables) {
      if (variable.loading || variable.error || variable.type === 'constant') continue;
      if (models.find((model) => model.name === variable.name)?.skipUrlSync) continue;
      const inUrl = params.getAll(urlKey(variable.name));
      if (inUrl.length !== variable.value.length || inUrl.some((value, i) => value !== variable.value[i])) {
        missing[urlKey(variable.name)] = variable.value;
      }
    }
    // After this commit, not inside it: the URL setter flushes synchronously, which React refuses in an effect.
    if (Object.keys(missing).length > 0) queueMicrotask(() => setUrlParams(missing, { replace: true }));
  }, [stable, models, params, setUrlParams]);
  return { variables: stable.variables, scope: stable.scope, setValue, ready, unready };
}

function settle(state: VariableState, load: () => VariableOption[]): VariableState {
  try {
    return withOptions(state, load());
  } catch (error) {
    return { ...state, loading: false, error: errorMessage(error) };
  }
}

function optionsRequest(
  model: VariableModel,
  scopeSoFar: InterpolationScope,
  dataSources: readonly DataSourceSummary[],
  rangeKey: string,
  dataSourcesLoaded: boolean,
): OptionsRequest {
  // A snapshot: later variables must not leak into this one's query function.
  const scope: InterpolationScope = { variables: { ...scopeSoFar.variables }, builtins: scopeSoFar.builtins };
  const query = variableQueryText(model);
  const regex = model.regex ?? '';
  const referenceText = typeof model.datasource === 'string' ? model.datasource : JSON.stringify(model.datasource ?? null);
  const uses = [...referencedVariables(query), ...referencedVariables(regex), ...referencedVariables(referenceText)];
  const waitingFor = uses.filter((name) => scope.variables[name]?.loading === true);
  const failedParent = uses.find((name) => scope.variables[name]?.error !== undefined);
  const dataSource = dataSourcesLoaded ? variableDataSource(model, scope, dataSources) : undefined;
  const key = queryKeys.variableOptions({
    name: model.name,
    dataSource: dataSource?.uid ?? null,
    query: interpolate(query, scope, { format: 'raw' }),
    regex: interpolate(regex, scope, { format: 'regex' }),
    sort: model.sort ?? 0,
    ...(model.refresh === 2 ? { range: rangeKey } : {}),
  });
  return { model, key, scope, failedParent, enabled: dataSourcesLoaded && waitingFor.length === 0 && !failedParent };
}
