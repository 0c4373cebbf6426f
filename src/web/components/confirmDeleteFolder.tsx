import { Text } from '@mantine/core';
import { countDashboardsInFolder } from '../api/search';
import { plural } from '../lib/format';
import { confirmDestructive } from './confirmDestructive';

/**
 * Asks before deleting a folder, saying how many dashboards go with it: counted first, and said
 * vaguely if the count fails. Shared by the dashboards list and the folder's own page.
 */
export async function confirmDeleteFolder(folder: { uid: string; title: string }, onConfirm: () => void) {
  const count = await countDashboardsInFolder(folder.uid).catch(() => undefined);
  const what =
    count === undefined
      ? 'Every dashboard in it is deleted too.'
      : count === 0
        ? 'The folder is empty.'
        : `Its ${plural(count, 'dashboard')} ${count === 1 ? 'is' : 'are'} deleted too, with their versions and annotations.`;
  confirmDestructive({
    title: `Delete folder ${folder.title}?`,
    confirmLabel: 'Delete folder',
    children: <Text size="sm">{what} This cannot be undone.</Text>,
    onConfirm,
  });
}
