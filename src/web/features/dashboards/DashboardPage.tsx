import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Group, Loader, Stack, Tabs, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMessage2, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { isKiosk } from '../../lib/kiosk';
import { ErrorState, LoadingRows } from '../../components/States';
import { useDashboard, useDeleteDashboards, useSaveDashboard, type DashboardModel } from './api';
import { ConflictModal } from './ConflictModal';
import { EditBar, useEditMode, type EditView, type SettingsView } from './EditBar';
import { EditTools } from './editor/AddMenu';
import { useDashboardEdits } from './editor/useDashboardEdits';
import type { LayoutEditing } from './editor/useEditorActions';
import { usePanelEditorUrl } from './editor/panelEditor/usePanelEditorUrl';
import { DashboardSettings } from './editor/settings/DashboardSettings';
import { modelForSave } from './editor/settings/saveModel';
import { parseModel } from './jsonErrors';
import { DashboardPermissions } from './DashboardPermissions';
import { LiveDashboard } from './runtime/LiveDashboard';
import { SaveModal } from './SaveModal';
import { ShareDashboardButton } from './share/ShareButton';
import { StarToggle } from './StarToggle';
import { jsonEqual } from '../../lib/jsonEqual';
import { useRememberDashboardVisit } from '../../lib/recentDashboards';
import { VersionsPanel } from './VersionsPanel';

const JsonEditor = lazy(() => import('./JsonEditor'));
const PanelEditor = lazy(() => import('./editor/panelEditor/PanelEditor'));

