import { Button } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';

export type EditView = 'panels' | SettingsView;
/** The dashboard settings' pages, by Grafana's `editview` names. */
export type SettingsView = 'settings' | 'annotations' | 'variables' | 'links' | 'versions' | 'permissions' | 'dashboard_json';
const VIEWS: EditView[] = ['panels', 'settings', 'annotations', 'variables', 'links', 'versions', 'permissions', 'dashboard_json'];
/** Older Sightline links said `editview=json`. */
const VIEW_ALIASES: Record<string, EditView> = { json: 'dashboard_json' };

/**
 * Edit mode lives in the URL, as in Grafana, so it survives a reload and can be bookmarked:
 * `?editview=<tab>` (Grafana's own parameter) or a bare `?edit` for the panels. Only someone with
 * Edit permission is ever in edit mode (Grafana's `meta.canEdit`: a provisioned dashboard's editor
 * enters it to read its settings and JSON, and cannot save); for anyone else they are ignored.
 */
export function useEditMode(canEdit: boolean) {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('editview');
  const editview = rawView === null ? null : (VIEW_ALIASES[rawView] ?? rawView);
  const editing = canEdit && (params.has('edit') || editview !== null);
  const view: EditView = editing && VIEWS.includes(editview as EditView) ? (editview as EditView) : 'panels';
  // Grafana's `editIndex`: which variable (annotation, link) of a settings list is open.
  const rawIndex = params.get('editIndex');
  const editIndex = editing && rawIndex !== null && /^\d+$/.test(rawIndex) ? Number(rawIndex) : undefined;
  const go = (next: EditView | null, nextIndex?: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('edit');
    nextParams.delete('editview');
    nextParams.delete('editIndex');
    if (next === 'panels') nextParams.set('edit', '');
    else if (next) nextParams.set('editview', next);
    if (next && next !== 'panels' && nextIndex !== undefined) nextParams.set('editIndex', String(nextIndex));
    setParams(nextParams, { replace: true });
  };
  return {
    editing,
    view,
    editIndex,
    params,
    setView: (next: EditView, nextIndex?: number) => go(next, nextIndex),
    enter: () => go('panels'),
    leave: () => go(null),
  };
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
