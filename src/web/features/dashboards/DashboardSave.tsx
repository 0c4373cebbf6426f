import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LibraryElement } from '../../../contract/libraryElements';
import { useNavigate } from 'react-router-dom';
import type { DashboardMeta } from '../../../contract/dashboards';
import { ApiError, errorMessage } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { paths } from '../../app/paths';
import type { Panel } from '../../panels/layout';
import { useSaveDashboard, type DashboardModel } from './api';
import { ConflictModal } from './ConflictModal';
import { modelForSave } from './editor/settings/saveModel';
import { SaveLibraryPanelModal } from './editor/panelEditor/SaveLibraryPanelModal';
import { keepLibraryPanelReferences, libraryPanelChanged, libraryPanelsOf } from './runtime/libraryPanels';
import { SaveModal } from './SaveModal';

/**
 * Saving the draft: the Save dialog's message, then a save against the version loaded; when
 * someone saved a newer one meanwhile (412), the conflict dialog offers to overwrite it.
 */
export function useDashboardSave({
  draft,
  uid,
  meta,
  folderUid,
  title,
  params,
}: {
  draft: DashboardModel;
  uid: string;
  meta: Pick<DashboardMeta, 'version' | 'slug'>;
  folderUid: string;
  title: string;
  /** The page's query, kept when a new title moves the dashboard to a new address. */
  params: URLSearchParams;
}) {
  const navigate = useNavigate();
  const save = useSaveDashboard();
  const [saveOpen, setSaveOpen] = useState(false);
  const [conflict, setConflict] = useState<{ message: string; pendingMessage: string } | null>(null);
  const client = useQueryClient();
  const [libraryPrompt, setLibraryPrompt] = useState<{ panel: Panel; element: LibraryElement } | null>(null);

  /** The first library panel of the draft that differs from its element as loaded, with that element. */
  const changedLibraryPanel = () => {
    for (const panel of libraryPanelsOf(draft.panels)) {
      const uid = (panel as { libraryPanel: { uid: string } }).libraryPanel.uid;
      const element = client.getQueryData<LibraryElement | null>(queryKeys.libraryElements.detail(uid));
      if (element && libraryPanelChanged(panel, element.model)) return { panel, element };
    }
    return null;
  };
  // As Grafana: a changed library panel is saved to its element ("Update all") before the
  // dashboard, which keeps only the reference.
  const openSave = () => {
    const changed = changedLibraryPanel();
    if (changed) setLibraryPrompt(changed);
    else setSaveOpen(true);
  };

  const doSave = async (message: string, overwrite: boolean) => {
    // The version loaded is what the server checks: a newer one saved meanwhile makes this a 412.
    // Saved as migrated, with the current schemaVersion (editor/settings/saveModel.ts).
    // A library panel is saved as its reference only (Grafana's `vizPanelToPanel`).
    const migrated = modelForSave(draft);
    const dashboard = { ...migrated, panels: keepLibraryPanelReferences(migrated.panels), uid, version: meta.version };
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

  const library = {
    prompt: libraryPrompt,
    close: () => setLibraryPrompt(null),
    saved: () => {
      setLibraryPrompt(null);
      openSave();
    },
  };
  const dialogs = { draft, uid, save, saveOpen, setSaveOpen, conflict, setConflict, doSave, library };
  return { saving: save.isPending, openSave, dialogs };
}

/** The Save dialog and the conflict dialog of a useDashboardSave; `onSaveAsCopy` offers a copy from the Save dialog. */
export function DashboardSaveDialogs({
  draft,
  uid,
  save,
  saveOpen,
  setSaveOpen,
  conflict,
  setConflict,
  doSave,
  library,
  onSaveAsCopy,
}: ReturnType<typeof useDashboardSave>['dialogs'] & { onSaveAsCopy?: () => void }) {
  return (
    <>
      {library.prompt && (
        <SaveLibraryPanelModal
          key={library.prompt.element.uid}
          panel={library.prompt.panel}
          element={library.prompt.element}
          onClose={library.close}
          onSaved={library.saved}
        />
      )}
      <SaveModal
        opened={saveOpen}
        onClose={() => setSaveOpen(false)}
        onSave={(message) => void doSave(message, false)}
        onSaveAsCopy={
          onSaveAsCopy &&
          (() => {
            setSaveOpen(false);
            onSaveAsCopy();
          })
        }
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
}
