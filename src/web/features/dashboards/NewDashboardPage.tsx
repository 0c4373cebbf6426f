import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { NewDashboardForm } from './newDashboardForm';

/**
 * `/dashboard/new`, Grafana's address for a new dashboard: `?folderUid=` picks the folder it is
 * saved in (a folder page's "New dashboard" links here). Saved at once, then opened.
 */
export function NewDashboardPage() {
  const [params] = useSearchParams();
  const folderUid = params.get('folderUid') ?? '';
  return (
    <Page title="New dashboard">
      <NewDashboardForm
        initialFolderUid={folderUid}
        footer={({ canSubmit, pending }) => (
          <Group>
            <Button type="submit" loading={pending} disabled={!canSubmit}>
              Create dashboard
            </Button>
            <Button variant="default" component={Link} to={folderUid ? paths.folder(folderUid) : paths.dashboards()}>
              Cancel
            </Button>
          </Group>
        )}
      />
    </Page>
  );
}
