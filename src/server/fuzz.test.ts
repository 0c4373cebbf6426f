/**
 * Property-based fuzzing of every route in `app.apiRoutes` (issue 13): path parameters, query
 * strings and bodies generated from the contract's schemas, with arbitrary JSON and strings
 * beside them. Whatever comes in, the answer is never a 5xx, and every 4xx is JSON with a
 * `message`. Seeded and reproducible: SIGHTLINE_FUZZ_RUNS (default 250) and SIGHTLINE_FUZZ_SEED
 * (default 13) choose how many cases and which; a failure prints the seed and path to replay.
 */
import dns from 'node:dns';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as annotations from '../contract/annotations';
import * as dashboards from '../contract/dashboards';
import * as datasources from '../contract/datasources';
import * as folders from '../contract/folders';
import * as org from '../contract/org';
import * as search from '../contract/search';
import * as serviceaccounts from '../contract/serviceaccounts';
import * as users from '../contract/users';
import { mintToken } from './bootstrap';
import { configureOutgoing, DEFAULT_DENY_CIDRS } from './outgoing';
import type { ApiRoute } from './requestAuth';
import { createDataSource } from './testing/datasources';
import { startTestServer, type TestServer } from './testing/harness';

const RUNS = Number(process.env.SIGHTLINE_FUZZ_RUNS ?? 250);
const SEED = Number(process.env.SIGHTLINE_FUZZ_SEED ?? 13);

type Schema = z.ZodType;
const def = (schema: Schema) => (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** Inputs for a zod schema: mostly what it accepts, sometimes just outside (lengths, types). */
function arbitraryFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const d = def(schema);
  const nested = (s: unknown) => arbitraryFor(s as Schema, depth + 1);
  switch (d.type) {
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, nested(value)])), { requiredKeys: [] });
    }
    case 'string': {
      const pattern = d.pattern instanceof RegExp ? d.pattern : undefined;
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        ...(pattern ? [fc.stringMatching(pattern)] : []),
        ...(d.format === 'email' ? [fc.emailAddress()] : []),
        fc.constantFrom(
          '',
          ' ',
          'a'.repeat(191),
          'x'.repeat(1001),
          '12345678901234567890123',
          '-1',
          '0',
          'null',
          '../..',
          '%00',
          '\u0000',
          '💥',
        ),
      );
    }
    case 'number':
      return fc.oneof(
        fc.integer(),
        fc.integer({ min: 0, max: 10 }),
        fc.double(),
        fc.constantFrom(0, -1, 2 ** 53, 1e23, Number.MAX_SAFE_INTEGER),
      );
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(d.entries as Record<string, string>)), fc.string({ maxLength: 8 }));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'array':
      return fc.oneof(fc.array(nested(d.element), { maxLength: 4 }), fc.array(nested(d.element), { minLength: 51, maxLength: 60 }));
    case 'tuple':
      return fc.tuple(...(d.items as Schema[]).map(nested));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof(nested(d.innerType), fc.constant(undefined), fc.constant(null));
    case 'union':
      return fc.oneof(...(d.options as Schema[]).map(nested));
    case 'intersection':
      return nested(d.left);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : nested(d.valueType), { maxKeys: 4 });
    case 'pipe':
      // The input side is what a client sends.
      return d.in && def(d.in as Schema).type !== 'transform' ? nested(d.in) : fc.jsonValue({ maxDepth: 2 });
    case 'lazy':
      return depth > 3 ? fc.constant(null) : nested((d.getter as () => Schema)());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Query strings carry strings only: numbers and booleans become their text. */
function asQuery(value: unknown): Record<string, string | string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const query: Record<string, string | string[]> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    query[key] = Array.isArray(item) ? item.map((entry) => String(entry)) : typeof item === 'object' ? JSON.stringify(item) : String(item);
  }
  return query;
}

