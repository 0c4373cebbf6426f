import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconDeviceFloppy, IconTrashX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { resolveDataSource, useDataSourceList } from '../../../../api/dataSources';
import { errorMessage } from '../../../../api/errors';
import { lazyComponent } from '../../../../lib/lazyComponent';
import { useAfterFirstPaint } from '../../../../lib/useAfterFirstPaint';
import { PickersBuiltWhenOpened } from '../../../../components/PickersBuiltWhenOpened';
import { LoadingRows } from '../../../../components/States';
import { queryKeys } from '../../../../api/keys';
import type { Panel } from '../../../../panels/layout';
import { panelPlugin } from '../../../../panels/registry';
import { OptionsPane } from '../../../../panels/options/OptionsPane';
import { useDashboardState } from '../../runtime/useDashboardState';
import { findPanel } from '../dashboardEdits';
import type { DashboardEdits } from '../useDashboardEdits';
import classes from './PanelEditor.module.css';
import { LibraryPanelActions } from './LibraryPanelActions';
import { PanelPreview } from './PanelPreview';
import { QueriesTab } from './QueriesTab';
import { TransformationsTab } from './TransformationsTab';
import { usePanelResults } from './usePanelResults';
import { useRunTargets } from './useRunTargets';
import { VisualizationPicker } from './VisualizationPicker';

const PanelJsonTab = lazyComponent(() => import('./PanelJsonTab'), <Text size="sm">Loading the editor…</Text>);

type EditorTab = 'queries' | 'transform' | 'json';
const TABS: EditorTab[] = ['queries', 'transform', 'json'];

export interface PanelEditorProps {
  edits: DashboardEdits;
  meta: { canSave: boolean; folderUid?: string };
  uid: string;
  panelId: number;
  dashboardTitle: string;
  unsaved: boolean;
  saveBlocked: boolean;
  onSave(): void;
  /** Back to the dashboard (in edit mode); what was changed stays in the dashboard. */
  onClose(): void;
}

let sessions = 0;

/**
 * Grafana's panel editor: the panel drawn live at the top left, its queries and transformations
 * below, its visualization and options on the right. It edits the dashboard's one model through
 * `panel/update`; Discard rewinds that model's history to where it stood on opening.
 */
