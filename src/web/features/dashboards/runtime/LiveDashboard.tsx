import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDataSourceList } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { LoadingRows } from '../../../components/States';
import { queryKeys } from '../../../api/keys';
import { useKioskMode } from '../../../lib/kiosk';
import type { Panel } from '../../../panels/layout';
import { PanelGrid } from '../PanelGrid';
import { EmptyDashboard } from '../editor/EmptyDashboard';
import { useLayoutEditor, type LayoutEditing } from '../editor/useEditorActions';
import { preloadRenderers } from '../../../panels/PanelRenderer';
import type { PanelAnnotation, TimeRangeMs } from '../../../panels/types';
import { AddAnnotationModal, annotationsForPanel, useDashboardAnnotations, type AnnotationDraft } from './annotations';
import { hasDataSourceAnnotations } from './annotationSources';
import { AnnotationToggles } from './AnnotationToggles';
import { DashboardLinks } from './DashboardLinks';
import { duplicateTitleNumbers } from './landmarkNames';
import { LivePanel } from './LivePanel';
import { timePickerSettings } from './timePickerSettings';
import { expandRepeats, scopeWithPanelVars } from './repeat';
import classes from './LiveDashboard.module.css';
import { ShortcutsHelp } from './ShortcutsHelp';
import { absolute, shiftRange, zoomOut } from './time';
import { TimeControls } from './TimeControls';
import { useDashboardShortcuts } from './useDashboardShortcuts';
import { useViewportFill } from './useViewportFill';
import type { InterpolationScope, VariableModel } from './types';
import { useDashboardState } from './useDashboardState';
import { useVariables } from './useVariables';
import { calculateInterval } from '../../../../contract/durations';
import { interpolate } from './interpolation';
import { builtinScope } from './intervals';
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
 * Its header is Grafana's: the title (the caller's `title`), time controls and `actions` on one
 * line, the variables on one row below; kiosk mode (`?kiosk`) hides both. Keyboard shortcuts as
 * Grafana's (`?` lists them).
 */
