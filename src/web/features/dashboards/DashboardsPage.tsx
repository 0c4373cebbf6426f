import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SearchHit } from '../../../contract/search';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { confirmDeleteFolder } from '../../components/confirmDeleteFolder';
import { Page } from '../../components/Page';
import { PickersBuiltWhenOpened } from '../../components/PickersBuiltWhenOpened';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { plural } from '../../lib/format';
import { useDeleteDashboards, useDeleteFolder } from './api';
import { useForgetDashboards } from './forgetDashboards';
import { BulkBar, confirmDeleteDashboards, MoveModal, NewFolderModal } from './DashboardActions';
import { DashboardFilters } from './DashboardFilters';
import { DashboardList, useRowNavigation } from './DashboardList';
import { NewDashboardModal } from './NewDashboardModal';
import { RecentAndStarred } from './RecentAndStarred';
import { withTag } from './searchQuery';
import { useDashboardBrowser } from './useDashboardBrowser';

type SearchKey = 'ArrowDown' | 'Enter';

export function DashboardsPage() {
  const browser = useDashboardBrowser();
  const { rows, filtering, fresh } = browser;
  const navigate = useNavigate();
  const canEdit = useHasRole('Editor');
  const canAdmin = useHasRole('Admin');
  const nav = useRowNavigation(rows.length);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState<string[]>([]);
  const deleteDashboards = useDeleteDashboards();
  const forgetDashboards = useForgetDashboards();
  const deleteFolder = useDeleteFolder();
  const [folderOpen, folderModal] = useDisclosure();
  const [dashboardOpen, dashboardModal] = useDisclosure();

  // ArrowDown or Enter in the search box acts on the results of what is typed: pressed while an older
  // search is still on screen, the key waits for the new results.
  const pendingKey = useRef<SearchKey>(undefined);
  const actOnSearchKey = (key: SearchKey) => {
    if (key === 'ArrowDown' && rows.length > 0) nav.focusRow(0);
    if (key === 'Enter' && rows[0]?.kind === 'dashboard') navigate(rows[0].hit.url);
  };
  useEffect(() => {
    const key = pendingKey.current;
    if (!key || !fresh) return;
    pendingKey.current = undefined;
    actOnSearchKey(key);
    // Runs when the results become fresh; actOnSearchKey reads this render's rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, rows]);
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
    event.preventDefault();
    if (fresh) actOnSearchKey(event.key);
    else pendingKey.current = event.key;
  };

  const toggleSelected = (uid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  const bulkDelete = () =>
    confirmDeleteDashboards(selected.size, () =>
      deleteDashboards.mutate([...selected], {
        onSuccess: (count) => {
          notifications.show({ color: 'green', title: `Deleted ${plural(count, 'dashboard')}`, message: 'The list is up to date.' });
          setSelected(new Set());
        },
        onError: (e) => notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(e) }),
        // Also after a failure: the ones before it are gone.
        onSettled: (_count, _error, uids) => forgetDashboards(uids),
      }),
    );

  const removeFolder = ({ hit }: { hit: SearchHit }) =>
    confirmDeleteFolder(hit, () =>
      deleteFolder.mutate(hit.uid, {
        onSuccess: () => notifications.show({ color: 'green', title: 'Folder deleted', message: hit.title }),
        onError: (e) => notifications.show({ color: 'red', title: 'Could not delete the folder', message: errorMessage(e) }),
      }),
    );

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
      <PickersBuiltWhenOpened>
        <DashboardFilters
          text={browser.text}
          folder={browser.folderFilter}
          sort={browser.sort}
          starred={browser.starred}
          onChange={browser.setParam}
          onSearchKey={onSearchKey}
        />
      </PickersBuiltWhenOpened>

      <RecentAndStarred enabled={!filtering && !browser.loading && !browser.error} />

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          deleting={deleteDashboards.isPending}
          onMove={() => setMoving([...selected])}
          onDelete={bulkDelete}
          onClear={() => setSelected(new Set())}
        />
      )}

      {browser.loading ? (
        <LoadingRows label="Loading dashboards" />
      ) : browser.error ? (
        <ErrorState error={browser.error} onRetry={() => void browser.retry()} title="Could not load dashboards" />
      ) : rows.length === 0 ? (
        <EmptyState title={filtering ? 'No dashboard matches' : 'No dashboards yet'}>
          {filtering
            ? browser.starred
              ? 'Star a dashboard from its page to find it here, or try fewer words, another tag or another folder.'
              : 'Try fewer words, another tag or another folder.'
            : canEdit
              ? 'Create one, or import a Grafana export.'
              : 'Nobody has shared a dashboard with this account yet.'}
        </EmptyState>
      ) : (
        <DashboardList
          rows={rows}
          label={filtering ? resultsLabel(browser.resultCount) : 'Folders and dashboards'}
          complete={!rows.some((row) => row.kind === 'more')}
          nav={nav}
          filtering={filtering}
          stale={!fresh}
          canEdit={canEdit}
          canAdmin={canAdmin}
          selected={selected}
          onToggleSelected={toggleSelected}
          onOpenFolder={(row) => (filtering ? browser.setParam('folder', row.hit.uid) : browser.toggleFolder(row.hit.uid))}
          onDeleteFolder={removeFolder}
          onTag={(tag) => browser.setParam('query', withTag(browser.text, tag))}
          onLoadMore={browser.loadMore}
          onRetryMore={browser.retryMore}
        />
      )}
      {browser.resultCount !== undefined && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {resultsLabel(browser.resultCount)}
          {!browser.resultCount.complete && ', more load as you scroll'}
        </Text>
      )}
      <NewFolderModal opened={folderOpen} onClose={folderModal.close} />
      <NewDashboardModal opened={dashboardOpen} onClose={dashboardModal.close} />
      {/* Mounted only while moving: closed, it still built its title with `plural`, whose first
          number formatting loads the locale's data while the list renders. */}
      {moving.length > 0 && (
        <MoveModal
          uids={moving}
          onClose={(moved) => {
            setMoving([]);
            if (moved) setSelected(new Set());
          }}
        />
      )}
    </Page>
  );
}

/** What the results count says: the total once all are loaded, else how many are so far. */
function resultsLabel(count: { loaded: number; complete: boolean } | undefined): string {
  if (!count) return 'Results';
  return count.complete ? plural(count.loaded, 'result') : `At least ${plural(count.loaded, 'result')}`;
}