/** Which contract schema each known route reads; routes added later still get the generic inputs. */
const bodies: Record<string, Schema> = {
  'PUT /api/org': org.updateOrgRequestSchema,
  'PUT /api/org/address': org.updateOrgAddressRequestSchema,
  'POST /api/admin/users': users.createUserRequestSchema,
  'POST /api/org/users': users.addOrgUserRequestSchema,
  'PATCH /api/org/users/:userId': users.updateOrgUserRequestSchema,
  'POST /api/serviceaccounts': serviceaccounts.createServiceAccountRequestSchema,
  'PATCH /api/serviceaccounts/:id': serviceaccounts.updateServiceAccountRequestSchema,
  'POST /api/serviceaccounts/:id/tokens': serviceaccounts.createTokenRequestSchema,
  'POST /api/dashboards/db': dashboards.saveDashboardRequestSchema,
  'POST /api/dashboards/uid/:uid/restore': dashboards.restoreDashboardRequestSchema,
  'POST /api/folders': folders.createFolderRequestSchema,
  'PUT /api/folders/:uid': folders.updateFolderRequestSchema,
  'POST /api/folders/:uid/permissions': folders.updateFolderPermissionsRequestSchema,
  'POST /api/annotations': annotations.createAnnotationRequestSchema,
  'PUT /api/annotations/:id': annotations.updateAnnotationRequestSchema,
  'PATCH /api/annotations/:id': annotations.patchAnnotationRequestSchema,
  'POST /api/datasources': datasources.createDataSourceRequestSchema,
  'PUT /api/datasources/uid/:uid': datasources.updateDataSourceRequestSchema,
  'PUT /api/datasources/:id': datasources.updateDataSourceRequestSchema,
};
const queries: Record<string, Schema> = {
  'GET /api/org/users': users.orgUsersQuerySchema,
  'GET /api/org/users/lookup': users.orgUserLookupQuerySchema,
  'GET /api/serviceaccounts/search': serviceaccounts.searchServiceAccountsQuerySchema,
  'GET /api/dashboards/uid/:uid/versions': dashboards.dashboardVersionsQuerySchema,
  'GET /api/folders': folders.folderListQuerySchema,
  'GET /api/search': search.searchQuerySchema,
  'GET /api/annotations': annotations.findAnnotationsQuerySchema,
  'GET /api/annotations/tags': annotations.annotationTagsQuerySchema,
};
const anyBody = fc.oneof(...Object.values(bodies).map((schema) => arbitraryFor(schema)));
const anyQuery = fc.oneof(...Object.values(queries).map((schema) => arbitraryFor(schema)));

const paramValue = fc.oneof(
  // Existing things (created in beforeAll), so updates and health checks reach their handlers.
  fc.constantFrom('fuzz-ds', 'fuzz-dash', 'fuzz-folder', 'fuzz%20ds'),
  fc.constantFrom('1', '2', '3', '0', '-1', 'abc', 'general', '12345678901234567890123', '%2e%2e', 'a'.repeat(300), '%F0%9F%92%A5', '%ZZ'),
  fc.nat({ max: 20 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

let server: TestServer;
let viewerToken: string;
let adminToken: string | undefined;
let minted = 0;

/** The fuzzer may delete, disable or revoke the accounts it calls with; then new ones are minted offline, as the CLI does. */
async function usableToken(role: 'Admin' | 'Viewer', current: string | undefined): Promise<string> {
  if (current && (await server.call({ method: 'GET', url: '/api/user', token: current })).statusCode === 200) return current;
  return (await mintToken(server.store, { name: `fuzz-${role.toLowerCase()}-${++minted}`, role })).token;
}
beforeAll(async () => {
  server = await startTestServer();
  viewerToken = (await server.accountWithToken('Viewer')).token;
  // Nothing generated here may reach the network: every address is denied, and names do not
  // resolve (so a generated data source URL fails at once instead of waiting on DNS).
  configureOutgoing({ denyCidrs: ['0.0.0.0/0', '::/0'] });
  vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (error: Error) => void) =>
    callback(Object.assign(new Error('not resolved in the fuzz test'), { code: 'ENOTFOUND' }))) as unknown as typeof dns.lookup);
  await createDataSource(server, { uid: 'fuzz-ds', name: 'fuzz ds', type: 'prometheus', url: 'http://127.0.0.1:9' });
  await createDataSource(server, {
    name: 'fuzz-pg',
    type: 'grafana-postgresql-datasource',
    url: 'db.example:5432',
    user: 'u',
    jsonData: { database: 'd' },
  });
  await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'fuzz-folder', title: 'Fuzz folder' } });
  await server.call({
    method: 'POST',
    url: '/api/dashboards/db',
    payload: { dashboard: { uid: 'fuzz-dash', title: 'Fuzz dash', tags: ['a'] }, folderUid: 'fuzz-folder' },
  });
  vi.spyOn(dns.promises, 'lookup').mockRejectedValue(Object.assign(new Error('not resolved in the fuzz test'), { code: 'ENOTFOUND' }));
});
afterAll(async () => {
  vi.restoreAllMocks();
  configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS });
  await server.cleanup();
});

