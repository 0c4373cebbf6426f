// store: sqlite only — the SQLite file itself: its mode, WAL and migrations on one file.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bootstrap } from '../bootstrap';
import { startTestServer, tempDataDir } from '../testing/harness';
import { DATABASE_FILE, openDatabase } from './db';
import { openStore } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

describe('store', () => {
  it('keeps a SQLite file in the data dir, in WAL mode with foreign keys on', async () => {
    const dir = path.join(newDir(), 'nested', 'data');
    const connection = await openDatabase(dir);
    try {
      expect(fs.existsSync(path.join(dir, DATABASE_FILE))).toBe(true);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(connection.db);
      expect(mode.rows[0]!.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection.db);
      expect(fk.rows[0]!.foreign_keys).toBe(1);
    } finally {
      await connection.close();
    }
  });

  it('applies migrations once, in order, and not again on the next start', async () => {
    const dir = newDir();
    const first = await openDatabase(dir);
    expect(first.applied).toEqual([
      '0001_orgs_users_service_accounts',
      '0002_dashboards_folders_annotations',
      '0003_datasources',
      '0004_hardening',
      '0005_teams_stars_permissions',
      '0006_provisioning',
      '0007_postgres',
      '0008_search_index',
      '0009_annotation_range_index',
    ]);
    await first.close();
    const second = await openDatabase(dir);
    expect(second.applied).toEqual([]);
    await second.close();
  });

  it('bootstraps a new data dir once: org 1, the admin person, the admin service account', async () => {
    const store = await openStore(newDir());
    try {
      const result = await bootstrap(store, undefined);
      expect(result.created).toBe(true);
      expect(result.created && result.token).toMatch(/^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/);
      expect(await bootstrap(store, undefined)).toEqual({ created: false });
      expect((await store.orgs.get(1))!.name).toBe('Main Org.');
      expect((await store.users.listOrgUsers(1)).map((u) => [u.login, u.role])).toEqual([['admin', 'Admin']]);
      const accounts = await store.serviceAccounts.search(1, { perPage: 10, page: 1 });
      expect(accounts.accounts.map((a) => [a.name, a.role, a.tokens])).toEqual([['admin', 'Admin', 1]]);
    } finally {
      await store.close();
    }
  });

  it('indexes the titles of dashboards saved before the title index existed (migration 0008)', async () => {
    const dir = newDir();
    const store = await openStore(dir);
    await bootstrap(store, undefined);
    const save = (uid: string, title: string) =>
      store.dashboards.save({ orgId: 1, userId: 1, model: {}, title, tags: [], uid, folderId: null, overwrite: false, message: '' });
    await save('old', 'Legacy Ingress Latency');
    await save('other', 'Something Else');
    // The file as 0007 left it: no title index, no triggers, 0008 and 0009 not applied.
    await sql`drop trigger dashboard_title_index_insert`.execute(store.db);
    await sql`drop trigger dashboard_title_index_delete`.execute(store.db);
    await sql`drop trigger dashboard_title_index_update`.execute(store.db);
    await sql`drop table dashboard_title_fts`.execute(store.db);
    await sql`drop index dashboard_org_folder_title`.execute(store.db);
    await sql`drop index annotation_org_class_epoch_covering`.execute(store.db);
    await sql`create index annotation_org_class_epoch on annotation (org_id, span_class, epoch)`.execute(store.db);
    await sql`delete from kysely_migration where name in ('0008_search_index', '0009_annotation_range_index')`.execute(store.db);
    await store.close();

    const reopened = await openStore(dir);
    try {
      const dashboards = reopened.dashboards;
      dashboards.searchTuning = { trigramCost: 40, force: 'index' };
      const query = { tag: [], dashboardUIDs: [], dashboardIds: [], folderUIDs: [], folderIds: [], limit: 10, page: 1 };
      const found = await dashboards.search(1, { ...query, query: 'latency ingr' }, { all: true });
      expect(dashboards.lastSearchPlan).toBe('index');
      expect(found.map((row) => row.uid)).toEqual(['old']);
      const matched = await sql<{
        n: number;
      }>`select count(*) as n from dashboard_title_fts where dashboard_title_fts match '"else"'`.execute(reopened.db);
      expect(matched.rows[0]!.n).toBe(1);
    } finally {
      await reopened.close();
    }
  });

  it('keeps everything across a restart', async () => {
    const dir = newDir();
    const first = await startTestServer({ dataDir: dir });
    const { id, token } = await first.accountWithToken('Editor', { name: 'survivor' });
    await first.call({ method: 'PUT', url: '/api/org', payload: { name: 'Renamed Org' } });
    await first.call({ method: 'POST', url: '/api/admin/users', payload: { login: 'kept', password: 'kept-password' } });
    await first.close();

    const second = await startTestServer({ dataDir: dir });
    try {
      expect((await second.call({ method: 'GET', url: '/api/org', token })).json().name).toBe('Renamed Org');
      expect((await second.call({ method: 'GET', url: `/api/serviceaccounts/${id}` })).json()).toMatchObject({
        name: 'survivor',
        role: 'Editor',
        tokens: 1,
      });
      expect((await second.call({ method: 'GET', url: '/api/org/users?query=kept' })).json()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
