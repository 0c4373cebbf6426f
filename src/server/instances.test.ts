// store: postgres only — several instances need PostgreSQL; processes.test.ts covers one SQLite file.
/**
 * Several Sightline instances (real server processes) over one PostgreSQL database, as behind a
 * load balancer: started at the same moment on an empty database, writes on one seen by the
 * others, authority taken away on one refused by the others, races decided once, and one
 * instance killed under write load without losing an acknowledged write.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_TOKEN, tempDataDir } from './testing/harness';
import { adminQuery, POSTGRES_TEST_SECRET_KEY } from './testing/postgres';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const adminUrl = inject('postgresAdminUrl')!;
const database = `instances_${process.pid}`;
const dataDir = tempDataDir();
const instances: ServerProcess[] = [];

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Asks `instance` until `done` holds for its answer; returns how long that took (ms). */
async function timeUntil(instance: ServerProcess, path: string, token: string, done: (status: number) => boolean): Promise<number> {
  const started = performance.now();
  await expect.poll(async () => done((await instance.api(path, { token })).status), { timeout: 20_000, interval: 5 }).toBe(true);
  return Math.round(performance.now() - started);
}

beforeAll(async () => {
  // An empty database (not the migrated template): migrations and bootstrap race for real.
  await adminQuery(adminUrl, `create database ${database}`);
  const env = { SIGHTLINE_DATABASE_URL: databaseUrl(database), SIGHTLINE_SECRET_KEY: POSTGRES_TEST_SECRET_KEY };
  instances.push(...(await Promise.all([1, 2, 3].map(() => startServerProcess(dataDir, env)))));
}, 120_000);