export function PanelEditor(props: PanelEditorProps) {
  const { edits, panelId } = props;
  const panel = Number.isFinite(panelId) ? findPanel(edits.model, panelId) : undefined;
  if (!panel || panel.type === 'row') {
    return (
      <Stack>
        <Text component="h1" size="xl" fw={700}>
          Edit panel
        </Text>
        <Alert
          color="red"
          role="alert"
          title={`Panel ${Number.isFinite(panelId) ? panelId : ''} is not on this dashboard`.replace('  ', ' ')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {panel ? 'A row has no panel editor: rename or move it on the dashboard.' : 'It may have been removed, or the link is wrong.'}
            </Text>
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={props.onClose}>
              Back to dashboard
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <PanelEditorBody {...props} panel={panel} />;
}

function PanelEditorBody({
  edits,
  meta,
  uid,
  panelId,
  panel,
  dashboardTitle,
  unsaved,
  saveBlocked,
  onSave,
  onClose,
}: PanelEditorProps & { panel: Panel }) {
  // Where the history stood on opening: Discard goes back there. Every field's edits coalesce under
  // this session's own key, so the first one never merges into an edit made before opening.
  const [openedAt] = useState(() => edits.depth);
  const [session] = useState(() => ++sessions);
  const state = useDashboardState(edits.model);
  // Panels that draw no query's answer (text, dashboard list, annotation list) have no queries or
  // transformations to edit: as in Grafana, they get no data tabs.
  const withoutQueries = panelPlugin(panel.type)?.withoutQueries === true;
  const asked: EditorTab = TABS.find((t) => t === state.params.get('tab')) ?? 'queries';
  const tab: EditorTab = withoutQueries ? 'json' : asked;
  const dataSources = useDataSourceList();
  const list = dataSources.data ?? NONE;
  const resolve = useCallback((ref: unknown) => resolveDataSource(ref, list), [list]);
  const results = usePanelResults(uid, panelId);
  const client = useQueryClient();
  const { edit, control } = edits;
  const isLibraryPanel = (panel as { libraryPanel?: unknown }).libraryPanel !== undefined;

  const update = useCallback(
    (next: Panel, coalesce?: string) =>
      edit({
        type: 'panel/update',
        panelId,
        panel: { ...next, id: panelId },
        coalesce: coalesce ? `panel-editor-${session}:${coalesce}` : undefined,
      }),
    [edit, panelId, session],
  );
  const latestPanel = useRef(panel);
  useEffect(() => {
    latestPanel.current = panel;
  });
  const latest = useCallback(() => latestPanel.current, []);
  const { previewPanel, runNow } = useRunTargets(panel, resolve);
  // Stable while the queries are: the Queries tab and the time controls then skip a title's keys.
  const { refreshNow, setInspect } = state;
  const refresh = useCallback(() => {
    runNow();
    refreshNow();
    void client.invalidateQueries({ queryKey: [...queryKeys.panelDataOf(uid), panelId] });
  }, [runNow, refreshNow, client, uid, panelId]);
  const inspectQuery = useCallback(() => setInspect(panelId, 'query'), [setInspect, panelId]);

  // Stable callbacks: the preview is a memo that should draw again only when what it shows changes.
  const applyPanelJson = useCallback((next: Panel) => update(next), [update]);
  const { setUrlParams } = state;
  const viewPanel = useCallback(
    () => setUrlParams({ editPanel: undefined, tab: undefined, viewPanel: String(panelId) }, { replace: false }),
    [setUrlParams, panelId],
  );

  // The same list while the variables are unchanged: the options pane draws its rows again when it changes.
  const templating = edits.model.templating;
  const variables = useMemo(() => variableNames({ templating }), [templating]);

  const discard = () => {
    control({ type: 'history/rewind', toLength: openedAt });
    onClose();
  };

  // Escape leaves the editor, keeping the changes (Grafana's), unless it is closing something first.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"], [role="menu"]')) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // The options pane (some fifty inputs: 40% of the editor's first render) draws in the task after
  // the editor's first paint, so the heading, the preview and the queries show without waiting for it.
  const optionsShown = useAfterFirstPaint();

  const title = typeof panel.title === 'string' && panel.title.trim() ? panel.title : `Untitled panel ${panelId}`;
  const queryCount = Array.isArray(panel.targets) ? panel.targets.length : 0;
  const transformCount = Array.isArray(panel.transformations) ? panel.transformations.length : 0;

  return (
    <div className={classes.editor}>
      <div className={classes.toolbar}>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" truncate>
            {dashboardTitle}
          </Text>
          <Text component="h1" fw={700} m={0} truncate style={{ fontSize: 'var(--mantine-h4-font-size)' }}>
            Edit panel: {title}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          {!isLibraryPanel && <LibraryPanelActions panel={panel} folderUid={meta.folderUid ?? ''} onChange={update} />}
          <Button variant="default" size="xs" color="red" leftSection={<IconTrashX size={16} aria-hidden />} onClick={discard}>
            Discard
          </Button>
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClose}>
            Back to dashboard
          </Button>
          {/* As Grafana's toolbar: a library panel is saved by "Save library panel", not with the dashboard. */}
          {meta.canSave && !isLibraryPanel && (
            <Button size="xs" leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={onSave} disabled={!unsaved || saveBlocked}>
              {unsaved ? 'Save dashboard' : 'Saved'}
            </Button>
          )}
        </Group>
      </div>
      {isLibraryPanel && <LibraryPanelActions panel={panel} folderUid={meta.folderUid ?? ''} onChange={update} onSaved={onClose} />}
      <div className={classes.body}>
        <div className={classes.main}>
          <div className={classes.preview}>
            <PanelPreview
              panel={previewPanel}
              model={edits.model}
              uid={uid}
              state={state}
              dataSources={list}
              dataSourcesReady={dataSources.data !== undefined}
              onRefresh={refresh}
              onApplyPanelJson={applyPanelJson}
              onView={viewPanel}
            />
          </div>
          {dataSources.isError && (
            <Alert color="red" role="alert" title="Could not list the data sources">
              {errorMessage(dataSources.error)}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(value) => state.setUrlParams({ tab: value === 'queries' ? undefined : (value ?? undefined) })}
            keepMounted={false}
          >
            <Tabs.List>
              {!withoutQueries && <Tabs.Tab value="queries">Queries ({queryCount})</Tabs.Tab>}
              {!withoutQueries && <Tabs.Tab value="transform">Transformations ({transformCount})</Tabs.Tab>}
              <Tabs.Tab value="json">Panel JSON</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="queries" pt="sm">
              <QueriesTab
                panel={panel}
                dataSources={list}
                dataSourcesLoading={dataSources.isPending}
                resolve={resolve}
                errors={results.errors}
                onChange={update}
                onRun={refresh}
                onInspect={inspectQuery}
                latest={latest}
              />
            </Tabs.Panel>
            <Tabs.Panel value="transform" pt="sm">
              <TransformationsTab panel={panel} frames={results.frames} onChange={update} latest={latest} />
            </Tabs.Panel>
            <Tabs.Panel value="json" pt="sm">
              <PanelJsonTab panel={panel} onChange={update} />
            </Tabs.Panel>
          </Tabs>
        </div>
        <aside className={classes.options} aria-label="Panel options">
          {optionsShown ? (
            // The unit picker alone offers some 150 units: each picker builds its options when opened.
            <PickersBuiltWhenOpened>
              <VisualizationPicker
                panel={panel}
                frames={results.frames}
                timeRange={state.range}
                timeZone={state.timeZone}
                onChange={update}
              >
                <OptionsPane panel={panel} frames={results.frames} onChange={update} variables={variables} />
              </VisualizationPicker>
            </PickersBuiltWhenOpened>
          ) : (
            <LoadingRows label="Loading the panel options" rows={8} />
          )}
        </aside>
      </div>
    </div>
  );
}

const NONE: never[] = [];

export default PanelEditor;

/** The dashboard's variable names, for the options pane's "Repeat by variable". */
function variableNames(model: Record<string, unknown>): string[] {
  const list = (model.templating as { list?: unknown } | undefined)?.list;
  return Array.isArray(list) ? list.flatMap((v) => (typeof v?.name === 'string' ? [v.name as string] : [])) : [];
}
