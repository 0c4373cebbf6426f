/**
 * Provisioning from files (issue 18 item 1), with real files in temp dirs and the real store:
 * env interpolation, readOnly data sources, deleteDatasources, prune, dashboards by provider with
 * folders, allowUiUpdates, disableDeletion, re-reading on an interval, broken files, the reload
 * endpoints, and two instances applying the same files. Issue 27: each bad file stands alone
 * (reload 400 naming it), ConfigMap symlinks, symlinks that escape, `${SIGHTLINE_*}`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataSource } from '../testing/datasources';
import { startTestServer, tempDataDir, type TestServer } from '../testing/harness';
import { startServerProcess } from '../testing/serverProcess';
import { Provisioner, type ProvisioningLog } from '.';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  server: TestServer;
  provisioner: Provisioner;
  dir: string;
  /** Warnings and errors. */
  errors: string[];
  /** Warnings only: what a bad file is logged at. */
  warnings: string[];
  write(file: string, content: string | object): void;
  /** A symlink at `file` (relative to the dir) to `target` (as given: relative to the link's folder, or absolute). */
  link(file: string, target: string): void;
  remove(file: string): void;
}

/** A provisioning dir with `files`, a server on a new data dir, and the provisioner started. */
async function setup(
  files: Record<string, string | object>,
  env: NodeJS.ProcessEnv = {},
  links: Record<string, string> = {},
): Promise<Setup> {
  const dir = tempDataDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, content: string | object) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  };
  const link = (file: string, target: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.symlinkSync(target, path.join(dir, file));
  };
  for (const [file, content] of Object.entries(files)) write(file, content);
  for (const [file, target] of Object.entries(links)) link(file, target);
  let real!: Provisioner;
  const server = await startTestServer({ provisioner: (store) => (real = new Provisioner(store, dir, env)) });
  cleanups.push(() => server.cleanup());
  const errors: string[] = [];
  const warnings: string[] = [];
  const log: ProvisioningLog = {
    info: () => undefined,
    warn: (m) => {
      errors.push(m);
      warnings.push(m);
    },
    error: (m) => errors.push(m),
  };
  await real.start(log);
  cleanups.push(() => real.stop());
  return { server, provisioner: real, dir, errors, warnings, write, link, remove: (file) => fs.rmSync(path.join(dir, file)) };
}

const json = <T>(response: { json: () => unknown }) => response.json() as T;

