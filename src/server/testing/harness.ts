import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OrgRole } from '../../contract/common';
import { buildApp, type AppDeps } from '../app';
import { hashPassword } from '../auth/passwords';
import { bootstrap } from '../bootstrap';
import { inject } from 'vitest';
import { openStore, type Store } from '../store';
import { POSTGRES_TEST_SECRET_KEY, testDatabase } from './postgres';

export const ADMIN_TOKEN = 'sightline-test-admin-token-0123456789';
/** The person `admin`'s password in test data dirs. */
export const ADMIN_PASSWORD = 'sightline-test-admin-password';
let adminPasswordHash: Promise<string> | undefined;
/** One scrypt hash of ADMIN_PASSWORD per test process, shared by every data dir it bootstraps. */
export function adminPassword(): Promise<{ hash: string }> {
  adminPasswordHash ??= hashPassword(ADMIN_PASSWORD);
  return adminPasswordHash.then((hash) => ({ hash }));
}

export interface TestServer {
  app: FastifyInstance;
  store: Store;
  dataDir: string;
  /** `app.inject` with the admin token unless `token` says otherwise (null: no header). */
  call(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** A new service account with `role` and a token for it. */
  accountWithToken(
    role: OrgRole,
    options?: { name?: string; secondsToLive?: number },
  ): Promise<{ id: number; token: string; tokenId: number }>;
  /** Closes the server and the store; the data dir stays until `cleanup`. */
  close(): Promise<void>;
  cleanup(): Promise<void>;
}

let counter = 0;

/** Which store the server tests run on: `postgres` in the `server-postgres` Vitest project. */
export const TEST_STORE: 'sqlite' | 'postgres' = process.env.SIGHTLINE_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/** In the PostgreSQL project: the test database that belongs to `dataDir`. */
async function testPostgresDatabase(dataDir: string) {
  if (TEST_STORE !== 'postgres') return undefined;
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error("the server-postgres tests need Debian's postgresql (apt-get install postgresql)");
  return testDatabase(adminUrl, dataDir);
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-test-'));
}

/**
 * Environment that points a server or CLI process at the test store of `dataDir`: nothing on
 * SQLite (the data dir says it all), the test database's URL and the secret key on PostgreSQL.
 */
export async function testStoreEnv(dataDir: string): Promise<Record<string, string>> {
  const postgres = await testPostgresDatabase(dataDir);
  return postgres ? { SIGHTLINE_DATABASE_URL: postgres.url, SIGHTLINE_SECRET_KEY: POSTGRES_TEST_SECRET_KEY } : {};
}

/** A second connection to `dataDir`'s store, as another process or instance would have. */
export async function openStoreBeside(dataDir: string): Promise<Store> {
  const postgres = await testPostgresDatabase(dataDir);
  return openStore(dataDir, postgres && { databaseUrl: postgres.url, secretKey: POSTGRES_TEST_SECRET_KEY });
}

/** The real server over a real SQLite file in a temp dir, bootstrapped with ADMIN_TOKEN. */
export async function startTestServer(
  options: {
    dataDir?: string;
    maxBodyBytes?: number;
    /** Versions each dashboard keeps (default: Grafana's 20). */
    versionsToKeep?: number;
    app?: Partial<Omit<AppDeps, 'store'>>;
    /** Built over the store (e.g. a Provisioner) before the app, which gets it for its reload routes. */
    provisioner?: (store: Store) => AppDeps['provisioner'];
    /**
     * `sqlite`: the data dir's SQLite file even in the PostgreSQL project (the source of a copy);
     * a `postgres://` URL: that database, kept at clean-up.
     */
    store?: 'sqlite' | string;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const given = options.store?.startsWith('postgres') ? options.store : undefined;
  const postgres = options.store === 'sqlite' || given ? undefined : await testPostgresDatabase(dataDir);
  const databaseUrl = given ?? postgres?.url;
  const store = await openStore(dataDir, {
    ...(databaseUrl ? { databaseUrl, secretKey: POSTGRES_TEST_SECRET_KEY } : {}),
    versionsToKeep: options.versionsToKeep,
  });
  await bootstrap(store, ADMIN_TOKEN, await adminPassword());
  const app = await buildApp({ ...options.app, provisioner: options.provisioner?.(store), store, maxBodyBytes: options.maxBodyBytes });
  await app.ready();
  let closed = false;

  const call: TestServer['call'] = ({ token = ADMIN_TOKEN, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
    });

  const server: TestServer = {
    app,
    store,
    dataDir,
    call,
    async accountWithToken(role, { name, secondsToLive } = {}) {
      const created = await call({
        method: 'POST',
        url: '/api/serviceaccounts',
        payload: { name: name ?? `${role.toLowerCase()}-${++counter}`, role },
      });
      if (created.statusCode !== 201) throw new Error(`creating a ${role} account failed: ${created.body}`);
      const { id } = created.json<{ id: number }>();
      const minted = await call({
        method: 'POST',
        url: `/api/serviceaccounts/${id}/tokens`,
        payload: { name: 'test', secondsToLive: secondsToLive ?? 0 },
      });
      if (minted.statusCode !== 200) throw new Error(`minting a token failed: ${minted.body}`);
      const { key, id: tokenId } = minted.json<{ key: string; id: number }>();
      return { id, token: key, tokenId };
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await store.close();
    },
    async cleanup() {
      await server.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
