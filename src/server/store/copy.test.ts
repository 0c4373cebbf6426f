// store: postgres only — copies a SQLite data dir into the test cluster.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SecretBox } from '../secrets';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import { adminQuery, POSTGRES_TEST_SECRET_KEY } from '../testing/postgres';
import { serverEntry } from '../testing/serverProcess';
import { copySqliteToPostgres } from './copy';

const adminUrl = inject('postgresAdminUrl')!;
const fixtureDir = new URL('../testing/fixtures/dashboards/', import.meta.url);
let source: TestServer;
let viewerToken: string;
const created: string[] = [];

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function newDatabase(): Promise<string> {
  const name = `copy_${process.pid}_${created.length}`;
  await adminQuery(adminUrl, `create database ${name}`);
  created.push(name);
  return databaseUrl(name);
}

/** What a client sees through these GETs, with the fields that legitimately differ removed. */
async function answers(server: TestServer, urls: string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    const response = await server.call({ method: 'GET', url });
    out[url] = { status: response.statusCode, body: response.json() };
  }
  return out;
}

beforeAll(async () => {
  // The source: a SQLite data dir with its own key file, as a single-machine install has.
  source = await startTestServer({ store: 'sqlite' });
  const call = source.call;
  const folder = (await call({ method: 'POST', url: '/api/folders', payload: { title: 'Copied folder' } })).json();
  await call({ method: 'POST', url: '/api/folders', payload: { title: 'Nested', parentUid: folder.uid } });
  for (const file of fs.readdirSync(fixtureDir).filter((name) => name.endsWith('.json'))) {
    const dashboard = JSON.parse(fs.readFileSync(new URL(file, fixtureDir), 'utf8'));
    delete dashboard.id;
    const saved = await call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard, folderUid: folder.uid } });
    expect(saved.statusCode, file).toBe(200);
    // A second version of each.
    const again = (await call({ method: 'GET', url: `/api/dashboards/uid/${saved.json().uid}` })).json();
    await call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { ...again.dashboard, title: `${again.dashboard.title} v2` }, folderUid: folder.uid },
    });
  }
  for (let i = 0; i < 30; i++) {
    await call({
      method: 'POST',
      url: '/api/annotations',
      payload: { text: `note ${i}`, tags: ['copy', `n${i % 3}`], time: 1_700_000_000_000 + i * 1000 },
    });
  }
  await call({ method: 'POST', url: '/api/teams', payload: { name: 'Copied team' } });
  viewerToken = (await source.accountWithToken('Viewer', { name: 'copied-viewer' })).token;
  const cluster = new URL(adminUrl);
  await createDataSource(source, {
    name: 'Cluster',
    type: 'grafana-postgresql-datasource',
    url: `${cluster.hostname}:${cluster.port}`,
    user: decodeURIComponent(cluster.username),
    jsonData: { database: 'postgres', sslmode: 'disable' },
    secureJsonData: { password: decodeURIComponent(cluster.password) },
  });
  // An alerting contact point's secret is sealed with the same key and must be re-sealed too.
  const contactPoint = await call({
    method: 'POST',
    url: '/api/v1/provisioning/contact-points',
    payload: {
      uid: 'copied-hook',
      name: 'hook',
      type: 'webhook',
      settings: { url: 'http://127.0.0.1:9/', password: 'cp-secret', username: 'u' },
    },
  });
  expect(contactPoint.statusCode).toBe(202);
  await source.close();
}, 120_000);

afterAll(async () => {
  await source.cleanup();
  for (const name of created) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
});

describe('db:copy from SQLite to PostgreSQL', () => {
  it('copies every table; the copy answers as the original did, and old tokens and secrets work', async () => {
    const to = await newDatabase();
    const progress: string[] = [];
    const result = await copySqliteToPostgres({
      from: source.dataDir,
      to,
      sourceSecrets: SecretBox.fromConfig(source.dataDir, undefined),
      targetSecrets: SecretBox.fromConfig(source.dataDir, POSTGRES_TEST_SECRET_KEY),
      progress: ({ table, copied, total }) => progress.push(`${table} ${copied}/${total}`),
    });
    expect(result.resealedSecrets).toBe(2);
    expect(result.tables.find((t) => t.table === 'dashboard_version')!.rows).toBeGreaterThanOrEqual(6);
    expect(progress).toContain('annotation 30/30');

    const original = await startTestServer({ store: 'sqlite', dataDir: source.dataDir });
    // The copied database behind a server, as the instances will run it.
    const copy = await startTestServer({ store: to });
    try {
      const search = (await original.call({ method: 'GET', url: '/api/search' })).json() as Array<{ uid: string; type: string }>;
      const dashboardUrls = search.filter((hit) => hit.type === 'dash-db').map((hit) => `/api/dashboards/uid/${hit.uid}`);
      const versions = search.filter((hit) => hit.type === 'dash-db').map((hit) => `/api/dashboards/uid/${hit.uid}/versions`);
      const urls = [
        '/api/search',
        '/api/search?query=v2',
        '/api/folders',
        '/api/annotations?tags=copy&limit=100',
        '/api/annotations/tags',
        '/api/datasources',
        '/api/serviceaccounts/search',
        '/api/teams/search',
        '/api/org/users',
        ...dashboardUrls,
        ...versions,
      ];
      expect(await answers(copy, urls)).toEqual(await answers(original, urls));
      // The old tokens: the bootstrap admin's (used by `call`) and a Viewer's.
      expect((await copy.call({ method: 'GET', url: '/api/org', token: viewerToken })).statusCode).toBe(200);
      // The secret, re-sealed with the shared key, still opens: the health check logs in with it.
      const [ds] = (await copy.call({ method: 'GET', url: '/api/datasources' })).json();
      expect((await copy.call({ method: 'GET', url: `/api/datasources/uid/${ds.uid}/health` })).json()).toMatchObject({ status: 'OK' });
      const [hook] = await copy.store.alertingNotify.listIntegrations(1, { uid: 'copied-hook', open: true });
      expect(hook!.settings.password).toBe('cp-secret');
      // New rows continue after the copied ids.
      const created = await copy.call({ method: 'POST', url: '/api/annotations', payload: { text: 'after the copy' } });
      expect(created.statusCode).toBe(200);
    } finally {
      await original.close();
      await copy.cleanup();
    }
  });

  it('refuses a target that holds rows, and with --force replaces them (through the CLI)', async () => {
    const to = await newDatabase();
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...serverEntry('cli'), 'db:copy', '--from', source.dataDir, '--to', to, ...args], {
        env: { ...process.env, SIGHTLINE_SECRET_KEY: POSTGRES_TEST_SECRET_KEY },
      });
    const first = await cli();
    expect(first.stderr).toMatch(/db:copy: \d+ rows in \d+ tables copied to postgres:\/\/postgres:\*\*\*@/);
    expect(first.stderr).not.toContain(decodeURIComponent(new URL(adminUrl).password));
    await expect(cli()).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/refused: the target database is not empty \(\d+ in /),
    });
    const forced = await cli('--force');
    expect(forced.stderr).toMatch(/rows in \d+ tables copied/);
  }, 120_000);
});
