import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * The notification stack and the host of confirmation dialogs. Neither is needed for a page's first
 * paint, so `Providers` loads this module beside the page's code rather than in the first download.
 * Both are driven from outside React: a notification shown before this mounts waits in its store,
 * and `modals.openConfirmModal` is only reachable from page code, which needs the same Modal code.
 */
export default function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
