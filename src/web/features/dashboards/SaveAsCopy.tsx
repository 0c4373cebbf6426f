import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { paths } from '../../app/paths';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';
import { useSaveDashboard, type DashboardModel } from './api';
import { modelForSave } from './editor/settings/saveModel';
import { FolderSelect } from './FolderSelect';
import { saveRefusals } from './saveRefusals';

/**
 * The model a copy is saved as, Grafana's save-as clone: the draft as a save writes it, without id
 * and uid (with either, the server would update the original), at version 0, editable, with the
 * new title, and without tags unless they are copied.
 */
export function copyOfModel(draft: DashboardModel, title: string, copyTags: boolean): DashboardModel {
  const { id: _id, uid: _uid, ...model } = modelForSave(draft);
  return { ...model, title, version: 0, editable: true, ...(copyTags ? {} : { tags: [] }) };
}

/** Grafana refuses a second dashboard of the same title in a folder with 412 `name-exists`. */
const isNameTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 412 && (error.body as { status?: unknown } | null)?.status === 'name-exists';

/**
 * "Save as copy": the draft, unsaved edits included, saved as a new dashboard, which is then
 * opened. The original keeps what it had saved.
 */
export function useSaveAsCopy({ draft, title, folderUid }: { draft: DashboardModel; title: string; folderUid: string }) {
  const save = useSaveDashboard();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Set as the copy is asked for, in the submit's own render: the mutation's pending state may
  // reach the page only after the answer, too late for the unsaved-changes guard.
  const [leaving, setLeaving] = useState(false);

  const saveCopy = async (copy: { title: string; folderUid: string; copyTags: boolean }) => {
    setLeaving(true);
    try {
      const saved = await save.mutateAsync({ dashboard: copyOfModel(draft, copy.title, copy.copyTags), folderUid: copy.folderUid });
      notifications.show({ color: 'green', title: 'Dashboard copied', message: `Saved as ${copy.title}` });
      setOpen(false);
      navigate(paths.dashboard(saved.uid, saved.slug));
    } catch {
      // The dialog shows the refusal beside what it is about.
      setLeaving(false);
    }
  };

  return {
    openSaveAsCopy: () => {
      save.reset();
      setOpen(true);
    },
    /** On the way to the copy: the original's unsaved edits went into it, so leaving asks nothing. */
    leaving,
    dialog: { open, close: () => setOpen(false), title, folderUid, tags: draft.tags, save, saveCopy },
  };
}

/** The "Save as copy" dialog of a useSaveAsCopy; its fields start afresh each time it opens. */
export function SaveAsCopyDialog({ open, ...props }: ReturnType<typeof useSaveAsCopy>['dialog']) {
  return open ? <SaveAsCopyForm {...props} /> : null;
}

function SaveAsCopyForm({
  close,
  title: originalTitle,
  folderUid: originalFolderUid,
  tags,
  save,
  saveCopy,
}: Omit<ReturnType<typeof useSaveAsCopy>['dialog'], 'open'>) {
  const [title, setTitle] = useState(`${originalTitle} Copy`);
  const [folderUid, setFolderUid] = useState(originalFolderUid);
  const [copyTags, setCopyTags] = useState(false);
  const tagList = Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];

  // Each refusal goes beside what it is about: the title (taken, empty), the folder (missing, or no
  // Edit there: 403), anything else below.
  const refusal = saveRefusals(save.error, isNameTaken);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveCopy({ title: title.trim(), folderUid, copyTags });
  };

  return (
    <Modal opened onClose={close} title="Save as copy">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={refusal.title}
            required
            data-autofocus
          />
          <FolderSelect value={folderUid} onChange={(value) => setFolderUid(value ?? '')} error={refusal.folder} />
          <Switch
            label="Copy tags"
            description={tagList.length ? tagList.join(', ') : 'This dashboard has no tags.'}
            checked={copyTags}
            onChange={(e) => setCopyTags(e.currentTarget.checked)}
            disabled={tagList.length === 0}
          />
          {refusal.other && <FormRefusal>{refusal.other}</FormRefusal>}
          <FormFooter submitLabel="Save copy" onCancel={close} pending={save.isPending} disabled={!title.trim()} />
        </Stack>
      </form>
    </Modal>
  );
}