describe('data sources', () => {
  it('creates them with $VAR, ${VAR} and $$ from the environment, secrets sealed, and marks them readOnly', async () => {
    const { server, errors } = await setup(
      {
        'datasources/prom.yaml': [
          'apiVersion: 1',
          'datasources:',
          '  - name: Prometheus',
          '    type: prometheus',
          '    uid: prom',
          '    access: proxy',
          '    url: http://${PROM_HOST}:9090',
          '    isDefault: true',
          '    basicAuth: true',
          '    basicAuthUser: $PROM_USER',
          '    jsonData:',
          '      timeInterval: 15s',
          '    secureJsonData:',
          '      basicAuthPassword: ${PROM_PASSWORD}',
          '  - name: Editable',
          '    type: grafana-testdata-datasource',
          '    editable: true',
          '    jsonData:',
          '      note: costs $$5',
        ].join('\n'),
      },
      { PROM_HOST: 'prom.example', PROM_USER: 'grafana', PROM_PASSWORD: 'pa$$word-from-env' },
    );
    expect(errors).toEqual([]);
    const prom = json<Record<string, unknown>>(await server.call({ method: 'GET', url: '/api/datasources/uid/prom' }));
    expect(prom).toMatchObject({
      name: 'Prometheus',
      type: 'prometheus',
      url: 'http://prom.example:9090',
      isDefault: true,
      basicAuth: true,
      basicAuthUser: 'grafana',
      jsonData: { timeInterval: '15s' },
      secureJsonFields: { basicAuthPassword: true },
      readOnly: true,
    });
    const secrets = await server.store.dataSources.openSecrets(prom.id as number);
    // The value as given in the environment: interpolation happens once, in the file.
    expect(secrets).toEqual({ basicAuthPassword: 'pa$$word-from-env' });
    const editable = json<Record<string, unknown>>(await server.call({ method: 'GET', url: '/api/datasources/name/Editable' }));
    expect(editable).toMatchObject({ readOnly: false, jsonData: { note: 'costs $5' } });

    // The API refuses to change a readOnly one, with Grafana's words; an editable one can change.
    const put = await server.call({
      method: 'PUT',
      url: '/api/datasources/uid/prom',
      payload: { name: 'Prometheus', type: 'prometheus', access: 'proxy' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ message: 'Cannot update read-only data source' });
    const del = await server.call({ method: 'DELETE', url: '/api/datasources/uid/prom' });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: 'Cannot delete read-only data source' });
    const putEditable = await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${editable.uid as string}`,
      payload: { name: 'Editable', type: 'grafana-testdata-datasource', access: 'proxy' },
    });
    expect(putEditable.statusCode).toBe(200);
  });

  it('deletes what deleteDatasources names, prunes what no file names, and writes nothing when nothing changed', async () => {
    const file = (names: string[], extra = '') =>
      [
        'apiVersion: 1',
        'prune: true',
        extra,
        'datasources:',
        ...names.map((n) => `  - {name: ${n}, type: prometheus, url: "http://${n}:9090"}`),
      ].join('\n');
    const { server, write, provisioner } = await setup({ 'datasources/a.yaml': file(['one', 'two']) });
    await createDataSource(server, { name: 'by-hand', type: 'prometheus' });
    const names = async () => json<Array<{ name: string; version: number }>>(await server.call({ method: 'GET', url: '/api/datasources' }));
    expect((await names()).map((d) => d.name)).toEqual(['by-hand', 'one', 'two']);

    // Applying the same files again changes nothing, not even a version.
    const before = await names();
    expect(await provisioner.reloadDataSources()).toMatchObject({ created: 0, updated: 0, unchanged: 2, deleted: 0 });
    expect(await names()).toEqual(before);

    // `two` leaves the file (pruned); `by-hand` is named in deleteDatasources.
    write('datasources/a.yaml', file(['one'], 'deleteDatasources:\n  - {name: by-hand, orgId: 1}'));
    expect(await provisioner.reloadDataSources()).toMatchObject({ deleted: 2, unchanged: 1 });
    expect((await names()).map((d) => d.name)).toEqual(['one']);
  });

  it('a broken file is logged with its name, line and reason; the other files still apply and nothing is pruned', async () => {
    const { server, errors, dir } = await setup({
      'datasources/good.yaml': 'apiVersion: 1\nprune: true\ndatasources:\n  - {name: good, type: prometheus}\n',
      'datasources/broken.yaml': 'apiVersion: 1\ndatasources:\n  - name: bad\n    type: [prometheus\n',
      'datasources/wrong.yaml': 'apiVersion: 1\ndatasources:\n  - name: ok\n    type: loki\n  - name: nope\n    type: no-such-type\n',
    });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(new RegExp(`^provisioning: ${path.join(dir, 'datasources/broken.yaml')}:\\d+: is not valid YAML`));
    expect(errors[1]).toBe(`provisioning: ${path.join(dir, 'datasources/wrong.yaml')}:5: data source "nope": unknown type "no-such-type"`);
    const list = json<Array<{ name: string }>>(await server.call({ method: 'GET', url: '/api/datasources' }));
    expect(list.map((d) => d.name)).toEqual(['good', 'ok']);
  });

  it('two server processes applying the same files at once create each data source and dashboard once', async () => {
    const dir = tempDataDir();
    const dataDir = path.join(tempDataDir(), 'shared');
    cleanups.push(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    });
    fs.mkdirSync(path.join(dir, 'datasources'));
    fs.mkdirSync(path.join(dir, 'dashboards'));
    fs.mkdirSync(path.join(dir, 'files'));
    fs.writeFileSync(path.join(dir, 'datasources/ds.yaml'), 'datasources:\n  - {name: a, type: prometheus}\n  - {name: b, type: loki}\n');
    fs.writeFileSync(path.join(dir, 'dashboards/p.yaml'), 'providers:\n  - {name: p, folder: Ops, options: {path: files}}\n');
    fs.writeFileSync(path.join(dir, 'files/no-uid.json'), JSON.stringify({ title: 'No uid' }));
    fs.writeFileSync(path.join(dir, 'files/pinned.json'), JSON.stringify({ title: 'Pinned', uid: 'pinned' }));
    const env = { SIGHTLINE_PROVISIONING_DIR: dir };
    const [a, b] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
    cleanups.push(() => a.kill());
    cleanups.push(() => b.kill());
    for (const server of [a, b]) {
      const sources = (await (await server.api('/api/datasources')).json()) as Array<{ name: string; readOnly: boolean }>;
      expect(sources.map((d) => [d.name, d.readOnly])).toEqual([
        ['a', true],
        ['b', true],
      ]);
      const hits = (await (await server.api('/api/search')).json()) as Array<{ title: string }>;
      expect(hits.map((h) => h.title)).toEqual(['No uid', 'Ops', 'Pinned']);
    }
    expect(a.output()).not.toMatch(/"level":50/);
    expect(b.output()).not.toMatch(/"level":50/);
  }, 60_000);
});

const provider = (options: Record<string, unknown>) =>
  `apiVersion: 1\nproviders:\n  - ${JSON.stringify({ name: 'files', type: 'file', updateIntervalSeconds: 30, ...options })}\n`;

describe('dashboards', () => {
  it('provisions into the provider folder, marks them, and refuses saving and deleting with Grafana words', async () => {
    const { server, errors } = await setup({
      'dashboards/files.yaml': provider({ folder: 'Infra', folderUid: 'infra', options: { path: 'json' } }),
      'json/node.json': { title: 'Node', uid: 'node', tags: ['linux'], panels: [], id: 99, version: 7 },
    });
    expect(errors).toEqual([]);
    const { dashboard, meta } = json<{ dashboard: Record<string, unknown>; meta: Record<string, unknown> }>(
      await server.call({ method: 'GET', url: '/api/dashboards/uid/node' }),
    );
    expect(dashboard).toMatchObject({ title: 'Node', uid: 'node', tags: ['linux'], version: 1 });
    expect(meta).toMatchObject({
      provisioned: true,
      provisionedExternalId: 'node.json',
      canSave: false,
      canEdit: true,
      canDelete: false,
      folderUid: 'infra',
      folderTitle: 'Infra',
    });

    const save = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { ...dashboard, title: 'Mine' }, folderUid: 'infra' },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toEqual({ message: 'Cannot save provisioned dashboard' });
    const overwrite = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { title: 'X', uid: 'node' }, overwrite: true },
    });
    expect(overwrite.statusCode).toBe(400);
    expect((await server.call({ method: 'POST', url: '/api/dashboards/uid/node/restore', payload: { version: 1 } })).statusCode).toBe(400);
    const del = await server.call({ method: 'DELETE', url: '/api/dashboards/uid/node' });
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual({ message: 'provisioned dashboard cannot be deleted' });
    // Nor through its folder, which would take it along.
    const folderDelete = await server.call({ method: 'DELETE', url: '/api/folders/infra' });
    expect(folderDelete.statusCode).toBe(400);
    expect(folderDelete.json()).toEqual({
      message: 'folder holds provisioned dashboards ("Node"); remove them from their provisioning files first',
    });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/node' })).statusCode).toBe(200);
  });

  it('allowUiUpdates lets the API save (meta.provisioned false, the file still named)', async () => {
    const { server } = await setup({
      'dashboards/files.yaml': provider({ allowUiUpdates: true, options: { path: 'json' } }),
      'json/a.json': { title: 'A', uid: 'a' },
    });
    const { meta, dashboard } = json<{ dashboard: Record<string, unknown>; meta: Record<string, unknown> }>(
      await server.call({ method: 'GET', url: '/api/dashboards/uid/a' }),
    );
    expect(meta).toMatchObject({ provisioned: false, provisionedExternalId: 'a.json', canSave: true, canDelete: false, folderUid: '' });
    expect(
      (await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { ...dashboard, title: 'A2' } } })).statusCode,
    ).toBe(200);
  });

  it('foldersFromFilesStructure makes one folder per directory', async () => {
    const { server } = await setup({
      'dashboards/files.yaml': provider({ options: { path: 'tree', foldersFromFilesStructure: true } }),
      'tree/top.json': { title: 'Top', uid: 'top' },
      'tree/Databases/pg.json': { title: 'Postgres', uid: 'pg' },
      'tree/Databases/my.json': { title: 'MySQL', uid: 'my' },
    });
    const folderOf = async (uid: string) =>
      json<{ meta: { folderTitle: string } }>(await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}` })).meta.folderTitle;
    expect([await folderOf('top'), await folderOf('pg'), await folderOf('my')]).toEqual(['General', 'Databases', 'Databases']);
    expect(json<unknown[]>(await server.call({ method: 'GET', url: '/api/folders' }))).toHaveLength(1);
  });

  it('re-reads the files every updateIntervalSeconds: changed, added and removed files are applied', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { server, write, remove, provisioner } = await setup({
      'dashboards/files.yaml': provider({ options: { path: 'json' } }),
      'json/a.json': { title: 'A', uid: 'a' },
      'json/gone.json': { title: 'Gone', uid: 'gone' },
      'json/no-uid.json': { title: 'No uid' },
    });
    const noUid = json<Array<{ uid: string }>>(await server.call({ method: 'GET', url: '/api/search?query=No%20uid' }))[0]!.uid;
    write('json/a.json', { title: 'A changed', uid: 'a' });
    write('json/new.json', { title: 'New', uid: 'new' });
    write('json/no-uid.json', { title: 'No uid, changed' });
    remove('json/gone.json');
    // Nothing happens before the interval has passed.
    await vi.advanceTimersByTimeAsync(29_000);
    await provisioner.idle();
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/new' })).statusCode).toBe(404);
    await vi.advanceTimersByTimeAsync(1_000);
    await provisioner.idle();
    expect(
      json<{ dashboard: { title: string; version: number } }>(await server.call({ method: 'GET', url: '/api/dashboards/uid/a' })).dashboard,
    ).toMatchObject({
      title: 'A changed',
      version: 2,
    });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/new' })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/gone' })).statusCode).toBe(404);
    // Without a uid in its JSON, a file keeps its dashboard (found by the file).
    expect(
      json<{ dashboard: { title: string } }>(await server.call({ method: 'GET', url: `/api/dashboards/uid/${noUid}` })).dashboard.title,
    ).toBe('No uid, changed');
  });

  it('disableDeletion keeps the dashboard of a removed file, no longer provisioned', async () => {
    const { server, remove, provisioner } = await setup({
      'dashboards/files.yaml': provider({ disableDeletion: true, options: { path: 'json' } }),
      'json/keep.json': { title: 'Keep', uid: 'keep' },
    });
    remove('json/keep.json');
    await provisioner.reloadDashboardsAndSchedule();
    const { meta } = json<{ meta: Record<string, unknown> }>(await server.call({ method: 'GET', url: '/api/dashboards/uid/keep' }));
    expect(meta).toMatchObject({ provisioned: false, provisionedExternalId: '', canSave: true });
  });

  it('a broken dashboard file is logged with its line; its dashboard stays; the other files apply', async () => {
    const { server, write, errors, dir, provisioner } = await setup({
      'dashboards/files.yaml': provider({ options: { path: 'json' } }),
      'json/a.json': { title: 'A', uid: 'a' },
      'json/b.json': { title: 'B', uid: 'b' },
    });
    write('json/a.json', '{\n  "title": "A",\n  "uid": "a",\n  oops\n}');
    write('json/b.json', { title: 'B2', uid: 'b' });
    write('json/c.json', { uid: 'c' });
    await provisioner.reloadDashboardsAndSchedule();
    expect(errors[0]).toMatch(new RegExp(`^provisioning: ${path.join(dir, 'json/a.json')}:4: is not valid JSON`));
    expect(errors[1]).toBe(`provisioning: ${path.join(dir, 'json/c.json')}:1: the dashboard has no title`);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/a' })).statusCode).toBe(200);
    expect(json<{ dashboard: { title: string } }>(await server.call({ method: 'GET', url: '/api/dashboards/uid/b' })).dashboard.title).toBe(
      'B2',
    );
  });
});

