import { Alert, Button, Group, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { isKiosk } from '../../lib/kiosk';
import { ErrorState, LoadingRows } from '../../components/States';
import { useDashboard, type DashboardModel } from './api';
import { DashboardHeaderActions, DashboardTitle, ReadOnlyNote } from './DashboardHeader';
import { DashboardJsonModel } from './DashboardJsonModel';
import { DashboardSaveDialogs, useDashboardSave } from './DashboardSave';
import { SaveAsCopyDialog, useSaveAsCopy } from './SaveAsCopy';
import { useEditMode, type EditView, type SettingsView } from './EditBar';
import { useDashboardEdits } from './editor/useDashboardEdits';
import type { LayoutEditing } from './editor/useEditorActions';
import { LazyPanelEditor as PanelEditor, usePreloadPanelEditor } from './editor/panelEditor/lazyPanelEditor';
import { usePanelEditorUrl } from './editor/panelEditor/usePanelEditorUrl';
import { DashboardSettings } from './editor/settings/DashboardSettings';
import { DashboardPermissions } from './DashboardPermissions';
import { LiveDashboard } from './runtime/LiveDashboard';
import { upgradeRowsToGrid } from './runtime/legacyRows';
import { resolveLibraryPanels, type LibraryPanelState } from './runtime/libraryPanels';
import { useLibraryPanelStates } from './runtime/useLibraryPanels';
import { jsonEqual } from '../../lib/jsonEqual';
import { useRememberDashboardVisit } from '../../lib/recentDashboards';
import { useConfirmDeleteDashboard } from './useConfirmDeleteDashboard';
import { useJsonModelText } from './useJsonModelText';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { VersionsPanel } from './VersionsPanel';

export function DashboardPage() {
  const { uid = '' } = useParams();
  const loaded = useDashboard(uid);
  // Library panels are loaded with the dashboard, as Grafana's: the editor then edits what is drawn.
  const library = useLibraryPanelStates(loaded.data?.dashboard.panels);
  if (loaded.isPending || library.pending) {
    return (
      <Stack>
        <Text component="h1" size="xl" fw={700}>
          Loading dashboard…
        </Text>
        <LoadingRows label="Loading dashboard" rows={6} />
      </Stack>
    );
  }
  if (loaded.isError) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack>
        <Text component="h1" size="xl" fw={700}>
          {missing ? 'Dashboard not found' : 'Could not open the dashboard'}
        </Text>
        <ErrorState
          error={loaded.error}
          onRetry={missing ? undefined : () => loaded.refetch()}
          title={missing ? `No dashboard has the uid ${uid}` : 'Could not load the dashboard'}
        />
        <Button component={Link} to={paths.dashboards()} variant="default" w="fit-content">
          Back to dashboards
        </Button>
      </Stack>
    );
  }
  // Remount the editor on every newly loaded version, so a restore or reload starts clean.
  return (
    <DashboardEditor
      key={`${uid}@${loaded.data.meta.version}`}
      data={loaded.data}
      library={library.states}
      refetch={() => loaded.refetch()}
    />
  );
}