describe('fuzzing every API route', () => {
  it(`answers no 5xx and a JSON message on every 4xx (${RUNS} cases, seed ${SEED})`, async () => {
    const routes: ApiRoute[] = server.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(40);
    const input = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(paramValue, { minLength: 4, maxLength: 4 }),
      query: fc.oneof(
        anyQuery,
        fc.dictionary(
          fc.string({ maxLength: 10 }),
          fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 })),
          { maxKeys: 4 },
        ),
      ),
      routeQuery: fc.boolean(),
      body: fc.oneof(
        { weight: 3, arbitrary: anyBody.map((value) => JSON.stringify(value) ?? '') },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '',
            '{',
            '[]',
            'null',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{}}}',
            `${'['.repeat(300)}${']'.repeat(300)}`,
          ),
        },
      ),
      useRouteBody: fc.boolean(),
      asViewer: fc.boolean(),
    });
    const routeBodies = new Map(routes.map((route) => [`${route.method} ${route.url}`, bodies[`${route.method} ${route.url}`]]));

    await fc.assert(
      fc.asyncProperty(input, fc.context(), async (generated, context) => {
        const { route, params, asViewer } = generated;
        adminToken = await usableToken('Admin', adminToken);
        viewerToken = await usableToken('Viewer', viewerToken);
        let index = 0;
        const url = route.url.replace(/:[A-Za-z]+/g, () => params[index++ % params.length]!);
        const key = `${route.method} ${route.url}`;
        const ownBody = routeBodies.get(key);
        const body =
          generated.useRouteBody && ownBody
            ? (JSON.stringify(fc.sample(arbitraryFor(ownBody), { seed: SEED + url.length, numRuns: 1 })[0]) ?? '')
            : generated.body;
        const ownQuery = queries[key];
        const query =
          generated.routeQuery && ownQuery
            ? asQuery(fc.sample(arbitraryFor(ownQuery), { seed: SEED + body.length, numRuns: 1 })[0])
            : asQuery(generated.query);
        const response = await server.call({
          method: route.method as 'GET',
          url,
          query,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: body, headers: { 'content-type': 'application/json' } }),
          token: asViewer ? viewerToken : adminToken,
        });
        context.log(
          `${route.method} ${url} ${JSON.stringify(query)} ${body.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        // 501 is the truthful answer of a Grafana feature Sightline does not have (routes/compat.ts).
        if (response.statusCode !== 501) expect(response.statusCode, `${route.method} ${url}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const parsed = JSON.parse(response.body) as { message?: unknown };
          expect(typeof parsed.message, response.body).toBe('string');
          expect(String(parsed.message).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The server is still itself afterwards.
    expect((await server.call({ method: 'GET', url: '/api/org', token: await usableToken('Admin', adminToken) })).statusCode).toBe(200);
  }, 120_000);
});
