import { Alert, Button, Group, Stack } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDataSourceList } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/keys';
import type { Panel } from '../layout';
import { PanelGrid } from '../PanelGrid';
import { preloadRenderers } from '../panels/PanelRenderer';
import type { PanelAnnotation, TimeRangeMs } from '../panels/types';
import { AddAnnotationModal, annotationsForPanel, useDashboardAnnotations, type AnnotationDraft } from './annotations';
import { DashboardLinks } from './DashboardLinks';
import { LivePanel } from './LivePanel';
import { expandRepeats, scopeWithPanelVars } from './repeat';
import { absolute } from './time';
import { TimeControls } from './TimeControls';
import type { InterpolationScope, VariableModel } from './types';
import { useDashboardState } from './useDashboardState';
import { useVariables } from './useVariables';
import { builtinScope, calculateInterval, interpolate } from './variables';
import { VariablesBar } from './VariablesBar';

/** Replaces the panel with `next.id` wherever it sits (top level or inside a collapsed row). */
export function replacePanel(panels: unknown, next: Panel): unknown[] {
  const list = Array.isArray(panels) ? (panels as Panel[]) : [];
  return list.map((p) => {
    if (p && p.id === next.id) return next;
    if (p && p.type === 'row' && Array.isArray(p.panels)) return { ...p, panels: replacePanel(p.panels, next) };
    return p;
  });
}

/** Every panel id of the saved model, so that a repeated copy's menu edits nothing it does not own. */
function savedPanelIds(panels: unknown): Set<number> {
  const ids = new Set<number>();
  const visit = (list: unknown) => {
    for (const p of Array.isArray(list) ? (list as Panel[]) : []) {
      if (typeof p?.id === 'number') ids.add(p.id);
      if (p?.type === 'row') visit(p.panels);
    }
  };
  visit(panels);
  return ids;
}

/**
 * A dashboard as people watch it: time controls, variables, and every panel drawing its data,
 * with the dashboard's annotations on its graphs. Everything a person would bookmark is in the URL.
 */
