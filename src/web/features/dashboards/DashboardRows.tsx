import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconLayoutDashboard, IconLock, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { SearchHit } from '../../../contract/search';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { plural } from '../../lib/format';

/** The folder's name and count in a line, as a Mantine Group with a gap of 8 would lay them out (a plain element: one a row). */
const FOLDER_NAME: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'nowrap',
  gap: 'calc(0.5rem * var(--mantine-scale))',
  flex: 1,
  minWidth: 0,
};

/** A folder in the list: expands in place when browsing, filters to itself when searching. */
export function FolderRow({
  hit,
  expanded,
  count,
  countComplete,
  filtering,
  canEdit,
  canAdmin,
  onOpen,
  onDelete,
}: {
  hit: SearchHit;
  expanded: boolean;
  /** The dashboards loaded of it, and whether that is all of them. */
  count?: number;
  countComplete?: boolean;
  filtering: boolean;
  canEdit: boolean;
  canAdmin: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <UnstyledButton
        data-row-target
        onClick={onOpen}
        aria-expanded={filtering ? undefined : expanded}
        aria-label={filtering ? `Show folder ${hit.title}` : `${expanded ? 'Collapse' : 'Expand'} folder ${hit.title}`}
        style={{ display: 'flex', alignItems: 'center', gap: 8 }}
      >
        {!filtering && (expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />)}
        <IconFolder size={18} aria-hidden />
      </UnstyledButton>
      {/* The name opens the folder's page, as in Grafana's browse view; the chevron expands it here. */}
      <div style={FOLDER_NAME}>
        <Anchor component={Link} to={hit.url || paths.folder(hit.uid)} size="sm" fw={600} truncate className="dashboard-link">
          {hit.title}
        </Anchor>
        {count !== undefined && (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {countComplete ? plural(count, 'dashboard') : `at least ${plural(count, 'dashboard')}`}
          </Text>
        )}
      </div>
      {/* Hints are title attributes, not Mantine tooltips: one tooltip per row button cost about a
          fifth of the list's render when its answer arrives (profiles of issue 19). */}
      {canAdmin && (
        <ActionIcon
          variant="subtle"
          color="gray"
          component={Link}
          to={paths.folderPermissions(hit.uid)}
          aria-label={`Permissions of folder ${hit.title}`}
          title={`Permissions of folder ${hit.title}`}
        >
          <IconLock size={16} aria-hidden />
        </ActionIcon>
      )}
      {canEdit && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete folder ${hit.title}`}
          title={`Delete folder ${hit.title}`}
          onClick={onDelete}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}

/** A dashboard in the list: its link, its folder when searching, its tags (a click filters by one). */
export function DashboardRow({
  hit,
  depth,
  filtering,
  canEdit,
  selected,
  onToggleSelected,
  onTag,
}: {
  hit: SearchHit;
  depth: 0 | 1;
  filtering: boolean;
  canEdit: boolean;
  selected: boolean;
  onToggleSelected: () => void;
  onTag: (tag: string) => void;
}) {
  return (
    <>
      {depth === 1 && <span style={{ width: 24 }} aria-hidden />}
      {canEdit && <Checkbox aria-label={`Select ${hit.title}`} checked={selected} onChange={onToggleSelected} />}
      <IconLayoutDashboard size={18} aria-hidden />
      {/* An Anchor, so the title takes the theme's link colour in both schemes, not the browser's blue. */}
      <Anchor component={Link} to={hit.url} data-row-target size="sm" truncate style={{ flex: 1, minWidth: 0 }} className="dashboard-link">
        {hit.title}
      </Anchor>
      {filtering && (
        <Text size="xs" c="dimmed" truncate maw={180}>
          {hit.folderTitle ?? 'General'}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" visibleFrom="sm">
        {hit.tags.slice(0, 4).map((tag) => (
          // Tags are shown as stored (lower-case), so what is read is what `tag:` matches.
          <Badge
            key={tag}
            component="button"
            variant="outline"
            size="sm"
            tt="none"
            style={{ cursor: 'pointer' }}
            onClick={() => onTag(tag)}
            aria-label={`Filter by tag ${tag}`}
          >
            {tag}
          </Badge>
        ))}
      </Group>
    </>
  );
}

/**
 * The row after a list with more to load: a loader while its next page is on its way (it is asked
 * for as soon as this row nears the screen), or the server's reason with a way to try again.
 */
export function MoreRowContent({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error)
    return (
      <>
        <Text size="sm" c="red" style={{ flex: 1, minWidth: 0 }} truncate>
          Could not load more dashboards: {errorMessage(error)}
        </Text>
        <Button size="xs" variant="default" data-row-target onClick={onRetry}>
          Try again
        </Button>
      </>
    );
  return (
    <Group gap="sm" wrap="nowrap" role="status" data-row-target tabIndex={-1}>
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        Loading more dashboards
      </Text>
    </Group>
  );
}
