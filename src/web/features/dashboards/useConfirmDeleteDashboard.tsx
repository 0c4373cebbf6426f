import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { paths } from '../../app/paths';
import { useDeleteDashboards } from './api';
import { useForgetDashboards } from './forgetDashboards';

/** Deleting the dashboard, after saying what goes with it; then back to the dashboards. */
export function useConfirmDeleteDashboard({ uid, title, version }: { uid: string; title: string; version: number }) {
  const navigate = useNavigate();
  const remove = useDeleteDashboards();
  const forget = useForgetDashboards();
  return () =>
    modals.openConfirmModal({
      title: `Delete dashboard ${title}?`,
      children: (
        <Text size="sm">
          Its {version} saved version{version === 1 ? '' : 's'} and its annotations are deleted too. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete dashboard', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate([uid], {
          onSuccess: () => {
            notifications.show({ color: 'green', title: 'Dashboard deleted', message: title });
            navigate(paths.dashboards());
            // After leaving its page, so Back finds nothing cached and asks the server.
            forget([uid]);
          },
          onError: (e) => notifications.show({ color: 'red', title: 'Could not delete the dashboard', message: errorMessage(e) }),
        }),
    });
}