export function LiveDashboard({
  model,
  uid,
  canEdit,
  canAnnotate,
  onModelChange,
}: {
  model: Record<string, unknown>;
  uid: string;
  canEdit: boolean;
  canAnnotate: boolean;
  onModelChange(model: Record<string, unknown>): void;
}) {
  const state = useDashboardState(model);
  // One object per range, so the memoised panels re-render only when it changes (the Explore link uses it).
  const rawRange = useMemo(() => ({ from: state.raw.from, to: state.raw.to }), [state.raw.from, state.raw.to]);
  // Only a dashboard that queries something needs the org's data sources.
  const dataSources = useDataSourceList(useMemo(() => needsDataSources(model), [model]));
  const templating = useMemo(() => {
    const list = (model.templating as { list?: unknown } | undefined)?.list;
    return (Array.isArray(list) ? list : []).filter(
      (v): v is VariableModel => typeof v === 'object' && v !== null && typeof (v as VariableModel).name === 'string',
    );
  }, [model.templating]);
  const dashboardInfo = useMemo(() => ({ uid, title: typeof model.title === 'string' ? model.title : '' }), [uid, model.title]);
  const variables = useVariables({
    models: templating,
    range: state.range,
    rangeKey: state.rangeKey,
    dashboard: dashboardInfo,
    params: state.params,
    setUrlParams: state.setUrlParams,
  });
  const scope: InterpolationScope = useMemo(
    () => ({
      variables: variables.scope.variables,
      // Dashboard-wide built-ins (titles, text panels); each panel's query gets its own interval.
      builtins: builtinScope({ range: state.range, intervalMs: calculateInterval(state.range, 1000).intervalMs, dashboard: dashboardInfo }),
    }),
    [variables.scope.variables, dashboardInfo, state.range],
  );
  const annotations = useDashboardAnnotations(model, uid, state.range);
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const fetching = useIsFetching({ queryKey: queryKeys.panelDataOf(uid) }) > 0;

  const panels = useMemo(() => expandRepeats((Array.isArray(model.panels) ? model.panels : []) as Panel[], scope), [model.panels, scope]);
  const ownIds = useMemo(() => savedPanelIds(model.panels), [model.panels]);
  // The renderers' chunks download while the first queries run, not after their answers.
  useEffect(() => preloadRenderers(panelTypes(panels)), [panels]);
  const viewed = state.viewPanel === undefined ? undefined : findPanel(panels, state.viewPanel);

  const { setRange } = state;
  const onChangeTimeRange = useCallback((range: TimeRangeMs) => setRange(absolute(range)), [setRange]);
  const onCreateAnnotation = useCallback((at: AnnotationDraft) => (canAnnotate ? setDraft(at) : undefined), [canAnnotate]);
  const onApplyPanelJson = useCallback(
    (next: Panel) => onModelChange({ ...model, panels: replacePanel(model.panels, next) }),
    [model, onModelChange],
  );

  // Per panel and stable between renders, so a panel redraws only when its own inputs change.
  const perPanel = useMemo(() => {
    const byId = new Map<number, { scope: InterpolationScope; annotations: PanelAnnotation[] }>();
    const visit = (list: Panel[]) => {
      for (const panel of list) {
        if (typeof panel.id === 'number')
          byId.set(panel.id, { scope: scopeWithPanelVars(scope, panel), annotations: annotationsForPanel(annotations, panel.id) });
        if (panel.type === 'row' && Array.isArray(panel.panels)) visit(panel.panels);
      }
    };
    visit(panels);
    return byId;
  }, [panels, scope, annotations]);

  const renderPanel = (panel: Panel, inRow: boolean, viewing = false) => (
    <LivePanel
      key={panel.id}
      panel={panel}
      dashboardUid={uid}
      scope={(typeof panel.id === 'number' && perPanel.get(panel.id)?.scope) || scope}
      range={state.range}
      rawRange={rawRange}
      timeZone={state.timeZone}
      dataSources={dataSources.data ?? EMPTY}
      annotations={(typeof panel.id === 'number' && perPanel.get(panel.id)?.annotations) || EMPTY}
      variablesReady={variables.ready && (dataSources.data !== undefined || !dataSources.isEnabled)}
      viewing={viewing}
      headingLevel={inRow ? 3 : 2}
      canEdit={canEdit && typeof panel.id === 'number' && ownIds.has(panel.id)}
      onView={state.setViewPanel}
      onChangeTimeRange={onChangeTimeRange}
      onCreateAnnotation={onCreateAnnotation}
      onApplyPanelJson={onApplyPanelJson}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <VariablesBar variables={variables.variables} setValue={variables.setValue} />
          <DashboardLinks links={model.links} dashboardUid={uid} scope={scope} rawRange={state.raw} params={state.params} />
        </Group>
        <TimeControls
          raw={state.raw}
          range={state.range}
          timeZone={state.timeZone}
          refresh={state.refresh}
          refreshing={fetching}
          onRangeChange={state.setRange}
          onRefreshChange={state.setRefresh}
          onRefreshNow={state.refreshNow}
        />
      </Group>
      {dataSources.isError && (
        <Alert color="red" role="alert" title="Could not list the data sources">
          {errorMessage(dataSources.error)}
        </Alert>
      )}
      {state.viewPanel !== undefined ? (
        viewed ? (
          <Stack gap="xs">
            <Button variant="subtle" w="fit-content" onClick={() => state.setViewPanel(undefined)}>
              Back to the dashboard
            </Button>
            <div style={{ height: 'calc(100vh - 260px)', minHeight: 320 }}>{renderPanel(viewed, false, true)}</div>
          </Stack>
        ) : (
          <Alert color="yellow" title={`Panel ${state.viewPanel} is not on this dashboard`}>
            <Button variant="default" onClick={() => state.setViewPanel(undefined)}>
              Show the whole dashboard
            </Button>
          </Alert>
        )
      ) : (
        <PanelGrid panels={panels} renderPanel={renderPanel} rowTitle={(title) => interpolate(title, scope)} />
      )}
      <AddAnnotationModal draft={draft} dashboardUid={uid} timeZone={state.timeZone} onClose={() => setDraft(null)} />
    </Stack>
  );
}

const EMPTY: never[] = [];

function panelTypes(panels: Panel[]): string[] {
  return panels.flatMap((p) => (p.type === 'row' && Array.isArray(p.panels) ? panelTypes(p.panels) : [String(p.type ?? '')]));
}

/** Whether any panel has queries or any variable loads from a data source. */
function needsDataSources(model: Record<string, unknown>): boolean {
  const variables = (model.templating as { list?: unknown } | undefined)?.list;
  const loads = Array.isArray(variables) && variables.some((v: { type?: unknown }) => v?.type === 'query' || v?.type === 'datasource');
  const queries = (list: unknown): boolean =>
    Array.isArray(list) && list.some((p: Panel) => (Array.isArray(p?.targets) && p.targets.length > 0) || queries(p?.panels));
  return loads || queries(model.panels);
}

function findPanel(panels: Panel[], id: number): Panel | undefined {
  for (const panel of panels) {
    if (panel.id === id && panel.type !== 'row') return panel;
    if (panel.type === 'row' && Array.isArray(panel.panels)) {
      const inside = findPanel(panel.panels, id);
      if (inside) return inside;
    }
  }
  return undefined;
}