describe('reload endpoints', () => {
  it('an Admin reloads dashboards and data sources; others may not', async () => {
    const { server, write } = await setup({ 'dashboards/files.yaml': provider({ options: { path: 'json' } }) });
    write('json/r.json', { title: 'Reloaded', uid: 'r' });
    write('datasources/d.yaml', 'datasources:\n  - {name: reloaded, type: loki}\n  - {name: broken}\n');
    const editor = await server.accountWithToken('Editor');
    expect((await server.call({ method: 'POST', url: '/api/admin/provisioning/dashboards/reload', token: editor.token })).statusCode).toBe(
      403,
    );
    const dashboards = await server.call({ method: 'POST', url: '/api/admin/provisioning/dashboards/reload' });
    expect(dashboards.statusCode).toBe(200);
    expect(dashboards.json()).toEqual({ message: 'Dashboards config reloaded', problems: [] });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/r' })).statusCode).toBe(200);
    const dataSources = await server.call({ method: 'POST', url: '/api/admin/provisioning/datasources/reload' });
    expect(dataSources.statusCode).toBe(400);
    expect(dataSources.json()).toEqual({
      message:
        'Datasources config reloaded, but 1 file has problems (the rest was applied): datasources/d.yaml:3: data source "broken" needs a type',
      problems: [{ file: 'datasources/d.yaml', line: 3, message: 'data source "broken" needs a type' }],
    });
    expect((await server.call({ method: 'GET', url: '/api/datasources/name/reloaded' })).statusCode).toBe(200);
  });
});

