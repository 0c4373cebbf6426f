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
      '0010_dashboard_changes',
      '0011_folder_list_index',
      '0012_sign_in',
      '0013_alert_rules',
      '0014_alert_notifications',
      '0015_alert_delivery_status',
      '0016_alert_default_contact_point',
      '0017_dashboard_changes_postgres',
      '0018_announce_cached_tables',
      '0019_preferences',
      '0020_library_elements',
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

  it('searches the dashboards of a file from before the change log, without its trigram index (migration 0010)', async () => {
    const dir = newDir();
    const store = await openStore(dir);
    await bootstrap(store, undefined);
    const save = (uid: string, title: string) =>
      store.dashboards.save({ orgId: 1, userId: 1, model: {}, title, tags: [], uid, folderId: null, overwrite: false, message: '' });
    await save('old', 'Legacy Ingress Latency');
    // The file as 0009 left it: 0008's trigram index and its triggers, no change log.
    for (const trigger of ['dashboard_change_insert', 'dashboard_change_update', 'dashboard_change_delete']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(store.db);
    }
    await sql`drop table dashboard_change`.execute(store.db);
    await sql`create virtual table dashboard_title_fts using fts5(title_lower, content='dashboard', content_rowid='id',
      tokenize='trigram case_sensitive 1', columnsize=0)`.execute(store.db);
    await sql`create trigger dashboard_title_index_insert after insert on dashboard begin
      insert into dashboard_title_fts (rowid, title_lower) values (new.id, new.title_lower); end`.execute(store.db);
    await sql`drop index dashboard_org_kind_title`.execute(store.db);
    // A file from before 0010 has none of the later migrations' tables either.
    for (const table of [
      'preferences',
      'user_session',
      'login_attempt',
      'alert_rule',
      'alert_rule_group',
      'alert_instance',
      'alert_rule_evaluation',
      'alert_scheduler_instance',
      'alert_contact_point',
      'alert_policy_tree',
      'alert_mute_timing',
      'alert_template',
      'alert_silence',
      'alert_received',
      'alert_notification_log',
      'alert_delivery_status',
    ])
      await sql`drop table ${sql.table(table)}`.execute(store.db);
    for (const column of ['alert_id', 'new_state', 'prev_state'])
      await sql`alter table annotation drop column ${sql.id(column)}`.execute(store.db);
    await sql`delete from kysely_migration where name in ('0010_dashboard_changes', '0011_folder_list_index', '0012_sign_in', '0013_alert_rules', '0014_alert_notifications', '0015_alert_delivery_status', '0016_alert_default_contact_point', '0017_dashboard_changes_postgres', '0018_announce_cached_tables', '0019_preferences', '0020_library_elements')`.execute(
      store.db,
    );
    await save('before', 'Saved Before The Upgrade');
    // Library panels' tables go after the save (today's save keeps their connections).
    for (const table of ['library_element_connection', 'library_element']) await sql`drop table ${sql.table(table)}`.execute(store.db);
    await store.close();

    const reopened = await openStore(dir);
    try {
      const tables = await sql<{ name: string }>`select name from sqlite_master where name like 'dashboard_title%'`.execute(reopened.db);
      expect(tables.rows).toEqual([]);
      const query = { tag: [], dashboardUIDs: [], dashboardIds: [], folderUIDs: [], folderIds: [], limit: 10, page: 1 };
      const uids = async (text: string) =>
        (
          JSON.parse((await reopened.search.answer(1, { ...query, query: text }, { all: true }, new Set())).toString()) as Array<{
            uid: string;
          }>
        ).map((hit) => hit.uid);
      expect(await uids('latency ingr')).toEqual(['old']);
      expect(await uids('upgrade')).toEqual(['before']);
      await reopened.dashboards.save({
        orgId: 1,
        userId: 1,
        model: {},
        title: 'After Upgrade',
        tags: [],
        uid: 'after',
        folderId: null,
        overwrite: false,
        message: '',
      });
      expect(await uids('upgrade')).toEqual(['after', 'before']);
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