export function LiveDashboard({
  model,
  uid,
  canEdit,
  canAnnotate,
  onModelChange,
  title,
  actions,
  note,
  onOpenSettings,
  layout,
}: {
  model: Record<string, unknown>;
  uid: string;
  canEdit: boolean;
  canAnnotate: boolean;
  onModelChange(model: Record<string, unknown>): void;
  /** The dashboard's title block (h1, star), at the start of the time controls' line. */
  title?: ReactNode;
  /** Buttons after the time controls (Edit, Save, …). */
  actions?: ReactNode;
  /** A short note at the end of the variables row. */
  note?: ReactNode;
  /** Opens the dashboard settings (`d s`); absent for someone who cannot. */
  onOpenSettings?(): void;
  /** Layout editing (edit mode's Panels view), and the empty state's buttons; absent for someone who cannot save. */
  layout?: LayoutEditing;
}) {
  const state = useDashboardState(model);
  const timePicker = useMemo(() => timePickerSettings(model), [model]);
  const editor = useLayoutEditor(layout);
  const panelEditActions = editor.editing && canEdit ? editor.actions.panelActions : undefined;
  const [kiosk, setKiosk] = useKioskMode();
  const [helpOpen, setHelpOpen] = useState(false);
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
  const {
    annotations,
    toggles: annotationToggles,
    setEnabled: toggleAnnotations,
  } = useDashboardAnnotations({
    model,
    dashboardUid: uid,
    range: state.range,
    scope,
    dataSources: dataSources.data,
  });
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const [sharedPanelId, setSharedPanelId] = useState<number>();
  const fetching = useIsFetching({ queryKey: queryKeys.panelDataOf(uid) }) > 0;

  const panels = useMemo(() => expandRepeats((Array.isArray(model.panels) ? model.panels : []) as Panel[], scope), [model.panels, scope]);
  const ownIds = useMemo(() => savedPanelIds(model.panels), [model.panels]);
  // The renderers' chunks download while the first queries run, not after their answers.
  useEffect(() => preloadRenderers(panelTypes(panels)), [panels]);
  const viewed = state.viewPanel === undefined ? undefined : findPanel(panels, state.viewPanel);
  const sharedPanel = sharedPanelId === undefined ? undefined : findPanel(panels, sharedPanelId);

  const { setRange, setViewPanel, viewPanel, range } = state;
  useDashboardShortcuts(
    {
      openHelp: () => setHelpOpen(true),
      exit: () => {
        if (viewPanel !== undefined) setViewPanel(undefined);
        else if (kiosk) setKiosk(false);
        else return false;
        return true;
      },
      toggleViewPanel: (id) => setViewPanel(viewPanel === id ? undefined : id),
      // Grafana's URL for the inspect drawer of a panel.
      inspectPanel: (id) => state.setUrlParams({ inspect: String(id) }, { replace: false }),
      refresh: state.refreshNow,
      toggleKiosk: () => {
        if (!kiosk) notifications.show({ id: 'kiosk', message: 'Press Esc to leave kiosk mode' });
        setKiosk(!kiosk);
      },
      openSettings: onOpenSettings,
      zoomOut: () => setRange(zoomOut(range, Date.now())),
      shiftRange: (direction) => setRange(shiftRange(range, direction, Date.now())),
    },
    { viewedPanel: viewPanel },
  );
  const [measureViewed, viewedHeight] = useViewportFill(kiosk ? 8 : 16);
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

  // Regions of one name would be ambiguous landmarks: later panels of a repeated title get a number.
  const titleNumbers = useMemo(
    () =>
      duplicateTitleNumbers(panels, (panel) => {
        const own = (typeof panel.id === 'number' && perPanel.get(panel.id)?.scope) || scope;
        const text = typeof panel.title === 'string' ? interpolate(panel.title, own, { format: 'text' }) : '';
        return text || `Untitled panel ${panel.id}`;
      }),
    [panels, perPanel, scope],
  );

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
      titleNumber={typeof panel.id === 'number' ? titleNumbers.get(panel.id) : undefined}
      sharedCursor={timePicker.sharedCursor}
      canEdit={canEdit && typeof panel.id === 'number' && ownIds.has(panel.id)}
      onView={state.setViewPanel}
      inspectTab={state.inspectPanel !== undefined && state.inspectPanel === panel.id ? state.inspectTab : undefined}
      onInspect={state.setInspect}
      onInspectTab={state.setInspectTab}
      onShare={setSharedPanelId}
      onChangeTimeRange={onChangeTimeRange}
      onCreateAnnotation={onCreateAnnotation}
      onApplyPanelJson={onApplyPanelJson}
      editActions={typeof panel.id === 'number' && ownIds.has(panel.id) ? panelEditActions : undefined}
    />
  );
  const displayTitle = (text: string) => interpolate(text, scope, { format: 'text' });
  const emptyState = editor.addActions && <EmptyDashboard actions={editor.addActions} />;

  return (
    <Stack gap={8}>
      {!kiosk && (
        <div className={classes.toolbar}>
          <div className={classes.title}>{title}</div>
          <Group gap={8} wrap="wrap" justify="flex-end" className={classes.end}>
            {!timePicker.hidden && (
              <TimeControls
                weekStart={timePicker.weekStart}
                refreshIntervals={timePicker.refreshIntervals}
                raw={state.raw}
                range={state.range}
                timeZone={state.timeZone}
                refresh={state.refresh}
                refreshing={fetching}
                onRangeChange={state.setRange}
                onRefreshChange={state.setRefresh}
                onRefreshNow={state.refreshNow}
                savedTimeZone={state.savedTimeZone}
                onTimeZoneChange={state.setTimeZone}
              />
            )}
            {actions}
          </Group>
        </div>
      )}
      {!kiosk && (
        // Hidden by CSS when empty, so a dashboard without variables or links has no gap for them.
        <div className={classes.controls}>
          <VariablesBar variables={variables.variables} setValue={variables.setValue} />
          <AnnotationToggles toggles={annotationToggles} onToggle={toggleAnnotations} />
          {(hasLinks(model.links) || note) && (
            <div className={classes.end}>
              <DashboardLinks links={model.links} dashboardUid={uid} scope={scope} rawRange={state.raw} params={state.params} />
              {note}
            </div>
          )}
        </div>
      )}
      {dataSources.isError && (
        <Alert color="red" role="alert" title="Could not list the data sources">
          {errorMessage(dataSources.error)}
        </Alert>
      )}
      {state.viewPanel !== undefined ? (
        viewed ? (
          <Stack gap={4}>
            {!kiosk && (
              <Button variant="subtle" size="xs" w="fit-content" onClick={() => state.setViewPanel(undefined)}>
                Back to the dashboard
              </Button>
            )}
            {/* The viewed panel fills the window below the header, as Grafana's panel view. */}
            <div ref={measureViewed} style={{ height: viewedHeight, minHeight: 240 }}>
              {renderPanel(viewed, false, true)}
            </div>
          </Stack>
        ) : (
          <Alert color="yellow" title={`Panel ${state.viewPanel} is not on this dashboard`}>
            <Button variant="default" onClick={() => state.setViewPanel(undefined)}>
              Show the whole dashboard
            </Button>
          </Alert>
        )
      ) : layout && panelEditActions ? (
        <Suspense fallback={<LoadingRows label="Loading the layout editor" rows={4} />}>
          <EditablePanelGrid
            panels={panels}
            ownIds={ownIds}
            edits={layout.edits}
            renderPanel={renderPanel}
            displayTitle={displayTitle}
            variableNames={templating.map((v) => v.name)}
            onEditPanel={editor.actions.editPanel}
            empty={emptyState}
          />
        </Suspense>
      ) : panels.length === 0 && emptyState ? (
        emptyState
      ) : (
        <PanelGrid panels={panels} renderPanel={renderPanel} rowTitle={displayTitle} />
      )}
      {sharedPanel && (
        <Suspense fallback={null}>
          <ShareModal
            opened
            onClose={() => setSharedPanelId(undefined)}
            title={interpolate(String(sharedPanel.title ?? ''), scope, { format: 'text' }) || 'Untitled panel'}
            raw={state.raw}
            timeZone={state.timeZone}
            panelId={sharedPanelId}
          />
        </Suspense>
      )}
      <AddAnnotationModal draft={draft} dashboardUid={uid} timeZone={state.timeZone} onClose={() => setDraft(null)} />
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} canOpenSettings={onOpenSettings !== undefined} />
    </Stack>
  );
}

const EMPTY: never[] = [];

const ShareModal = lazy(() => import('../share/ShareModal'));
// Edit mode's grid (drag, resize, row options) is only downloaded by someone who edits.
const EditablePanelGrid = lazy(() => import('../editor/EditablePanelGrid'));
const hasLinks = (links: unknown) => Array.isArray(links) && links.length > 0;

function panelTypes(panels: Panel[]): string[] {
  return panels.flatMap((p) => (p.type === 'row' && Array.isArray(p.panels) ? panelTypes(p.panels) : [String(p.type ?? '')]));
}

/** Whether any panel has queries or any variable loads from a data source. */
function needsDataSources(model: Record<string, unknown>): boolean {
  const variables = (model.templating as { list?: unknown } | undefined)?.list;
  const loads = Array.isArray(variables) && variables.some((v: { type?: unknown }) => v?.type === 'query' || v?.type === 'datasource');
  const queries = (list: unknown): boolean =>
    Array.isArray(list) && list.some((p: Panel) => (Array.isArray(p?.targets) && p.targets.length > 0) || queries(p?.panels));
  return loads || queries(model.panels) || hasDataSourceAnnotations(model);
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