interface ReloadAnswer {
  message: string;
  problems: Array<{ file: string; line: number; message: string }>;
}

describe('each bad file stands alone (issue 27)', () => {
  const reload = async (server: TestServer, what: 'datasources' | 'dashboards') => {
    const response = await server.call({ method: 'POST', url: `/api/admin/provisioning/${what}/reload` });
    return { status: response.statusCode, body: json<ReloadAnswer>(response) };
  };
  const dataSources = async (server: TestServer) =>
    json<Array<{ name: string; url: string }>>(await server.call({ method: 'GET', url: '/api/datasources' })).map((d) => [d.name, d.url]);
  const titles = async (server: TestServer) =>
    json<Array<{ title: string; type: string }>>(await server.call({ method: 'GET', url: '/api/search' }))
      .filter((hit) => hit.type === 'dash-db')
      .map((hit) => hit.title);

  it('bad files beside good ones: the good ones apply at start and on reload, which answers 400 naming every bad file', async () => {
    const { server, dir, warnings } = await setup({
      'datasources/good.yaml': 'apiVersion: 1\ndatasources:\n  - {name: good, uid: good, type: prometheus, url: "http://good:9090"}\n',
      'datasources/bad.yaml': 'apiVersion: 1\ndatasources:\n  - name: bad\n    type: [prometheus\n',
      // An alias naming the mapping it is in: the interpolation used to overflow the stack.
      'datasources/cycle.yaml': 'datasources:\n  - &a {name: cycle, type: loki, jsonData: {self: [*a]}}\n',
      // good.yaml's uid again: it used to rename "good" (and the next run renamed it back).
      'datasources/same-uid.yaml': 'datasources:\n  - {name: other, uid: good, type: prometheus}\n',
      'dashboards/good.yaml': provider({ name: 'good', options: { path: 'json' } }),
      // A provider whose path is a file: reading it used to throw out of the whole run.
      'dashboards/not-a-folder.yaml': provider({ name: 'not-a-folder', options: { path: 'json/a.json' } }),
      'json/a.json': { title: 'A', uid: 'a' },
      'json/long-title.json': { title: 'x'.repeat(1001), uid: 'long' },
    });
    expect(await dataSources(server)).toEqual([['good', 'http://good:9090']]);
    expect(await titles(server)).toEqual(['A']);
    // Each bad file logged at warn level, with its path.
    for (const file of ['datasources/bad.yaml', 'datasources/cycle.yaml', 'datasources/same-uid.yaml', 'dashboards/not-a-folder.yaml']) {
      expect(warnings.some((m) => m.startsWith(`provisioning: ${path.join(dir, file)}:`))).toBe(true);
    }
    expect(warnings).toContain(
      `provisioning: ${path.join(dir, 'datasources/same-uid.yaml')}:2: data source "other": uid "good" is already the uid of data source "good" (good.yaml:3); the first definition is kept`,
    );

    const ds = await reload(server, 'datasources');
    expect(ds.status).toBe(400);
    expect(ds.body.problems.map((p) => p.file)).toEqual(['datasources/bad.yaml', 'datasources/cycle.yaml', 'datasources/same-uid.yaml']);
    expect(ds.body.problems[0]).toMatchObject({ line: 5, message: expect.stringMatching(/^is not valid YAML/) });
    expect(ds.body.problems[1]!.message).toMatch(/refers to itself/);
    expect(ds.body.message).toMatch(
      /^Datasources config reloaded, but 3 files have problems \(the rest was applied\): datasources\/bad\.yaml:5: /,
    );
    for (const problem of ds.body.problems) expect(ds.body.message).toContain(`${problem.file}:${problem.line}: ${problem.message}`);
    expect(await dataSources(server)).toEqual([['good', 'http://good:9090']]);

    const dash = await reload(server, 'dashboards');
    expect(dash.status).toBe(400);
    // Provider by provider, in file name order: good.yaml's dashboards, then not-a-folder.yaml.
    expect(dash.body.problems).toEqual([
      { file: 'json/long-title.json', line: 1, message: 'title: is too long: at most 1000 characters' },
      {
        file: 'dashboards/not-a-folder.yaml',
        line: 3,
        message: `provider "not-a-folder": ${path.join(dir, 'json/a.json')} is not a folder`,
      },
    ]);
    expect(await titles(server)).toEqual(['A']);
  });

  it('a URL carrying user:password@ is refused, as by the API, without the password in the log', async () => {
    const { server, warnings } = await setup({
      'datasources/creds.yaml':
        'apiVersion: 1\ndatasources:\n  - {name: creds, type: prometheus, url: "http://alice:s3cr3t-pw@prom:9090"}\n  - {name: fine, type: prometheus, url: "http://prom:9090"}\n',
    });
    expect(await dataSources(server)).toEqual([['fine', 'http://prom:9090']]);
    expect(warnings.some((m) => m.includes('data source "creds"') && /basic ?auth/i.test(m))).toBe(true);
    expect(warnings.join('\n')).not.toContain('s3cr3t-pw');
  });

  it('a ConfigMap mount (x.yaml -> ..data/x.yaml, ..data -> ..<time>) is applied once, and again when ..data moves on', async () => {
    const first = '..2026_11_26_10_00_00.1';
    const { server, dir, errors, write, link } = await setup(
      {
        [`datasources/${first}/prom.yaml`]: 'datasources:\n  - {name: Prom, uid: prom, type: prometheus, url: "http://one:9090"}\n',
        [`dashboards/${first}/files.yaml`]: provider({ options: { path: 'json' } }),
        [`json/${first}/a.json`]: { title: 'A', uid: 'a' },
      },
      {},
      {
        'datasources/..data': first,
        'datasources/prom.yaml': '..data/prom.yaml',
        'dashboards/..data': first,
        'dashboards/files.yaml': '..data/files.yaml',
        'json/..data': first,
        'json/a.json': '..data/a.json',
      },
    );
    expect(errors).toEqual([]);
    expect(await dataSources(server)).toEqual([['Prom', 'http://one:9090']]);
    expect(await titles(server)).toEqual(['A']);
    const meta = async () =>
      json<{ dashboard: { title: string; version: number }; meta: { provisionedExternalId: string } }>(
        await server.call({ method: 'GET', url: '/api/dashboards/uid/a' }),
      );
    expect((await meta()).meta.provisionedExternalId).toBe('a.json');

    // What the kubelet does on an update: a new timestamped folder, ..data swapped in one rename, the old folder removed.
    const second = '..2026_11_26_10_05_00.2';
    write(`datasources/${second}/prom.yaml`, 'datasources:\n  - {name: Prom, uid: prom, type: prometheus, url: "http://two:9090"}\n');
    write(`json/${second}/a.json`, { title: 'A2', uid: 'a' });
    for (const folder of ['datasources', 'json']) {
      link(`${folder}/..data_tmp`, second);
      fs.renameSync(path.join(dir, folder, '..data_tmp'), path.join(dir, folder, '..data'));
      fs.rmSync(path.join(dir, folder, first), { recursive: true });
    }
    expect(await reload(server, 'datasources')).toEqual({ status: 200, body: { message: 'Datasources config reloaded', problems: [] } });
    expect(await reload(server, 'dashboards')).toEqual({ status: 200, body: { message: 'Dashboards config reloaded', problems: [] } });
    expect(await dataSources(server)).toEqual([['Prom', 'http://two:9090']]);
    expect(await titles(server)).toEqual(['A2']);
    const after = await meta();
    expect(after.dashboard).toMatchObject({ title: 'A2', version: 2 });
    expect(after.meta.provisionedExternalId).toBe('a.json');
  });

  it('a symlink out of the provisioning dir is refused and reported; so are loops and dangling links, without hanging', async () => {
    const outside = tempDataDir();
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    fs.writeFileSync(path.join(outside, 'evil.yaml'), 'datasources:\n  - {name: evil, type: prometheus, url: "http://evil:9090"}\n');
    fs.writeFileSync(path.join(outside, 'secret.json'), JSON.stringify({ title: 'Outside', uid: 'outside' }));
    fs.mkdirSync(path.join(outside, 'more'));
    fs.writeFileSync(path.join(outside, 'more/m.json'), JSON.stringify({ title: 'More', uid: 'more' }));
    const { server, dir, warnings } = await setup(
      {
        'datasources/good.yaml': 'datasources:\n  - {name: good, type: loki}\n',
        'dashboards/files.yaml': provider({ options: { path: 'json' } }),
        'json/a.json': { title: 'A', uid: 'a' },
        // Inside the provisioning dir, outside the provider's folder: followed.
        'shared/s.json': { title: 'Shared', uid: 'shared' },
      },
      {},
      {
        'datasources/evil.yaml': path.join(outside, 'evil.yaml'),
        'datasources/self.yaml': 'self.yaml',
        'json/secret.json': path.join(outside, 'secret.json'),
        'json/more': path.join(outside, 'more'),
        'json/loop': '.',
        'json/gone.json': 'nowhere.json',
        'json/shared.json': '../shared/s.json',
      },
    );
    expect(await dataSources(server)).toEqual([['good', '']]);
    expect(await titles(server)).toEqual(['A', 'Shared']);
    expect(warnings).toContain(
      `provisioning: ${path.join(dir, 'datasources/evil.yaml')}: is a symlink to ${path.join(outside, 'evil.yaml')}, outside ${fs.realpathSync(dir)}; not read`,
    );

    const ds = await reload(server, 'datasources');
    expect(ds.status).toBe(400);
    expect(ds.body.problems).toEqual([
      { file: 'datasources/evil.yaml', line: 0, message: expect.stringMatching(/^is a symlink to .*evil\.yaml, outside .*; not read$/) },
      { file: 'datasources/self.yaml', line: 0, message: 'is a symlink loop (self.yaml); not read' },
    ]);
    const dash = await reload(server, 'dashboards');
    expect(dash.status).toBe(400);
    expect(dash.body.problems.map((p) => [p.file, p.message.replace(/ .*/, '')])).toEqual([
      ['json/loop', 'leads'],
      ['json/more', 'is'],
      ['json/gone.json', 'is'],
      ['json/secret.json', 'is'],
    ]);
    expect(dash.body.message).toContain('json/secret.json: is a symlink to');
    // Nothing of what is outside is read, so nothing of it is told either.
    expect(JSON.stringify(dash.body)).not.toContain('Outside');
    expect(await dataSources(server)).toEqual([['good', '']]);
    expect(await titles(server)).toEqual(['A', 'Shared']);
  });

  it('${SIGHTLINE_*} outside secureJsonData refuses the file; inside secureJsonData it is sealed', async () => {
    const env = {
      SIGHTLINE_SECRET_KEY: 'secret-key-from-env-0123456789',
      SIGHTLINE_ADMIN_TOKEN: 'admin-token-from-env',
      PROM_HOST: 'prom',
    };
    const { server, dir, warnings } = await setup(
      {
        'datasources/in-url.yaml':
          'datasources:\n  - name: in-url\n    type: prometheus\n    url: http://${PROM_HOST}:9090/?k=${SIGHTLINE_SECRET_KEY}\n',
        'datasources/in-json.yaml': [
          'datasources:',
          '  - {name: beside, type: loki}',
          '  - name: in-json',
          '    type: prometheus',
          '    jsonData:',
          '      note: $SIGHTLINE_ADMIN_TOKEN',
        ].join('\n'),
        'datasources/sealed.yaml': [
          'datasources:',
          '  - name: sealed',
          '    type: prometheus',
          '    url: http://${PROM_HOST}:9090',
          '    basicAuth: true',
          '    basicAuthUser: grafana',
          '    secureJsonData:',
          '      basicAuthPassword: ${SIGHTLINE_SECRET_KEY}',
        ].join('\n'),
        'dashboards/files.yaml': provider({ folder: 'Ops ${SIGHTLINE_ADMIN_TOKEN}', options: { path: 'json' } }),
        'json/a.json': { title: 'A', uid: 'a' },
      },
      env,
    );
    const only =
      "SIGHTLINE_* variables hold the server's own secrets and may only be used in a data source's secureJsonData; the file is not applied";
    expect(warnings).toEqual([
      `provisioning: ${path.join(dir, 'datasources/in-json.yaml')}:6: $SIGHTLINE_ADMIN_TOKEN in datasources[1].jsonData.note: ${only}`,
      `provisioning: ${path.join(dir, 'datasources/in-url.yaml')}:4: \${SIGHTLINE_SECRET_KEY} in datasources[0].url: ${only}`,
      `provisioning: ${path.join(dir, 'dashboards/files.yaml')}:3: \${SIGHTLINE_ADMIN_TOKEN} in providers[0].folder: ${only}`,
    ]);
    // The whole file is refused (its other entry too); the sealed one applies with the value.
    expect(await dataSources(server)).toEqual([['sealed', 'http://prom:9090']]);
    const sealed = json<{ id: number }>(await server.call({ method: 'GET', url: '/api/datasources/name/sealed' }));
    expect(await server.store.dataSources.openSecrets(sealed.id)).toEqual({ basicAuthPassword: env.SIGHTLINE_SECRET_KEY });
    expect(await titles(server)).toEqual([]);
    const ds = await reload(server, 'datasources');
    expect(ds.status).toBe(400);
    expect(ds.body.problems.map((p) => p.file)).toEqual(['datasources/in-json.yaml', 'datasources/in-url.yaml']);
    const everything = JSON.stringify([ds.body, await reload(server, 'dashboards'), await dataSources(server), warnings]);
    expect(everything).not.toContain(env.SIGHTLINE_SECRET_KEY);
    expect(everything).not.toContain(env.SIGHTLINE_ADMIN_TOKEN);
  });
});

