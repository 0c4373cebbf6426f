import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardVersionListSchema,
  dashboardVersionWithDataSchema,
  dashboardWithMetaSchema,
  saveDashboardResponseSchema,
} from '../../contract/dashboards';
import { startTestServer, TEST_STORE, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const save = (payload: unknown, token?: string) =>
  server.call({ method: 'POST', url: '/api/dashboards/db', payload: payload as object, ...(token ? { token } : {}) });
const get = (uid: string, token?: string) => server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}`, ...(token ? { token } : {}) });

describe('saving dashboards', () => {
  it('creates a dashboard with a generated uid at version 1', async () => {
    const response = await save({ dashboard: { title: 'Service Overview', panels: [] } });
    expect(response.statusCode).toBe(200);
    const saved = saveDashboardResponseSchema.parse(response.json());
    expect(saved).toMatchObject({ status: 'success', version: 1, slug: 'service-overview', folderUid: '' });
    expect(saved.uid).toMatch(/^[a-z0-9]{14}$/);
    expect(saved.url).toBe(`/d/${saved.uid}/service-overview`);
  });

  it('keeps the model exactly as sent, except id, uid and version', async () => {
    const model = {
      title: 'Verbatim',
      uid: 'verbatim',
      nothing: null,
      nested: { deep: [1, 'two', { three: 3.5, empty: {} }], unicode: 'Grüße ✓ 日本' },
      panels: [{ id: 4, type: 'timeseries', gridPos: { x: 0, y: 0, w: 12, h: 8 }, targets: [{ expr: 'up' }] }],
      // An export's id (a number naming no dashboard here is refused, as in Grafana).
      id: null,
      version: 99,
    };
    const saved = (await save({ dashboard: model, overwrite: true })).json();
    const { dashboard } = dashboardWithMetaSchema.parse((await get('verbatim')).json());
    expect(dashboard).toEqual({ ...model, id: saved.id, uid: 'verbatim', version: 1 });
  });

  it('refuses to re-create an existing uid (412) and leaves it unchanged', async () => {
    await save({ dashboard: { uid: 'taken', title: 'Original' } });
    const again = await save({ dashboard: { uid: 'taken', title: 'Impostor' } });
    expect(again.statusCode).toBe(412);
    expect(again.json()).toEqual({ status: 'version-mismatch', message: 'The dashboard has been changed by someone else' });
    expect((await get('taken')).json().dashboard.title).toBe('Original');
  });

  it('updates with the stored version, refuses a stale one, and overwrites', async () => {
    await save({ dashboard: { uid: 'edited', title: 'v1' } });
    const v2 = await save({ dashboard: { uid: 'edited', title: 'v2', version: 1 } });
    expect(v2.json().version).toBe(2);
    const stale = await save({ dashboard: { uid: 'edited', title: 'stale', version: 1 } });
    expect(stale.statusCode).toBe(412);
    expect((await get('edited')).json()).toMatchObject({ dashboard: { title: 'v2', version: 2 }, meta: { version: 2 } });
    const forced = await save({ dashboard: { uid: 'edited', title: 'forced', version: 1 }, overwrite: true });
    expect(forced.json().version).toBe(3);
    expect((await get('edited')).json().dashboard.title).toBe('forced');
  });

  it('updates by id for older clients', async () => {
    const { id, uid } = (await save({ dashboard: { title: 'By id' } })).json();
    const updated = await save({ dashboard: { id, title: 'By id, again', version: 1 } });
    expect(updated.json()).toMatchObject({ uid, version: 2 });
    expect((await save({ dashboard: { id: 987654, title: 'ghost' } })).statusCode).toBe(404);
  });

  it('refuses to save a deleted dashboard again (404), as Grafana does for an id that no longer exists', async () => {
    const { id } = (await save({ dashboard: { uid: 'deleted-meanwhile', title: 'Deleted meanwhile' } })).json();
    await server.call({ method: 'DELETE', url: '/api/dashboards/uid/deleted-meanwhile' });
    const model = { id, uid: 'deleted-meanwhile', title: 'Edited after the delete', version: 1 };
    for (const overwrite of [false, true]) {
      const stale = await save({ dashboard: model, overwrite });
      expect(stale.statusCode).toBe(404);
      expect(stale.json()).toEqual({ message: 'Dashboard not found' });
    }
    expect((await get('deleted-meanwhile')).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a message, and saves nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ dashboard: { title: '' } }, /^Dashboard title cannot be empty$/],
      [{ dashboard: { title: '   ' } }, /^Dashboard title cannot be empty$/],
      [{ dashboard: {} }, /^Dashboard title cannot be empty$/],
      [{ dashboard: { title: 42 } }, /dashboard\.title: must be a string/],
      [{ dashboard: [1, 2] }, /dashboard: /],
      [{ dashboard: 'x' }, /dashboard: /],
      [{}, /dashboard: is required/],
      [{ dashboard: { title: 't', uid: 'no spaces' } }, /^uid contains illegal characters: "no spaces"; use only letters, digits/],
      [{ dashboard: { title: 't', uid: 'x'.repeat(41) } }, /^uid too long, max 40 characters \(got 41\) \(dashboard\.uid\)$/],
      [{ dashboard: { title: 't', version: 'one' } }, /dashboard\.version: must be a number/],
      [{ dashboard: { title: 't', tags: 'prod' } }, /dashboard\.tags: must be an array of strings/],
      [{ dashboard: { title: 't' }, folderUid: 'nope' }, /^folder not found/],
      [{ dashboard: { title: 't' }, folderId: 424242 }, /^folder not found/],
      [{ dashboard: { title: 't' }, overwrite: 'yes' }, /overwrite: must be true or false/],
      [{ dashboard: { title: 't' }, message: 'm'.repeat(501) }, /message: is too long/],
    ];
    const before = (await server.call({ method: 'GET', url: '/api/search?type=dash-db' })).json().length;
    for (const [payload, message] of cases) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await save({ dashboard: { title: '' } })).json().status).toBe('empty-name');
    expect((await server.call({ method: 'GET', url: '/api/search?type=dash-db' })).json()).toHaveLength(before);
  });

  it('allows the same title twice', async () => {
    const a = (await save({ dashboard: { title: 'Twin' } })).json();
    const b = (await save({ dashboard: { title: 'Twin' } })).json();
    expect(a.uid).not.toBe(b.uid);
  });
});

describe('reading and deleting', () => {
  it('answers meta in Grafana shape', async () => {
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'ops', title: 'Ops' } });
    await save({ dashboard: { uid: 'in-ops', title: 'In Ops' }, folderUid: 'ops' });
    const { meta } = dashboardWithMetaSchema.parse((await get('in-ops')).json());
    expect(meta).toMatchObject({
      type: 'db',
      canSave: true,
      canEdit: true,
      canAdmin: true,
      canDelete: true,
      slug: 'in-ops',
      url: '/d/in-ops/in-ops',
      createdBy: 'sa-admin',
      updatedBy: 'sa-admin',
      version: 1,
      folderUid: 'ops',
      folderTitle: 'Ops',
      folderUrl: '/dashboards/f/ops/ops',
      provisioned: false,
    });
    await save({ dashboard: { uid: 'at-root', title: 'At root' } });
    expect((await get('at-root')).json().meta).toMatchObject({ folderId: 0, folderUid: '', folderTitle: 'General', folderUrl: '' });
  });

  it('answers 404 for an unknown uid and for a folder uid', async () => {
    const missing = await get('does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Dashboard not found' });
    expect((await get('ops')).statusCode).toBe(404);
  });

  it('deletes a dashboard with its versions', async () => {
    const { id } = (await save({ dashboard: { uid: 'doomed', title: 'Doomed' } })).json();
    const deleted = await server.call({ method: 'DELETE', url: '/api/dashboards/uid/doomed' });
    expect(deleted.json()).toEqual({ id, uid: 'doomed', title: 'Doomed', message: 'Dashboard Doomed deleted' });
    expect((await get('doomed')).statusCode).toBe(404);
    const versions = await server.store.db.selectFrom('dashboard_version').select('id').where('dashboard_id', '=', id).execute();
    expect(versions).toEqual([]);
    expect((await server.call({ method: 'DELETE', url: '/api/dashboards/uid/doomed' })).statusCode).toBe(404);
  });
});

describe('versions', () => {
  it('keeps every save, lists them newest first, and restores one as a new version', async () => {
    await save({ dashboard: { uid: 'history', title: 'First' }, message: 'created' });
    await save({ dashboard: { uid: 'history', title: 'Second', version: 1 }, message: 'renamed' });
    await save({ dashboard: { uid: 'history', title: 'Third', version: 2, extra: true } });

    const list = dashboardVersionListSchema.parse(
      (await server.call({ method: 'GET', url: '/api/dashboards/uid/history/versions' })).json(),
    );
    expect(list.map((v) => [v.version, v.parentVersion, v.message, v.createdBy])).toEqual([
      [3, 2, '', 'sa-admin'],
      [2, 1, 'renamed', 'sa-admin'],
      [1, 0, 'created', 'sa-admin'],
    ]);
    const v1 = dashboardVersionWithDataSchema.parse(
      (await server.call({ method: 'GET', url: '/api/dashboards/uid/history/versions/1' })).json(),
    );
    expect(v1.data).toMatchObject({ title: 'First', uid: 'history', version: 1 });

    const restored = await server.call({ method: 'POST', url: '/api/dashboards/uid/history/restore', payload: { version: 1 } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ uid: 'history', version: 4, status: 'success' });
    const now = (await get('history')).json().dashboard;
    expect(now).toEqual({ uid: 'history', title: 'First', version: 4, id: v1.dashboardId });
    const newest = (await server.call({ method: 'GET', url: '/api/dashboards/uid/history/versions?limit=1' })).json();
    expect(newest).toHaveLength(1);
    expect(newest[0]).toMatchObject({ version: 4, restoredFrom: 1, message: 'Restored from version 1' });
  });

  it('answers 404 for a version that does not exist and 400 for a bad one', async () => {
    await save({ dashboard: { uid: 'short-history', title: 'One' } });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/short-history/versions/7' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/short-history/versions/seven' })).statusCode).toBe(400);
    const restore = await server.call({ method: 'POST', url: '/api/dashboards/uid/short-history/restore', payload: { version: 7 } });
    expect(restore.statusCode).toBe(404);
    const bad = await server.call({ method: 'POST', url: '/api/dashboards/uid/short-history/restore', payload: { version: 'latest' } });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the newest versions only (SIGHTLINE_DASHBOARD_VERSIONS_TO_KEEP), the current one always among them', async () => {
    const small = await startTestServer({ versionsToKeep: 3 });
    try {
      const saveAs = (title: string, version?: number) =>
        small.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid: 'pruned', title, version } } });
      expect((await saveAs('v1')).statusCode).toBe(200);
      for (let version = 1; version < 6; version++) expect((await saveAs(`v${version + 1}`, version)).statusCode).toBe(200);
      const list = dashboardVersionListSchema.parse(
        (await small.call({ method: 'GET', url: '/api/dashboards/uid/pruned/versions' })).json(),
      );
      expect(list.map((v) => v.version)).toEqual([6, 5, 4]);
      expect((await small.call({ method: 'GET', url: '/api/dashboards/uid/pruned/versions/3' })).statusCode).toBe(404);
      // The oldest kept one still restores, as a new version; the window moves on.
      const restored = await small.call({ method: 'POST', url: '/api/dashboards/uid/pruned/restore', payload: { version: 4 } });
      expect(restored.json()).toMatchObject({ version: 7 });
      const after = dashboardVersionListSchema.parse(
        (await small.call({ method: 'GET', url: '/api/dashboards/uid/pruned/versions' })).json(),
      );
      expect(after.map((v) => v.version)).toEqual([7, 6, 5]);
    } finally {
      await small.cleanup();
    }
  });
});

describe('what a save writes', () => {
  it('returns the row as stored, and its new version holds the same model', async () => {
    const { dashboards } = server.store;
    const input = { orgId: 1, userId: 1, tags: ['x'], folderId: null, overwrite: false, message: 'm' };
    const created = await dashboards.save({ ...input, model: { title: 'Row', panels: [{ id: 1 }] }, title: 'Row', uid: 'as-stored' });
    expect(created).toEqual(await dashboards.getByUid(1, 'as-stored'));
    const updated = await dashboards.save({
      ...input,
      model: { title: 'Row renamed', version: 1 },
      title: 'Row renamed',
      tags: [],
      uid: 'as-stored',
      message: 'second',
    });
    const stored = await dashboards.getByUid(1, 'as-stored');
    expect(updated).toEqual(stored);
    expect(updated).toMatchObject({ version: 2, created: created.created, created_by: 1, slug: 'row-renamed', tags: '[]' });
    const version = await dashboards.version(created.id, 2);
    expect(version).toMatchObject({ version: 2, parent_version: 1, restored_from: 0, message: 'second', data: stored!.data });
    expect(version!.created).toBe(stored!.updated);
  });

  it('keeps the tag rows in step with the tags, rewriting them only when they change', async () => {
    const tagRows = async (id: number) =>
      (await server.store.db.selectFrom('dashboard_tag').select('term').where('dashboard_id', '=', id).execute()).map((r) => r.term).sort();
    const saveTags = async (tags: unknown, version?: number) => {
      const response = await save({ dashboard: { uid: 'tag-steps', title: 'Tags', tags, version }, overwrite: version === undefined });
      expect(response.statusCode).toBe(200);
      return response.json().id as number;
    };
    const id = await saveTags(['b', 'a']);
    expect(await tagRows(id)).toEqual(['a', 'b']);
    await saveTags(['b', 'a'], 1);
    expect(await tagRows(id)).toEqual(['a', 'b']);
    await saveTags([' a ', 'c', 'a'], 2);
    expect(await tagRows(id)).toEqual(['a', 'c']);
    await saveTags(null);
    expect(await tagRows(id)).toEqual([]);
    await saveTags(['d']);
    expect(await tagRows(id)).toEqual(['d']);
  });

  it('stores the model as text, exactly as JSON.stringify writes it, whatever its characters, also when saves overlap', async () => {
    const { db } = server.store;
    // Beyond Latin-1, outside the BMP, escapes JSON.stringify keeps (a lone surrogate, control characters), and a long one.
    const texts = ['plain', 'café ☕ 🔐 中文', '\ud800 alone', 'tab\tline\nquote"back\\slash\u0001', '🔐'.repeat(20_000)];
    const models = texts.map((text, i) => ({
      uid: `utf8-${i}`,
      title: `Text ${i} ${text.slice(0, 20)}`,
      panels: [{ title: text, options: { text } }],
    }));
    // Overlapping saves, creates then updates, each with its own model.
    for (const overwrite of [false, true]) {
      const responses = await Promise.all(models.map((dashboard) => save({ dashboard, overwrite })));
      expect(responses.map((r) => r.statusCode)).toEqual(models.map(() => 200));
    }
    for (const [i, model] of models.entries()) {
      const row = await server.store.dashboards.getByUid(1, `utf8-${i}`);
      const expected = JSON.stringify({ ...model, id: row!.id, version: 2 });
      expect(row!.data).toBe(expected);
      const { rows } = await sql<{
        kind: string;
      }>`select ${sql.raw(TEST_STORE === 'postgres' ? 'pg_typeof(data)::text' : 'typeof(data)')} as kind from dashboard where id = ${row!.id}`.execute(
        db,
      );
      expect(rows[0]!.kind).toBe('text');
      expect((await server.store.dashboards.version(row!.id, 2))!.data).toBe(expected);
      const got = await get(`utf8-${i}`);
      expect(got.rawPayload.toString('utf8')).toContain(`"dashboard":${expected}}`);
    }
  });

  it("sets only the search columns that change, so the search's change log hears of a save only then", async () => {
    const { db } = server.store;
    const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Change log folder' } });
    expect(folder.statusCode).toBe(200);
    const folderUid = folder.json<{ uid: string }>().uid;
    // The log is not in the typed schema: the search reads it with SQL of its own (store/dashboardChanges.ts).
    const changes = async (id: number) =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from dashboard_change where dashboard_id = ${id}`.execute(db)).rows[0]!.n,
      );
    const columns = (id: number) =>
      db
        .selectFrom('dashboard')
        .select(['title', 'title_lower', 'slug', 'tags', 'folder_id', 'version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const put = async (dashboard: Record<string, unknown>, folder?: string) => {
      const response = await save({
        dashboard: { uid: 'change-log', ...dashboard },
        overwrite: true,
        ...(folder ? { folderUid: folder } : {}),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number }>().id;
    };
    const id = await put({ title: 'Logged', tags: ['a'], panels: [] });
    const afterCreate = await changes(id);
    expect(afterCreate).toBeGreaterThan(0);
    // The model changes, the search columns do not: nothing for the search to hear.
    await put({ title: 'Logged', tags: ['a'], panels: [{ id: 1 }] });
    await put({ title: 'Logged', tags: ['a'], panels: [{ id: 2 }] });
    expect(await changes(id)).toBe(afterCreate);
    expect(await columns(id)).toEqual({
      title: 'Logged',
      title_lower: 'logged',
      slug: 'logged',
      tags: '["a"]',
      folder_id: null,
      version: 3,
    });
    // Each of title, tags and folder changing is heard, and written.
    await put({ title: 'Logged Again', tags: ['a'] });
    expect(await changes(id)).toBe(afterCreate + 1);
    await put({ title: 'Logged Again', tags: ['a', 'b'] });
    expect(await changes(id)).toBe(afterCreate + 2);
    await put({ title: 'Logged Again', tags: ['a', 'b'] }, folderUid);
    expect(await changes(id)).toBe(afterCreate + 3);
    const folderId = (await server.store.folders.get(1, folderUid))!.id;
    expect(await columns(id)).toEqual({
      title: 'Logged Again',
      title_lower: 'logged again',
      slug: 'logged-again',
      tags: '["a","b"]',
      folder_id: folderId,
      version: 6,
    });
    // Back to General, under the same title: only the folder moves.
    await put({ title: 'Logged Again', tags: ['a', 'b'] });
    expect(await changes(id)).toBe(afterCreate + 4);
    expect((await columns(id)).folder_id).toBeNull();
    const search = await server.call({ method: 'GET', url: '/api/search?query=logged%20again' });
    expect(search.json()).toEqual([expect.objectContaining({ uid: 'change-log', title: 'Logged Again', tags: ['a', 'b'] })]);
  });
});

describe('tags', () => {
  it('counts the dashboards that carry each tag', async () => {
    const fresh = await startTestServer();
    try {
      await fresh.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { title: 'a', tags: ['prod', 'db'] } } });
      await fresh.call({
        method: 'POST',
        url: '/api/dashboards/db',
        payload: { dashboard: { title: 'b', tags: ['prod', 'prod', ' web '] } },
      });
      const tags = (await fresh.call({ method: 'GET', url: '/api/dashboards/tags' })).json();
      expect(tags).toEqual([
        { term: 'db', count: 1 },
        { term: 'prod', count: 2 },
        { term: 'web', count: 1 },
      ]);
    } finally {
      await fresh.cleanup();
    }
  });
});
