import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type { ErrorResponse } from '../../contract/errors';
import type { Org } from '../../contract/org';
import type { SignedInUser, UserOrg } from '../../contract/users';
import type { CookieSession, TokenSession } from '../api/session';

export const API = 'http://localhost:3000';

/**
 * The mock API of component tests. Handlers answer with contract-typed bodies. The one default:
 * the navigation asks for firing alerts on every page, and by default none fire.
 */
export const server = setupServer(
  http.get(`${API}/api/prometheus/grafana/api/v1/rules`, () => HttpResponse.json({ status: 'success', data: { groups: [], totals: {} } })),
);

/** A handler whose answer must satisfy the contract type `S`. */
export function answer<S extends z.ZodType>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: z.input<S>,
  status = 200,
) {
  return http[method](`${API}${path}`, () => HttpResponse.json(body as JsonBodyType, { status }));
}

export function failWith(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, status: number, body: ErrorResponse) {
  return http[method](`${API}${path}`, () => HttpResponse.json(body, { status }));
}

export const fixtures = {
  org: { id: 1, name: 'Main Org.', address: { address1: '', address2: '', city: '', zipCode: '', state: '', country: '' } } satisfies Org,
  user: {
    id: 2,
    login: 'sa-admin',
    email: 'sa-admin',
    name: 'admin',
    orgId: 1,
    isGrafanaAdmin: false,
    isDisabled: false,
    avatarUrl: '/avatar/x',
  } satisfies SignedInUser,
  orgs: (role: UserOrg['role'] = 'Admin'): UserOrg[] => [{ orgId: 1, name: 'Main Org.', role }],
};

/** A connected session as the connect page would leave it. */
export function connectedSession(role: UserOrg['role'] = 'Admin'): TokenSession {
  return { kind: 'token', serverUrl: '', token: 'glsa_test', orgId: 1, orgName: 'Main Org.', role, login: 'sa-admin' };
}

/** A person's session as the sign-in page would leave it (the cookie is the browser's). */
export function signedInSession(role: UserOrg['role'] = 'Admin', login = 'alice'): CookieSession {
  return { kind: 'cookie', serverUrl: '', orgId: 1, orgName: 'Main Org.', role, login };
}