describe('examples/provisioning', () => {
  it('applies without a problem: the Prometheus data source and the "Sightline internals" dashboard', async () => {
    const examples = path.resolve(import.meta.dirname, '../../../examples/provisioning');
    let real!: Provisioner;
    const server = await startTestServer({
      provisioner: (store) => (real = new Provisioner(store, examples, { PROMETHEUS_URL: 'http://127.0.0.1:9090' })),
    });
    cleanups.push(() => server.cleanup());
    const errors: string[] = [];
    await real.start({ info: () => undefined, warn: (m) => errors.push(m), error: (m) => errors.push(m) });
    real.stop();
    expect(errors).toEqual([]);
    expect(
      json<Record<string, unknown>>(await server.call({ method: 'GET', url: '/api/datasources/uid/sightline-prometheus' })),
    ).toMatchObject({
      url: 'http://127.0.0.1:9090',
      readOnly: true,
    });
    const { dashboard, meta } = json<{
      dashboard: { title: string; panels: Array<{ targets: Array<{ expr: string }> }> };
      meta: Record<string, unknown>;
    }>(await server.call({ method: 'GET', url: '/api/dashboards/uid/sightline-internals' }));
    expect(dashboard.title).toBe('Sightline internals');
    expect(meta).toMatchObject({ provisioned: true, folderTitle: 'Sightline' });
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    expect(exprs.some((e) => e.includes('histogram_quantile') && e.includes('sightline_http_request_duration_seconds_bucket'))).toBe(true);
    expect(exprs.some((e) => e.startsWith('sum by (handler) (rate('))).toBe(true);
  });
});
