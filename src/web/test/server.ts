import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type { DashboardMeta, DashboardWithMeta, SaveDashboardResponse } from '../../contract/dashboards';
import type { DataSource } from '../../contract/datasources';
import type { ErrorResponse } from '../../contract/errors';
import type { Org } from '../../contract/org';
import { defaultPreferences, type HomeDashboardAnswer, type Preferences } from '../../contract/preferences';
import type { SignedInUser, UserOrg } from '../../contract/users';
import type { CookieSession, TokenSession } from '../api/session';

export const API = 'http://localhost:3000';

/** What `GET /api/user/preferences/effective` answers when nothing is set: Sightline's defaults. */
export const defaultEffectivePreferences: Preferences = defaultPreferences;

/**
 * The mock API of component tests. Handlers answer with contract-typed bodies. The defaults: the
 * navigation asks for firing alerts on every page, and by default none fire; the frame asks for
 * the account's effective preferences, by default none set; `/` asks for the home dashboard, by
 * default Grafana's built-in one (no `redirectUri`).
 */
export const server = setupServer(
  http.get(`${API}/api/prometheus/grafana/api/v1/rules`, () => HttpResponse.json({ status: 'success', data: { groups: [], totals: {} } })),
  http.get(`${API}/api/user/preferences/effective`, () => HttpResponse.json(defaultEffectivePreferences)),
  http.get(`${API}/api/dashboards/home`, () =>
    HttpResponse.json({ dashboard: { title: 'Home' }, meta: { isHome: true } } satisfies HomeDashboardAnswer),
  ),
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
  /** A data source as the API lists it: the org's default Prometheus, unless `fields` say otherwise. */
  dataSource: (fields: Partial<DataSource> = {}): DataSource => ({
    id: 1,
    uid: 'prom',
    orgId: 1,
    name: 'Prometheus',
    type: 'prometheus',
    typeName: 'Prometheus',
    typeLogoUrl: '',
    access: 'proxy',
    url: 'http://prom:9090',
    user: '',
    database: '',
    basicAuth: false,
    basicAuthUser: '',
    withCredentials: false,
    isDefault: true,
    jsonData: {},
    secureJsonFields: {},
    version: 1,
    readOnly: false,
    ...fields,
  }),
  /** `dashboard` as `GET /api/dashboards/uid/abc` answers it: Checkout, in General, which an Editor may save, edit and delete. */
  storedDashboard: (dashboard: DashboardWithMeta['dashboard'], meta: Partial<DashboardMeta> = {}): DashboardWithMeta => ({
    dashboard,
    meta: {
      type: 'db',
      canSave: true,
      canEdit: true,
      canAdmin: false,
      canDelete: true,
      slug: 'checkout',
      url: '/d/abc/checkout',
      created: '2026-11-01T10:00:00.000Z',
      updated: '2026-11-01T11:00:00.000Z',
      createdBy: 'sa-admin',
      updatedBy: 'sa-admin',
      version: dashboard.version,
      folderId: 0,
      folderUid: '',
      folderTitle: 'General',
      folderUrl: '',
      provisioned: false,
      ...meta,
    },
  }),
};

/** A connected session as the connect page would leave it. */
export function connectedSession(role: UserOrg['role'] = 'Admin'): TokenSession {
  return { kind: 'token', serverUrl: '', token: 'glsa_test', orgId: 1, orgName: 'Main Org.', role, login: 'sa-admin' };
}

/** A person's session as the sign-in page would leave it (the cookie is the browser's). */
export function signedInSession(role: UserOrg['role'] = 'Admin', login = 'alice'): CookieSession {
  return { kind: 'cookie', serverUrl: '', orgId: 1, orgName: 'Main Org.', role, login };
}

/** Serves `stored` at its uid, and what the dashboard page asks for beside it (folders, stars, annotations, data sources) as empty. */
export function serveDashboard(stored: DashboardWithMeta) {
  server.use(
    http.get(`${API}/api/dashboards/uid/${stored.dashboard.uid}`, () => HttpResponse.json(stored)),
    answer('get', '/api/folders', []),
    answer('get', '/api/user/stars', []),
    answer('get', '/api/annotations', []),
    answer('get', '/api/datasources', []),
  );
}

/** Answers every dashboard save with `response`, and keeps each posted body, in order, in the array it returns. */
export function recordDashboardSaves<Body>(response: SaveDashboardResponse): Body[] {
  const saved: Body[] = [];
  server.use(
    http.post(`${API}/api/dashboards/db`, async ({ request }) => {
      saved.push((await request.json()) as Body);
      return HttpResponse.json(response);
    }),
  );
  return saved;
}