afterAll(async () => {
  for (const instance of instances) instance.kill();
  await Promise.all(instances.map((instance) => instance.exited));
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('several instances on one PostgreSQL database', () => {
  it('started at the same moment on an empty database: migrated and bootstrapped exactly once', async () => {
    const [a, b, c] = instances;
    for (const instance of [a!, b!, c!]) {
      expect(await (await instance.api('/api/org')).json()).toMatchObject({ id: 1, name: 'Main Org.' });
    }
    const accounts = await (await a!.api('/api/serviceaccounts/search?query=admin')).json();
    expect(accounts.serviceAccounts.map((account: { name: string }) => account.name)).toEqual(['admin']);
    const migrations = await adminQuery(databaseUrl(database), 'select name from kysely_migration order by name');
    expect(migrations.rows.map((row) => row.name)).toHaveLength(new Set(migrations.rows.map((row) => row.name)).size);
    const orgs = await adminQuery(databaseUrl(database), 'select count(*) as n from org');
    expect(Number(orgs.rows[0].n)).toBe(1);
  });

  it('a dashboard saved on one is read and found on the others at once', async () => {
    const [a, b, c] = instances;
    const saved = await a!.api('/api/dashboards/db', json({ dashboard: { title: 'Shared across instances', tags: ['ha'] } }));
    expect(saved.status).toBe(200);
    const { uid } = await saved.json();
    expect((await b!.api(`/api/dashboards/uid/${uid}`)).status).toBe(200);
    const found = await (await c!.api('/api/search?query=across%20instances')).json();
    expect(found.map((hit: { uid: string }) => hit.uid)).toEqual([uid]);
    // Saved again on one, the next read on another has the new version (it held the old model).
    const again = await a!.api(
      '/api/dashboards/db',
      json({ dashboard: { uid, title: 'Shared across instances', panels: [] }, overwrite: true }),
    );
    expect(again.status).toBe(200);
    const read = await (await b!.api(`/api/dashboards/uid/${uid}`)).json();
    expect(read.dashboard).toMatchObject({ version: 2, panels: [] });
  });

  it('an annotation created on one is listed by the others at once; an edit or delete there shows within moments', async () => {
    const [a, b, c] = instances;
    const time = Date.now() - 60_000;
    const window = `/api/annotations?from=${time - 1_000}&to=${time + 1_000}`;
    const texts = async (instance: ServerProcess) =>
      ((await (await instance.api(window)).json()) as Array<{ text: string }>).map((annotation) => annotation.text);
    const created = await a!.api('/api/annotations', json({ time, text: 'deployed 1.0', tags: ['ha'] }));
    expect(created.status).toBe(200);
    const { id } = await created.json();
    // Each instance has the annotation's JSON cached before it changes elsewhere.
    expect(await texts(b!)).toEqual(['deployed 1.0']);
    expect(await texts(c!)).toEqual(['deployed 1.0']);

    await a!.api(`/api/annotations/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'deployed 1.1' }),
    });
    const edited = performance.now();
    await expect.poll(() => texts(b!), { timeout: 20_000, interval: 5 }).toEqual(['deployed 1.1']);
    console.log(`an annotation edited on one instance shows on another after ${Math.round(performance.now() - edited)} ms`);
    await c!.api(`/api/annotations/${id}`, { method: 'DELETE' });
    expect(await texts(b!)).toEqual([]);
    expect(await texts(a!)).toEqual([]);
  });

  it('a revocation, a disabled account and a lowered role on one are refused by the others within moments', async () => {
    const [a, b, c] = instances;
    const account = async (role: string) => {
      const created = await a!.api('/api/serviceaccounts', json({ name: `ha-${role}-${Math.random().toString(36).slice(2)}`, role }));
      const { id } = await created.json();
      const minted = await (await a!.api(`/api/serviceaccounts/${id}/tokens`, json({ name: 't' }))).json();
      return { id: id as number, tokenId: minted.id as number, token: minted.key as string };
    };
    // Each token is in use (and cached) on every instance first.
    const warm = async (token: string, path = '/api/org') => {
      for (const instance of [a!, b!, c!]) for (let i = 0; i < 3; i++) expect((await instance.api(path, { token })).status).toBe(200);
    };

    const revoked = await account('Viewer');
    await warm(revoked.token);
    await a!.api(`/api/serviceaccounts/${revoked.id}/tokens/${revoked.tokenId}`, { method: 'DELETE' });
    const revokedMs = await timeUntil(b!, '/api/org', revoked.token, (status) => status === 401);

    const disabled = await account('Viewer');
    await warm(disabled.token);
    await a!.api(`/api/serviceaccounts/${disabled.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isDisabled: true }),
    });
    const disabledMs = await timeUntil(c!, '/api/org', disabled.token, (status) => status === 401);

    const lowered = await account('Admin');
    await warm(lowered.token, '/api/serviceaccounts/search');
    await a!.api(`/api/serviceaccounts/${lowered.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'Viewer' }),
    });
    const loweredMs = await timeUntil(b!, '/api/serviceaccounts/search', lowered.token, (status) => status === 403);

    console.log(`refused on another instance after: revoked ${revokedMs} ms, disabled ${disabledMs} ms, role lowered ${loweredMs} ms`);
  });

  it('a session opened on one instance works on the others; disabling the person on one ends it on the others', async () => {
    const [a, b, c] = instances;
    const created = await a!.api('/api/admin/users', json({ login: 'roaming', password: 'roaming password', role: 'Editor' }));
    const { id } = await created.json();
    const signIn = await fetch(`${b!.url}/login`, json({ user: 'roaming', password: 'roaming password' }));
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    for (const instance of [a!, b!, c!]) {
      const me = await instance.api('/api/user', { token: null, headers: { cookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ login: 'roaming', isServiceAccount: false });
    }
    // Every instance has the session cached now; the person is disabled through another.
    await c!.api(`/api/admin/users/${id}/disable`, { method: 'POST' });
    const started = performance.now();
    await expect
      .poll(async () => (await a!.api('/api/org', { token: null, headers: { cookie } })).status, { timeout: 20_000, interval: 5 })
      .toBe(401);
    const endedMs = Math.round(performance.now() - started);
    expect((await b!.api('/api/org', { token: null, headers: { cookie } })).status).toBe(401);
    // Signing out on one instance ends the session on the others too.
    await c!.api(`/api/admin/users/${id}/enable`, { method: 'POST' });
    const again = await fetch(`${a!.url}/login`, json({ user: 'roaming', password: 'roaming password' }));
    const second = again.headers.get('set-cookie')!.split(';')[0]!;
    expect((await b!.api('/api/org', { token: null, headers: { cookie: second } })).status).toBe(200);
    await fetch(`${c!.url}/logout`, { method: 'POST', headers: { cookie: second } });
    await expect
      .poll(async () => (await b!.api('/api/org', { token: null, headers: { cookie: second } })).status, { timeout: 20_000, interval: 5 })
      .toBe(401);
    console.log(`a session ended on another instance after: disabled ${endedMs} ms`);
    // The bootstrap person signs in on any instance with SIGHTLINE_ADMIN_PASSWORD.
    expect((await fetch(`${c!.url}/login`, json({ user: 'admin', password: ADMIN_PASSWORD }))).status).toBe(200);
  });

  it('40 concurrent saves of one version spread over the instances: exactly one wins, the rest get 412', async () => {
    const saved = await (await instances[0]!.api('/api/dashboards/db', json({ dashboard: { title: 'Contended' } }))).json();
    const model = await (await instances[1]!.api(`/api/dashboards/uid/${saved.uid}`)).json();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        instances[i % 3]!.api('/api/dashboards/db', json({ dashboard: { ...model.dashboard, title: `Contended ${i}` } })).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(39);
    const after = await (await instances[2]!.api(`/api/dashboards/uid/${saved.uid}`)).json();
    expect(after.dashboard.version).toBe(model.dashboard.version + 1);
  });

  it('200 concurrent annotation creates over the instances make 200 distinct rows', async () => {
    const ids = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const response = await instances[i % 3]!.api(
          '/api/annotations',
          json({ text: `burst ${i}`, tags: ['burst'], time: 1_700_000_000_000 + i }),
        );
        expect(response.status).toBe(200);
        return (await response.json()).id as number;
      }),
    );
    expect(new Set(ids).size).toBe(200);
    const listed = await (await instances[1]!.api('/api/annotations?tags=burst&limit=1000')).json();
    expect(listed).toHaveLength(200);
  });

  it("a secret sealed by one instance is used by another's health check", async () => {
    const cluster = new URL(adminUrl);
    const created = await instances[0]!.api(
      '/api/datasources',
      json({
        name: 'The database itself',
        type: 'grafana-postgresql-datasource',
        access: 'proxy',
        url: `${cluster.hostname}:${cluster.port}`,
        user: decodeURIComponent(cluster.username),
        jsonData: { database: database, sslmode: 'disable' },
        secureJsonData: { password: decodeURIComponent(cluster.password) },
      }),
    );
    expect(created.status).toBe(200);
    const { datasource } = await created.json();
    const health = await instances[2]!.api(`/api/datasources/uid/${datasource.uid}/health`);
    expect(await health.json()).toMatchObject({ status: 'OK' });

    // Each instance keeps what it read of a data source; a change on another reaches it within moments.
    const byUid = `/api/datasources/uid/${datasource.uid}`;
    expect(await (await instances[1]!.api(byUid)).json()).toMatchObject({ name: 'The database itself' });
    const renamed = await instances[0]!.api(byUid, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...datasource, name: 'The database, renamed' }),
    });
    expect(renamed.status).toBe(200);
    const changed = performance.now();
    await expect
      .poll(async () => ((await (await instances[1]!.api(byUid)).json()) as { name: string }).name, { timeout: 20_000, interval: 5 })
      .toBe('The database, renamed');
    console.log(`a data source renamed on one instance shows on another after ${Math.round(performance.now() - changed)} ms`);
  });

  it('one instance killed under write load: every acknowledged write is there, the others never fail', async () => {
    const [victim, survivor] = [instances[1]!, instances[2]!];
    const acknowledged: number[] = [];
    const survivorFailures: string[] = [];
    let stop = false;
    const writeLoop = async (instance: ServerProcess, isVictim: boolean) => {
      for (let i = 0; !stop; i++) {
        try {
          const response = await instance.api('/api/annotations', json({ text: `load ${i}`, tags: ['kill-load'] }));
          if (response.ok) acknowledged.push((await response.json()).id);
          else if (!isVictim) survivorFailures.push(`${response.status} ${await response.text()}`);
        } catch (error) {
          if (!isVictim) survivorFailures.push(String(error));
          if (isVictim) return;
        }
      }
    };
    const loops = [writeLoop(victim, true), writeLoop(victim, true), writeLoop(survivor, false), writeLoop(survivor, false)];
    // Kill once both instances have acknowledged writes under way.
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(40);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(killedAt + 40);
    stop = true;
    await Promise.all(loops);

    expect(survivorFailures).toEqual([]);
    const listed: Array<{ id: number }> = await (await survivor.api('/api/annotations?tags=kill-load&limit=100000')).json();
    const stored = new Set(listed.map((annotation) => annotation.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect((await instances[0]!.api('/api/health', { token: ADMIN_TOKEN })).status).toBe(200);
  });
});