function DashboardEditor({
  data,
  library,
  refetch,
}: {
  data: NonNullable<ReturnType<typeof useDashboard>['data']>;
  library: ReadonlyMap<string, LibraryPanelState>;
  refetch: () => void;
}) {
  const { meta } = data;
  // Grafana 4's `rows` layout is turned into panels when the dashboard opens, as Grafana's migrator
  // does: the runtime, the editor and the JSON model all see today's shape, and a save stores it.
  // Library panels found are merged in (a missing one stays as stored; the runtime says it is missing).
  const [libraryAtOpen] = useState(library);
  const original = useMemo(() => {
    const upgraded = upgradeRowsToGrid(data.dashboard as DashboardModel);
    const panels = resolveLibraryPanels(upgraded.panels, (uid) => libraryAtOpen.get(uid) ?? { state: 'missing' }, { keepUnresolved: true });
    return panels === upgraded.panels ? upgraded : ({ ...upgraded, panels } as DashboardModel);
  }, [data.dashboard, libraryAtOpen]);
  const uid = String(original.uid);
  useRememberDashboardVisit(uid);
  const canSave = meta.canSave;
  const { editing, view, editIndex, params, setView: goToView, enter, leave } = useEditMode(meta.canEdit);
  const kiosk = isKiosk(params);
  // `?editPanel=<id>`: the panel editor in place of the dashboard, on the same edit state.
  const panelEditor = usePanelEditorUrl(meta.canEdit);

  const edits = useDashboardEdits(original);
  const draft = edits.model;
  usePreloadPanelEditor(editing && meta.canEdit, draft);
  const { edit } = edits;
  const setDraft = useCallback((model: DashboardModel) => edit({ type: 'dashboard/replace', model }), [edit]);
  const [folderUid, setFolderUid] = useState(meta.folderUid);
  const json = useJsonModelText(original, edit);
  const dirty = useMemo(() => folderUid !== meta.folderUid || !jsonEqual(draft, original), [draft, folderUid, original, meta.folderUid]);
  const title = typeof draft.title === 'string' && draft.title.trim() ? draft.title : String(original.title);
  // Invalid JSON is an unsaved change too: it is never "Saved".
  const unsaved = dirty || Boolean(json.error);
  useDocumentTitle(`${title}${unsaved ? ' (unsaved)' : ''} · Sightline`);

  const save = useDashboardSave({ draft, uid, meta, folderUid, title, params });
  // Grafana offers Save as to whoever may create a dashboard: Editors can in General, and Edit on
  // this dashboard usually comes from Edit on its folder. The server has the last word on the folder.
  const canSaveAs = useHasRole('Editor') || meta.canEdit;
  const copy = useSaveAsCopy({ draft, title, folderUid });
  const confirmDelete = useConfirmDeleteDashboard({ uid, title, version: meta.version });
  useUnsavedChangesGuard({ dirty, saving: save.saving || copy.leaving, title });

  // Text that never parsed was never applied: any tab switch drops it with its error, so the
  // JSON model always shows the draft, and an error alert only ever sits beside the text it is about.
  const setView = (next: EditView, nextIndex?: number) => {
    json.show(draft);
    goToView(next, nextIndex);
  };
  const settingsHref = (next: SettingsView) => {
    const linked = new URLSearchParams(params);
    ['edit', 'editIndex'].forEach((key) => linked.delete(key));
    linked.set('editview', next);
    return `?${linked.toString()}`;
  };

  const discard = () => {
    edits.control({ type: 'history/reset', model: original });
    setFolderUid(meta.folderUid);
    json.show(original);
    leave();
  };
  // Leaving edit mode with unsaved changes asks first, as Grafana does; the answer discards them.
  const exitEdit = () => {
    if (!unsaved) return discard();
    modals.openConfirmModal({
      title: `Discard unsaved changes to ${title}?`,
      children: <Text size="sm">Your changes have not been saved and will be lost. Save them first to keep them.</Text>,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: discard,
    });
  };

  const titleMissing = typeof draft.title !== 'string' || !draft.title.trim();
  const saveBlocked = Boolean(json.error) || titleMissing;
  // Layout editing for someone who can save: the grid in edit mode's Panels view, an empty dashboard's buttons.
  const layout: LayoutEditing | undefined = canSave
    ? { edits, uid, slug: meta.slug, editing: editing && view === 'panels', onEnterEdit: enter }
    : undefined;

  const titleBlock = <DashboardTitle uid={uid} title={title} meta={meta} />;
  const actions = (
    <DashboardHeaderActions
      uid={uid}
      title={title}
      draft={draft}
      meta={meta}
      editing={editing}
      view={view}
      layout={layout}
      unsaved={unsaved}
      saveBlocked={saveBlocked}
      onDelete={confirmDelete}
      onEdit={enter}
      onExit={exitEdit}
      onSave={save.openSave}
      onSaveAsCopy={canSaveAs ? copy.openSaveAsCopy : undefined}
    />
  );
  const readOnlyNote = !canSave && <ReadOnlyNote provisioned={meta.provisioned} />;
  const saveDialogs = (
    <>
      <DashboardSaveDialogs {...save.dialogs} onSaveAsCopy={canSaveAs ? copy.openSaveAsCopy : undefined} />
      <SaveAsCopyDialog {...copy.dialog} />
    </>
  );
  // What the view and the edit mode's Panels tab draw alike: the draft, live.
  const live = { model: draft, uid, canAnnotate: meta.canEdit, onModelChange: setDraft, layout };

  if (panelEditor.panelId !== undefined)
    return (
      <>
        <PanelEditor
          edits={edits}
          meta={meta}
          uid={uid}
          panelId={panelEditor.panelId}
          dashboardTitle={title}
          unsaved={unsaved}
          saveBlocked={saveBlocked}
          onSave={save.openSave}
          onClose={panelEditor.close}
        />
        {saveDialogs}
      </>
    );

  return (
    <Stack gap={8}>
      {editing && (
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <div style={{ flex: '1 1 12rem', minWidth: 0 }}>{titleBlock}</div>
          <Group gap={8}>
            <Text size="xs" c="dimmed" visibleFrom="md">
              Version {meta.version}, saved by {meta.updatedBy} {new Date(meta.updated).toLocaleString()}
            </Text>
            {actions}
          </Group>
        </div>
      )}
      {editing && unsaved && (
        <Alert color="blue" variant="light" py={6}>
          <Text size="sm">
            You have unsaved changes.
            {json.error ? ' The JSON model has an error; fix it to save.' : titleMissing ? ' The dashboard needs a title to save.' : ''}
          </Text>
        </Alert>
      )}
      {editing && readOnlyNote}

      {/* In kiosk mode only the panels show; the heading stays for assistive technology. */}
      {!editing && kiosk && (
        <VisuallyHidden>
          <h1>{title}</h1>
        </VisuallyHidden>
      )}
      {!editing && (
        <LiveDashboard
          {...live}
          canEdit={false}
          title={titleBlock}
          actions={actions}
          note={readOnlyNote}
          onOpenSettings={meta.canEdit ? () => setView('settings') : undefined}
        />
      )}
      {editing && (
        <Tabs
          value={view === 'panels' ? 'panels' : 'settings'}
          onChange={(value) => setView(value === 'settings' ? 'settings' : 'panels')}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="panels">Panels</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="panels" pt="md">
            <LiveDashboard {...live} canEdit={canSave} onOpenSettings={() => setView('settings')} />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            {view !== 'panels' && (
              <DashboardSettings
                view={view}
                editIndex={editIndex}
                onNavigate={setView}
                hrefOf={settingsHref}
                edits={edits}
                dashboardUid={uid}
                folderUid={folderUid}
                onFolderChange={setFolderUid}
                readOnly={!canSave}
                versions={<VersionsPanel uid={uid} currentVersion={meta.version} canRestore={canSave} onRestored={refetch} />}
                permissions={<DashboardPermissions uid={uid} title={title} canAdmin={meta.canAdmin} />}
                json={<DashboardJsonModel text={json.text} error={json.error} onChange={json.onChange} readOnly={!canSave} />}
              />
            )}
          </Tabs.Panel>
        </Tabs>
      )}

      {saveDialogs}
    </Stack>
  );
}
