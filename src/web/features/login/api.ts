import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '../../../contract/users';
import { apiFetch } from '../../api/client';
import { loadSession } from '../../api/signedIn';

/**
 * Signs in with a password at the server that served this page, which answers with its HttpOnly
 * session cookie, then reads who that is: resolves to the cookie session to start.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async (body: LoginRequest) => {
      // No session is involved: a 401 here is a wrong password, not an ended session.
      await apiFetch('/login', { method: 'POST', body, schema: loginResponseSchema, credentials: { serverUrl: '' } });
      return loadSession({ kind: 'cookie' });
    },
  });
}
