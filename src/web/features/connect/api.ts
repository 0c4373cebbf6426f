import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../api/signedIn';

export { RoleNoneError } from '../../api/signedIn';

/** Checks a token against a server; resolves to the session to start. */
export function useCheckConnection() {
  return useMutation({
    mutationFn: ({ serverUrl, token }: { serverUrl: string; token: string }) => loadSession({ kind: 'token', serverUrl, token }),
  });
}
