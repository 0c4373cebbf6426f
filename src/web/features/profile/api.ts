import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import type { ChangePasswordRequest } from '../../../contract/users';
import { apiFetch } from '../../api/client';

/** Changes the signed-in person's password; the server ends their other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      // A 401 here says the old password is wrong (Grafana's answer), not that the session ended.
      apiFetch('/api/user/password', { method: 'PUT', body, schema: messageResponseSchema, keepSessionOn401: true }),
  });
}
