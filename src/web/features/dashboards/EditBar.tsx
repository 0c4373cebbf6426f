import { Button } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';

export type EditView = 'panels' | 'settings' | 'json' | 'versions' | 'permissions';
const VIEWS: EditView[] = ['panels', 'settings', 'json', 'versions', 'permissions'];

/**
 * Edit mode lives in the URL, as in Grafana, so it survives a reload and can be bookmarked:
 * `?editview=<tab>` (Grafana's own parameter) or a bare `?edit` for the panels. Only someone with
 * Edit permission is ever in edit mode (Grafana's `meta.canEdit`: a provisioned dashboard's editor
 * enters it to read its settings and JSON, and cannot save); for anyone else they are ignored.
 */
export function useEditMode(canEdit: boolean) {
  const [params, setParams] = useSearchParams();
  const editview = params.get('editview');
  const editing = canEdit && (params.has('edit') || editview !== null);
  const view: EditView = editing && VIEWS.includes(editview as EditView) ? (editview as EditView) : 'panels';
  const go = (next: EditView | null) => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('edit');
    nextParams.delete('editview');
    if (next === 'panels') nextParams.set('edit', '');
    else if (next) nextParams.set('editview', next);
    setParams(nextParams, { replace: true });
  };
  return { editing, view, params, setView: (next: EditView) => go(next), enter: () => go('panels'), leave: () => go(null) };
}

/** The header's Edit button in view mode; Exit edit and (when it can be saved) Save in edit mode. */
export function EditBar({
  canEdit,
  canSave,
  editing,
  unsaved,
  saveBlocked,
  onEdit,
  onExit,
  onSave,
}: {
  canEdit: boolean;
  canSave: boolean;
  editing: boolean;
  unsaved: boolean;
  saveBlocked: boolean;
  onEdit: () => void;
  onExit: () => void;
  onSave: () => void;
}) {
  if (!canEdit) return null;
  if (!editing)
    return (
      <Button size="xs" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
        Edit
      </Button>
    );
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconX size={16} aria-hidden />} onClick={onExit}>
        Exit edit
      </Button>
      {canSave && (
        <Button size="xs" leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={onSave} disabled={!unsaved || saveBlocked}>
          {unsaved ? 'Save' : 'Saved'}
        </Button>
      )}
    </>
  );
}