export function DashboardPage() {
  const { uid = '' } = useParams();
  const loaded = useDashboard(uid);
  if (loaded.isPending) {
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
  return <DashboardEditor key={`${uid}@${loaded.data.meta.version}`} data={loaded.data} refetch={() => loaded.refetch()} />;
}

function DashboardEditor({ data, refetch }: { data: NonNullable<ReturnType<typeof useDashboard>['data']>; refetch: () => void }) {
  const { meta } = data;
  const original = data.dashboard as DashboardModel;
  const uid = String(original.uid);
  useRememberDashboardVisit(uid);
  const navigate = useNavigate();
  const canSave = meta.canSave;
  const { editing, view, editIndex, params, setView: goToView, enter, leave } = useEditMode(meta.canEdit);
  const kiosk = isKiosk(params);
  // `?editPanel=<id>`: the panel editor in place of the dashboard, on the same edit state.
  const panelEditor = usePanelEditorUrl(meta.canEdit);

  const edits = useDashboardEdits(original);
  const draft = edits.model;
  const { edit } = edits;
  const setDraft = useCallback((model: DashboardModel) => edit({ type: 'dashboard/replace', model }), [edit]);
  const [folderUid, setFolderUid] = useState(meta.folderUid);
  const [jsonText, setJsonText] = useState(() => JSON.stringify(original, null, 2));
  const [jsonError, setJsonError] = useState<string>();
  const dirty = useMemo(() => folderUid !== meta.folderUid || !jsonEqual(draft, original), [draft, folderUid, original, meta.folderUid]);
  const title = typeof draft.title === 'string' && draft.title.trim() ? draft.title : String(original.title);
  // Invalid JSON is an unsaved change too: it is never "Saved".
  const unsaved = dirty || Boolean(jsonError);
  useDocumentTitle(`${title}${unsaved ? ' (unsaved)' : ''} · Sightline`);

  const save = useSaveDashboard();
  const remove = useDeleteDashboards();
  const [saveOpen, setSaveOpen] = useState(false);
  const [conflict, setConflict] = useState<{ message: string; pendingMessage: string } | null>(null);

  // Leaving with unsaved changes asks first, inside the app and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: 'Discard unsaved changes?',
      children: <Text size="sm">Your changes to “{title}” have not been saved and will be lost.</Text>,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, title]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Text that never parsed was never applied: any tab switch drops it with its error, so the
  // JSON model always shows the draft, and an error alert only ever sits beside the text it is about.
  const setView = (next: EditView, nextIndex?: number) => {
    setJsonText(JSON.stringify(draft, null, 2));
    setJsonError(undefined);
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
    setJsonText(JSON.stringify(original, null, 2));
    setJsonError(undefined);
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

  const onJsonChange = (text: string) => {
    setJsonText(text);
    const parsed = parseModel(text);
    if (parsed.ok) {
      setJsonError(undefined);
      edit({ type: 'dashboard/replace', model: parsed.value, coalesce: 'json' });
    } else {
      setJsonError(parsed.error);
    }
  };

  const doSave = async (message: string, overwrite: boolean) => {
    // The version loaded is what the server checks: a newer one saved meanwhile makes this a 412.
    // Saved as migrated, with the current schemaVersion (editor/settings/saveModel.ts).
    const dashboard = { ...modelForSave(draft), uid, version: meta.version };
    try {
      // Awaited rather than mutate callbacks: a successful save reloads the dashboard, which
      // remounts this editor before per-call callbacks would run.
      const saved = await save.mutateAsync({ dashboard, folderUid, message, overwrite });
      notifications.show({ color: 'green', title: 'Dashboard saved', message: `${title} is now version ${saved.version}` });
      setSaveOpen(false);
      setConflict(null);
      if (saved.slug !== meta.slug)
        navigate(`${paths.dashboard(saved.uid, saved.slug)}${params.size ? `?${params.toString()}` : ''}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setSaveOpen(false);
        setConflict({ message: error.message, pendingMessage: message });
      }
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete dashboard ${title}?`,
      children: (
        <Text size="sm">
          Its {meta.version} saved version{meta.version === 1 ? '' : 's'} and its annotations are deleted too. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete dashboard', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate([uid], {
          onSuccess: () => {
            notifications.show({ color: 'green', title: 'Dashboard deleted', message: title });
            navigate(paths.dashboards());
          },
          onError: (e) => notifications.show({ color: 'red', title: 'Could not delete the dashboard', message: errorMessage(e) }),
        }),
    });

  const titleMissing = typeof draft.title !== 'string' || !draft.title.trim();
  // Layout editing for someone who can save: the grid in edit mode's Panels view, an empty dashboard's buttons.
  const layout: LayoutEditing | undefined = canSave
    ? { edits, uid, slug: meta.slug, editing: editing && view === 'panels', onEnterEdit: enter }
    : undefined;

  const folderLink = meta.folderUid ? `${paths.dashboards()}?folder=${meta.folderUid}` : `${paths.dashboards()}?folder=general`;
  // Grafana's header line: where the dashboard lives, its title and star.
  const titleBlock = (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* On a phone the title alone: the navigation menu leads to the dashboards. */}
      <Group component="nav" aria-label="Breadcrumb" gap={6} wrap="nowrap" visibleFrom="sm" style={{ flexShrink: 0 }}>
        <Breadcrumbs separatorMargin={4} fz="sm">
          <Anchor component={Link} to={paths.dashboards()} size="sm">
            Dashboards
          </Anchor>
          <Anchor component={Link} to={folderLink} size="sm">
            {meta.folderTitle}
          </Anchor>
        </Breadcrumbs>
        <Text span c="dimmed" size="sm" aria-hidden>
          /
        </Text>
      </Group>
      <Text component="h1" fw={700} m={0} truncate title={title} style={{ fontSize: 'var(--mantine-h4-font-size)', minWidth: 0 }}>
        {title}
      </Text>
      <StarToggle uid={uid} title={title} />
    </Group>
  );
  const actions = (
    <Group gap={6} wrap="nowrap">
      <Tooltip label="Annotations of this dashboard">
        <ActionIcon
          variant="default"
          size="input-xs"
          component={Link}
          to={`${paths.annotations()}?dashboardUID=${encodeURIComponent(uid)}`}
          aria-label="Annotations"
        >
          <IconMessage2 size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ShareDashboardButton model={draft} title={title} />
      {meta.canDelete && (
        <Tooltip label="Delete dashboard">
          <ActionIcon variant="default" color="red" size="input-xs" aria-label="Delete" onClick={confirmDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {editing && layout && view !== 'dashboard_json' && <EditTools layout={layout} showAdd={view === 'panels'} />}
      <EditBar
        canEdit={meta.canEdit}
        canSave={canSave}
        editing={editing}
        unsaved={unsaved}
        saveBlocked={Boolean(jsonError) || titleMissing}
        onEdit={enter}
        onExit={exitEdit}
        onSave={() => setSaveOpen(true)}
      />
    </Group>
  );
  const readOnlyNote = !canSave && (
    <Text size="xs" c="dimmed">
      {meta.provisioned
        ? 'This dashboard is provisioned from a file: change it there, or save a copy from the JSON model (under Edit) with a new uid.'
        : 'You can view this dashboard; saving needs Edit permission on its folder.'}
    </Text>
  );
  // In kiosk mode only the panels show; the heading stays for assistive technology.
  const kioskHeading = (
    <VisuallyHidden>
      <h1>{title}</h1>
    </VisuallyHidden>
  );

  const saveModals = (
    <>
      <SaveModal
        opened={saveOpen}
        onClose={() => setSaveOpen(false)}
        onSave={(message) => void doSave(message, false)}
        saving={save.isPending}
        error={save.error && !(save.error instanceof ApiError && save.error.status === 412) ? errorMessage(save.error) : undefined}
      />
      <ConflictModal
        opened={conflict !== null}
        uid={uid}
        serverMessage={conflict?.message ?? ''}
        mine={modelForSave(draft)}
        overwriting={save.isPending}
        onCancel={() => setConflict(null)}
        onOverwrite={() => void doSave(conflict?.pendingMessage ?? '', true)}
      />
    </>
  );

  if (panelEditor.panelId !== undefined)
    return (
      <>
        <Suspense fallback={<LoadingRows label="Loading the panel editor" rows={6} />}>
          <PanelEditor
            edits={edits}
            meta={meta}
            uid={uid}
            panelId={panelEditor.panelId}
            dashboardTitle={title}
            unsaved={unsaved}
            saveBlocked={Boolean(jsonError) || titleMissing}
            onSave={() => setSaveOpen(true)}
            onClose={panelEditor.close}
          />
        </Suspense>
        {saveModals}
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
            {jsonError ? ' The JSON model has an error; fix it to save.' : titleMissing ? ' The dashboard needs a title to save.' : ''}
          </Text>
        </Alert>
      )}
      {editing && readOnlyNote}

      {!editing && kiosk && kioskHeading}
      {!editing && (
        <LiveDashboard
          model={draft}
          uid={uid}
          canEdit={false}
          canAnnotate={meta.canEdit}
          onModelChange={setDraft}
          title={titleBlock}
          actions={actions}
          note={readOnlyNote}
          onOpenSettings={meta.canEdit ? () => setView('settings') : undefined}
          layout={layout}
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
            <LiveDashboard
              model={draft}
              uid={uid}
              canEdit={canSave}
              canAnnotate={meta.canEdit}
              onModelChange={setDraft}
              onOpenSettings={() => setView('settings')}
              layout={layout}
            />
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
                json={
                  <Stack gap="xs">
                    <Text size="sm" c="dimmed">
                      The whole dashboard as JSON. Valid changes apply at once; Save stores them.
                    </Text>
                    <Suspense
                      fallback={
                        <Group gap="xs">
                          <Loader size="sm" />
                          <Text size="sm">Loading the editor…</Text>
                        </Group>
                      }
                    >
                      <JsonEditor value={jsonText} onChange={onJsonChange} label="Dashboard JSON model" readOnly={!canSave} />
                    </Suspense>
                    {jsonError && (
                      <Alert color="red" variant="light" role="alert" title="The JSON model is not valid">
                        {jsonError}
                      </Alert>
                    )}
                  </Stack>
                }
              />
            )}
          </Tabs.Panel>
        </Tabs>
      )}

      {saveModals}
    </Stack>
  );
}
