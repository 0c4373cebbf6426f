import { ActionIcon, Badge, Button, Checkbox, Group, Modal, MultiSelect, Paper, SegmentedControl, Select, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconFileImport, IconFolder, IconFolderPlus, IconLayoutDashboard, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { searchResultSchema } from '../../../contract/search';
import { apiFetch, errorMessage } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import {
  countDashboardsInFolder,
  useCreateFolder,
  useDashboardTags,
  useDeleteDashboards,
  useDeleteFolder,
  useFolders,
  useMoveDashboards,
  useSearch,
  folderOptions,
  type SearchHit,
} from './api';
import { NewDashboardModal } from './NewDashboardModal';
import { formatSearch, parseSearch, withTag } from './searchQuery';

type Row = { kind: 'folder'; hit: SearchHit; expanded: boolean; count?: number } | { kind: 'dashboard'; hit: SearchHit; depth: 0 | 1 };

const ROW_HEIGHT = 44;

function NewFolderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const create = useCreateFolder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(title.trim(), {
      onSuccess: (folder) => {
        notifications.show({ color: 'green', title: 'Folder created', message: folder.title });
        setTitle('');
        create.reset();
        onClose();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New folder">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Folder name" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={create.error && errorMessage(create.error)} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
              Create folder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MoveModal({ uids, onClose }: { uids: string[]; onClose: (moved: boolean) => void }) {
  const folders = useFolders(uids.length > 0);
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveDashboards();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === null) return;
    move.mutate(
      { uids, folderUid: target },
      {
        onSuccess: (count) => {
          const name = target === '' ? 'General' : folders.data?.find((f) => f.uid === target)?.title;
          notifications.show({ color: 'green', title: `Moved ${count} dashboard${count === 1 ? '' : 's'}`, message: `to ${name}` });
          move.reset();
          onClose(true);
        },
      },
    );
  };
  return (
    <Modal opened={uids.length > 0} onClose={() => onClose(false)} title={`Move ${uids.length} dashboard${uids.length === 1 ? '' : 's'}`}>
      <form onSubmit={submit}>
        <Stack>
          <Select
            label="Move to folder"
            data={folderOptions(folders.data)}
            value={target}
            onChange={setTarget}
            error={(folders.error && errorMessage(folders.error)) || (move.error && errorMessage(move.error))}
            allowDeselect={false}
            searchable
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={move.isPending} disabled={target === null}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DashboardsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const text = params.get('query') ?? '';
  const folderFilter = params.get('folder') ?? undefined;
  const sort = params.get('sort') === 'alpha-desc' ? 'alpha-desc' : 'alpha-asc';
  const [debouncedText] = useDebouncedValue(text, 150);
  const parsed = useMemo(() => parseSearch(debouncedText), [debouncedText]);
  const filtering = parsed.words.length > 0 || parsed.tags.length > 0 || folderFilter !== undefined;
  const canEdit = useHasRole('Editor');

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '' || (key === 'sort' && value === 'alpha-asc')) next.delete(key);
    else next.set(key, value);
    // Synchronously: a text box driven by the URL loses keystrokes if the URL lags behind in a transition.
    setParams(next, { replace: true, flushSync: true });
  };

  // Browsing: folders, then the dashboards at the root. Searching: one flat list.
  const folders = useSearch({ words: [], tags: [], type: 'dash-folder', sort }, !filtering);
  const rootDashboards = useSearch({ words: [], tags: [], type: 'dash-db', folderUid: '', sort }, !filtering);
  const results = useSearch({ words: parsed.words, tags: parsed.tags, folderUid: folderFilter, type: folderFilter !== undefined ? 'dash-db' : undefined, sort }, filtering);
  const tags = useDashboardTags();
  const folderList = useFolders();

  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const expandedUids = [...expanded];
  const folderContents = useQueries({
    queries: expandedUids.map((uid) => ({
      queryKey: queryKeys.search({ words: [], tags: [], folderUid: uid, type: 'dash-db', sort }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(`/api/search?${new URLSearchParams({ folderUIDs: uid, type: 'dash-db', sort, limit: '5000' })}`, { schema: searchResultSchema, signal }),
    })),
  });

  const rows: Row[] = useMemo(() => {
    if (filtering) return (results.data ?? []).map((hit): Row => (hit.type === 'dash-folder' ? { kind: 'folder', hit, expanded: false } : { kind: 'dashboard', hit, depth: 0 }));
    const list: Row[] = [];
    for (const folder of folders.data ?? []) {
      const index = expandedUids.indexOf(folder.uid);
      const contents = index === -1 ? undefined : folderContents[index]?.data;
      list.push({ kind: 'folder', hit: folder, expanded: index !== -1, count: contents?.length });
      for (const hit of contents ?? []) list.push({ kind: 'dashboard', hit, depth: 1 });
    }
    for (const hit of rootDashboards.data ?? []) list.push({ kind: 'dashboard', hit, depth: 0 });
    return list;
    // folderContents is a new array every render; its data is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtering, results.data, folders.data, rootDashboards.data, expandedUids.join(), folderContents.map((q) => q.dataUpdatedAt).join()]);

  const loading = filtering ? results.isPending : folders.isPending || rootDashboards.isPending;
  const error = filtering ? results.error : (folders.error ?? rootDashboards.error);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState<string[]>([]);
  const deleteDashboards = useDeleteDashboards();
  const deleteFolder = useDeleteFolder();
  const [folderOpen, folderModal] = useDisclosure();
  const [dashboardOpen, dashboardModal] = useDisclosure();

  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const [active, setActive] = useState(0);

  const toggleSelected = (uid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });
  const toggleFolder = (uid: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-row="${clamped}"] [data-row-target]`)?.focus());
  };
  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusRow(active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(active - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusRow(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusRow(rows.length - 1);
    }
  };
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && rows.length > 0) {
      event.preventDefault();
      focusRow(0);
    } else if (event.key === 'Enter' && rows[0]?.kind === 'dashboard') {
      navigate(rows[0].hit.url);
    }
  };

  const confirmBulkDelete = () => {
    const uids = [...selected];
    modals.openConfirmModal({
      title: `Delete ${uids.length} dashboard${uids.length === 1 ? '' : 's'}?`,
      children: <Text size="sm">Their version history and annotations are deleted with them. This cannot be undone.</Text>,
      labels: { confirm: `Delete ${uids.length}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteDashboards.mutate(uids, {
          onSuccess: (count) => {
            notifications.show({ color: 'green', title: `Deleted ${count} dashboard${count === 1 ? '' : 's'}`, message: 'The list is up to date.' });
            setSelected(new Set());
          },
          onError: (e) => notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(e) }),
        }),
    });
  };

  const confirmFolderDelete = async (folder: SearchHit) => {
    let count: number | undefined;
    try {
      count = await countDashboardsInFolder(folder.uid);
    } catch {
      count = undefined;
    }
    modals.openConfirmModal({
      title: `Delete folder ${folder.title}?`,
      children: (
        <Text size="sm">
          {count === undefined
            ? 'Every dashboard in it is deleted too.'
            : count === 0
              ? 'The folder is empty.'
              : `Its ${count} dashboard${count === 1 ? '' : 's'} ${count === 1 ? 'is' : 'are'} deleted too, with their versions and annotations.`}{' '}
          This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete folder', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteFolder.mutate(folder.uid, {
          onSuccess: () => notifications.show({ color: 'green', title: 'Folder deleted', message: folder.title }),
          onError: (e) => notifications.show({ color: 'red', title: 'Could not delete the folder', message: errorMessage(e) }),
        }),
    });
  };

  const folderFilterOptions = [{ value: 'general', label: 'General' }, ...(folderList.data ?? []).map((f) => ({ value: f.uid, label: f.title }))];

  return (
    <Page
      title="Dashboards"
      actions={
        canEdit && (
          <>
            <Button variant="default" leftSection={<IconFolderPlus size={18} />} onClick={folderModal.open}>
              New folder
            </Button>
            <Button variant="default" component={Link} to={paths.importDashboard()} leftSection={<IconFileImport size={18} />}>
              Import
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={dashboardModal.open}>
              New dashboard
            </Button>
          </>
        )
      }
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={searchRef}
          style={{ flex: '1 1 280px' }}
          label="Search dashboards"
          description="Words in any order; tag:name for a tag. Press / to search."
          placeholder="e.g. cluster overview tag:prod"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setParam('query', e.currentTarget.value)}
          onKeyDown={onSearchKey}
        />
        <MultiSelect
          style={{ flex: '0 1 220px' }}
          label="Tags"
          placeholder={parsed.tags.length ? undefined : 'Any tag'}
          data={(tags.data ?? []).map((t) => ({ value: t.term, label: `${t.term} (${t.count})` }))}
          value={parseSearch(text).tags}
          onChange={(next) => setParam('query', formatSearch({ words: parseSearch(text).words, tags: next }))}
          searchable
          clearable
        />
        <Select
          style={{ flex: '0 1 200px' }}
          label="Folder"
          placeholder="All folders"
          data={folderFilterOptions}
          value={folderFilter ?? null}
          onChange={(value) => setParam('folder', value ?? undefined)}
          clearable
          searchable
        />
        <SegmentedControl
          aria-label="Sort"
          data={[
            { value: 'alpha-asc', label: 'A–Z' },
            { value: 'alpha-desc', label: 'Z–A' },
          ]}
          value={sort}
          onChange={(value) => setParam('sort', value)}
        />
      </Group>

      {selected.size > 0 && (
        <Paper withBorder p="xs" radius="sm">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {selected.size} selected
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setMoving([...selected])}>
                Move…
              </Button>
              <Button size="xs" color="red" onClick={confirmBulkDelete} loading={deleteDashboards.isPending}>
                Delete
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {loading ? (
        <LoadingRows label="Loading dashboards" />
      ) : error ? (
        <ErrorState error={error} onRetry={() => (filtering ? results.refetch() : (folders.refetch(), rootDashboards.refetch()))} title="Could not load dashboards" />
      ) : rows.length === 0 ? (
        <EmptyState title={filtering ? 'No dashboard matches' : 'No dashboards yet'}>
          {filtering ? 'Try fewer words, another tag or another folder.' : canEdit ? 'Create one, or import a Grafana export.' : 'Nobody has shared a dashboard with this account yet.'}
        </EmptyState>
      ) : (
        <Paper withBorder radius="sm">
          <div
            ref={listRef}
            role="list"
            aria-label={filtering ? `${rows.length} results` : 'Folders and dashboards'}
            onKeyDown={onListKey}
            style={{ height: `min(${rows.length * ROW_HEIGHT + 2}px, calc(100vh - 320px))`, minHeight: Math.min(rows.length, 4) * ROW_HEIGHT, overflow: 'auto', position: 'relative' }}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                return (
                  <div
                    key={`${row.kind}-${row.hit.uid}`}
                    role="listitem"
                    data-row={item.index}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Group h="100%" px="sm" gap="sm" wrap="nowrap" onFocus={() => setActive(item.index)}>
                      {row.kind === 'folder' ? (
                        <>
                          <UnstyledButton
                            data-row-target
                            onClick={() => (filtering ? setParam('folder', row.hit.uid) : toggleFolder(row.hit.uid))}
                            aria-expanded={filtering ? undefined : row.expanded}
                            aria-label={filtering ? `Show folder ${row.hit.title}` : `${row.expanded ? 'Collapse' : 'Expand'} folder ${row.hit.title}`}
                            style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 1, minWidth: 0 }}
                          >
                            {!filtering && (row.expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />)}
                            <IconFolder size={18} aria-hidden />
                            <Text size="sm" fw={600} truncate>
                              {row.hit.title}
                            </Text>
                            {row.count !== undefined && (
                              <Text size="xs" c="dimmed">
                                {row.count} dashboard{row.count === 1 ? '' : 's'}
                              </Text>
                            )}
                          </UnstyledButton>
                          {canEdit && (
                            <Tooltip label={`Delete folder ${row.hit.title}`}>
                              <ActionIcon variant="subtle" color="red" aria-label={`Delete folder ${row.hit.title}`} onClick={() => confirmFolderDelete(row.hit)}>
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </>
                      ) : (
                        <>
                          {row.depth === 1 && <span style={{ width: 24 }} aria-hidden />}
                          {canEdit && <Checkbox aria-label={`Select ${row.hit.title}`} checked={selected.has(row.hit.uid)} onChange={() => toggleSelected(row.hit.uid)} />}
                          <IconLayoutDashboard size={18} aria-hidden />
                          <Text component={Link} to={row.hit.url} data-row-target size="sm" truncate style={{ flex: 1, minWidth: 0 }} className="dashboard-link">
                            {row.hit.title}
                          </Text>
                          {filtering && (
                            <Text size="xs" c="dimmed" truncate maw={180}>
                              {row.hit.folderTitle ?? 'General'}
                            </Text>
                          )}
                          <Group gap={4} wrap="nowrap" visibleFrom="sm">
                            {row.hit.tags.slice(0, 4).map((tag) => (
                              <Badge key={tag} component="button" variant="outline" size="sm" style={{ cursor: 'pointer' }} onClick={() => setParam('query', withTag(text, tag))} aria-label={`Filter by tag ${tag}`}>
                                {tag}
                              </Badge>
                            ))}
                          </Group>
                        </>
                      )}
                    </Group>
                  </div>
                );
              })}
            </div>
          </div>
        </Paper>
      )}
      {filtering && results.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {results.data.length} result{results.data.length === 1 ? '' : 's'}
        </Text>
      )}
      <NewFolderModal opened={folderOpen} onClose={folderModal.close} />
      <NewDashboardModal opened={dashboardOpen} onClose={dashboardModal.close} />
      <MoveModal
        uids={moving}
        onClose={(moved) => {
          setMoving([]);
          if (moved) setSelected(new Set());
        }}
      />
    </Page>
  );
}
