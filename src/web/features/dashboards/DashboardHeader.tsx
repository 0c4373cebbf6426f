import { ActionIcon, Anchor, Breadcrumbs, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconMessage2, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DashboardMeta } from '../../../contract/dashboards';
import { paths } from '../../app/paths';
import type { DashboardModel } from './api';
import { EditBar, type EditView } from './EditBar';
import { EditTools } from './editor/AddMenu';
import type { LayoutEditing } from './editor/useEditorActions';
import { ShareDashboardButton } from './share/ShareButton';
import { StarToggle } from './StarToggle';

/** Grafana's header line: where the dashboard lives, its title and star. */
export function DashboardTitle({
  uid,
  title,
  meta,
}: {
  uid: string;
  title: string;
  meta: Pick<DashboardMeta, 'folderUid' | 'folderTitle'>;
}) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* On a phone the title alone: the navigation menu leads to the dashboards. */}
      <Group component="nav" aria-label="Breadcrumb" gap={6} wrap="nowrap" visibleFrom="sm" style={{ flexShrink: 0 }}>
        <Breadcrumbs separatorMargin={4} fz="sm">
          <Anchor component={Link} to={paths.dashboards()} size="sm">
            Dashboards
          </Anchor>
          {/* Grafana's crumbs: a folder's page; a dashboard at the top level has none between. */}
          {meta.folderUid && (
            <Anchor component={Link} to={paths.folder(meta.folderUid)} size="sm">
              {meta.folderTitle}
            </Anchor>
          )}
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
}

/** The header's buttons: annotations, share, save as copy, delete, in edit mode the layout tools, and Edit or Exit edit and Save. */
export function DashboardHeaderActions({
  uid,
  title,
  draft,
  meta,
  editing,
  view,
  layout,
  unsaved,
  saveBlocked,
  onDelete,
  onEdit,
  onExit,
  onSave,
  onSaveAsCopy,
}: {
  uid: string;
  title: string;
  /** The model as edited, for Share. */
  draft: DashboardModel;
  meta: Pick<DashboardMeta, 'canEdit' | 'canSave' | 'canDelete'>;
  editing: boolean;
  view: EditView;
  layout: LayoutEditing | undefined;
  unsaved: boolean;
  saveBlocked: boolean;
  onDelete(): void;
  onEdit(): void;
  onExit(): void;
  onSave(): void;
  /** Given to whoever may create a dashboard somewhere, even when this one is theirs only to read. */
  onSaveAsCopy?: () => void;
}) {
  return (
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
      {onSaveAsCopy && (
        <Tooltip label="Save as copy">
          <ActionIcon variant="default" size="input-xs" aria-label="Save as copy" onClick={onSaveAsCopy}>
            <IconCopy size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {meta.canDelete && (
        <Tooltip label="Delete dashboard">
          <ActionIcon variant="default" color="red" size="input-xs" aria-label="Delete" onClick={onDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {editing && layout && view !== 'dashboard_json' && <EditTools layout={layout} showAdd={view === 'panels'} />}
      <EditBar
        canEdit={meta.canEdit}
        canSave={meta.canSave}
        editing={editing}
        unsaved={unsaved}
        saveBlocked={saveBlocked}
        onEdit={onEdit}
        onExit={onExit}
        onSave={onSave}
      />
    </Group>
  );
}

/** Why someone who may not save cannot, at the end of the variables row (and under the header in edit mode). */
export function ReadOnlyNote({ provisioned }: { provisioned: boolean }) {
  return (
    <Text size="xs" c="dimmed">
      {provisioned
        ? 'This dashboard is provisioned from a file: change it there, or save a copy of it here with Save as copy.'
        : 'You can view this dashboard; saving needs Edit permission on its folder.'}
    </Text>
  );
}
