import { Alert, Button, Group, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDataSourceList } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { LoadingRows } from '../../../components/States';
import { useKioskMode } from '../../../lib/kiosk';
import { lazyComponent } from '../../../lib/lazyComponent';
import type { Panel } from '../../../panels/layout';
import { PanelGrid } from '../PanelGrid';
import { EmptyDashboard } from '../editor/EmptyDashboard';
import { useLayoutEditor, type LayoutEditing, type PanelEditActions } from '../editor/useEditorActions';
import type { TimeRangeMs } from '../../../panels/types';
import { AddAnnotationModal, useDashboardAnnotations, type AnnotationDraft } from './annotations';
import { AnnotationToggles } from './AnnotationToggles';
import { DashboardLinks } from './DashboardLinks';
import { DashboardTimeControls } from './DashboardTimeControls';
import { findPanel, needsDataSources, replacePanel } from './dashboardPanels';
import { LivePanel } from './LivePanel';
import { panelVariablesReady } from './panelVariables';
import { timePickerSettings } from './timePickerSettings';
import classes from './LiveDashboard.module.css';
import { ShortcutsHelp } from './ShortcutsHelp';
import { absolute } from './time';
import { useDashboardPanels } from './useDashboardPanels';
import { useResolvedPanels } from './useLibraryPanels';
import { useDashboardScope } from './useDashboardScope';
import { useLiveDashboardShortcuts } from './useLiveDashboardShortcuts';
import { useViewportFill } from './useViewportFill';
import { panelInspection, useDashboardState } from './useDashboardState';
import { interpolate } from './interpolation';
import { scopeWithPanelVars } from './repeat';
import { VariablesBar } from './VariablesBar';

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
  const timePicker = useMemo(() => timePickerSettings(model, state.preferredWeekStart), [model, state.preferredWeekStart]);
  const editor = useLayoutEditor(layout);
  const panelEditActions = editor.editing && canEdit ? editor.actions.panelActions : undefined;
  const [kiosk, setKiosk] = useKioskMode();
  const [helpOpen, setHelpOpen] = useState(false);
  // One object per range, so the memoised panels re-render only when it changes (the Explore link uses it).
  const rawRange = useMemo(() => ({ from: state.raw.from, to: state.raw.to }), [state.raw.from, state.raw.to]);
  // Only a dashboard that queries something needs the org's data sources.
  const dataSources = useDataSourceList(useMemo(() => needsDataSources(model), [model]));
  const { templating, variables, scope } = useDashboardScope(model, uid, state);
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

  // Library panels draw their element's model (a missing one, a message saying so).
  const savedPanels = useResolvedPanels(model.panels);
  const { panels, ownIds, perPanel, titleNumbers } = useDashboardPanels(savedPanels, scope, annotations);
  const viewed = state.viewPanel === undefined ? undefined : findPanel(panels, state.viewPanel);
  const sharedPanel = sharedPanelId === undefined ? undefined : findPanel(panels, sharedPanelId);

  useLiveDashboardShortcuts(state, { kiosk, setKiosk, openHelp: () => setHelpOpen(true), openSettings: onOpenSettings });
  const [measureViewed, viewedHeight] = useViewportFill(kiosk ? 8 : 16);
  const { setRange } = state;
  const onChangeTimeRange = useCallback((range: TimeRangeMs) => setRange(absolute(range)), [setRange]);
  const onCreateAnnotation = useCallback((at: AnnotationDraft) => (canAnnotate ? setDraft(at) : undefined), [canAnnotate]);
  const onApplyPanelJson = useCallback(
    (next: Panel) => onModelChange({ ...model, panels: replacePanel(model.panels, next) }),
    [model, onModelChange],
  );

  // In view mode, someone who may edit is offered edit mode where a panel is read-only (the
  // inspector's JSON). Stable, so the memoised panels do not re-render for it.
  const offerEditMode = !canEdit && layout !== undefined && !layout.editing;
  const latestLayout = useRef(layout);
  useEffect(() => {
    latestLayout.current = layout;
  });
  const enterEditMode = useCallback(() => latestLayout.current?.onEnterEdit(), []);
  // In view mode, to someone who may edit, the panel menu's Edit, Duplicate and Remove enter edit
  // mode first, as Grafana's: Edit opens the panel's editor there.
  const { panelActions } = editor.actions;
  const viewModePanelActions = useMemo<PanelEditActions | undefined>(() => {
    if (!offerEditMode) return undefined;
    const entering =
      (run: (panelId: number) => void) =>
      (panelId: number): void => {
        latestLayout.current?.onEnterEdit();
        run(panelId);
      };
    return {
      editHref: panelActions.editHref,
      duplicate: entering(panelActions.duplicate),
      copy: panelActions.copy,
      remove: entering(panelActions.remove),
    };
  }, [offerEditMode, panelActions]);

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
      // Waits only for the variables it uses: one that is slow or failing holds back no other panel.
      variablesReady={panelVariablesReady(panel, variables.unready) && (dataSources.data !== undefined || !dataSources.isEnabled)}
      viewing={viewing}
      headingLevel={inRow ? 3 : 2}
      titleNumber={typeof panel.id === 'number' ? titleNumbers.get(panel.id) : undefined}
      sharedCursor={timePicker.sharedCursor}
      canEdit={canEdit && typeof panel.id === 'number' && ownIds.has(panel.id)}
      onView={state.setViewPanel}
      {...panelInspection(state, panel.id)}
      onShare={setSharedPanelId}
      onChangeTimeRange={onChangeTimeRange}
      onCreateAnnotation={onCreateAnnotation}
      onApplyPanelJson={onApplyPanelJson}
      onEnterEdit={offerEditMode ? enterEditMode : undefined}
      editActions={typeof panel.id === 'number' && ownIds.has(panel.id) ? (panelEditActions ?? viewModePanelActions) : undefined}
    />
  );
  // A repeated row's copy names its own value ("Row prod"), as its panels do.
  const displayTitle = (text: string, panel?: Panel) =>
    interpolate(text, panel ? scopeWithPanelVars(scope, panel) : scope, { format: 'text' });
  const emptyState = editor.addActions && <EmptyDashboard actions={editor.addActions} />;

  return (
    <Stack gap={8}>
      {!kiosk && (
        <div className={classes.toolbar}>
          <div className={classes.title}>{title}</div>
          <Group gap={8} wrap="wrap" justify="flex-end" className={classes.end}>
            {!timePicker.hidden && (
              <DashboardTimeControls uid={uid} state={state} timePicker={timePicker} onRefreshNow={state.refreshNow} />
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
      ) : panels.length === 0 && emptyState ? (
        emptyState
      ) : (
        <PanelGrid panels={panels} renderPanel={renderPanel} rowTitle={displayTitle} />
      )}
      {sharedPanel && (
        <ShareModal
          opened
          onClose={() => setSharedPanelId(undefined)}
          title={interpolate(String(sharedPanel.title ?? ''), scope, { format: 'text' }) || 'Untitled panel'}
          raw={state.raw}
          timeZone={state.timeZone}
          panelId={sharedPanelId}
        />
      )}
      <AddAnnotationModal draft={draft} dashboardUid={uid} timeZone={state.timeZone} onClose={() => setDraft(null)} />
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} canOpenSettings={onOpenSettings !== undefined} />
    </Stack>
  );
}

const EMPTY: never[] = [];

const ShareModal = lazyComponent(() => import('../share/ShareModal'));
// Edit mode's grid (drag, resize, row options) is only downloaded by someone who edits.
const EditablePanelGrid = lazyComponent(
  () => import('../editor/EditablePanelGrid'),
  <LoadingRows label="Loading the layout editor" rows={4} />,
);
const hasLinks = (links: unknown) => Array.isArray(links) && links.length > 0;
