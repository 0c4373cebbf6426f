import { useMemo } from 'react';
import { calculateInterval } from '../../../../contract/durations';
import type { InterpolationScope, VariableModel } from './types';
import type { DashboardState } from './useDashboardState';
import { useVariables } from './useVariables';
import { builtinScope } from './intervals';

/**
 * The dashboard's variables, their values kept in the URL, and the scope its titles and queries
 * are interpolated in. Each value is kept between renders while what it reads stays the same,
 * so the memoised panels and controls given them draw again only when it changes.
 */
export function useDashboardScope(model: Record<string, unknown>, uid: string, state: DashboardState) {
  const templating = useMemo(() => {
    const list = (model.templating as { list?: unknown } | undefined)?.list;
    return (Array.isArray(list) ? list : []).filter(
      (v): v is VariableModel => typeof v === 'object' && v !== null && typeof (v as VariableModel).name === 'string',
    );
  }, [model.templating]);
  const dashboard = useMemo(() => ({ uid, title: typeof model.title === 'string' ? model.title : '' }), [uid, model.title]);
  const variables = useVariables({
    models: templating,
    range: state.range,
    rangeKey: state.rangeKey,
    dashboard,
    params: state.params,
    setUrlParams: state.setUrlParams,
  });
  const scope: InterpolationScope = useMemo(
    () => ({
      variables: variables.scope.variables,
      // Dashboard-wide built-ins (titles, text panels); each panel's query gets its own interval.
      builtins: builtinScope({ range: state.range, intervalMs: calculateInterval(state.range, 1000).intervalMs, dashboard }),
    }),
    [variables.scope.variables, dashboard, state.range],
  );
  return { templating, variables, scope };
}
