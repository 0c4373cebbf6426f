import { notifications } from '@mantine/notifications';
import type { UpdateServiceAccountRequest } from '../../../contract/serviceaccounts';

/** The confirmations of this feature's writes, worded the same wherever the write started. */
export function notifyAccountUpdated(name: string, patch: UpdateServiceAccountRequest): void {
  if (patch.isDisabled === true) {
    notifications.show({ color: 'green', title: 'Service account disabled', message: `${name}: its tokens are refused` });
  } else if (patch.isDisabled === false) {
    notifications.show({ color: 'green', title: 'Service account enabled', message: `${name}: its tokens work again` });
  } else if (patch.name === undefined && patch.role !== undefined) {
    notifications.show({ color: 'green', title: 'Role changed', message: `${name} is now ${patch.role}` });
  } else {
    notifications.show({ color: 'green', title: 'Service account updated', message: name });
  }
}

export function notifyAccountDeleted(name: string): void {
  notifications.show({ color: 'green', title: 'Service account deleted', message: name });
}
