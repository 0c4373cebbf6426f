import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_STORE, testStoreEnv, type TestServer } from '../testing/harness';

/**
 * The search follows PostgreSQL's change log by transaction, not by sequence number: several
 * instances write at once, and an entry numbered earlier can commit later. These are the cases
 * a sequence-number reader gets wrong.
 */
describe.runIf(TEST_STORE === 'postgres')('the search on PostgreSQL follows every committed change', () => {
  const ORG = 1;
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer();
    url = (await testStoreEnv(server.dataDir)).SIGHTLINE_DATABASE_URL!;
    for (const uid of ['first', 'second']) {
      await server.store.dashboards.save({
        orgId: ORG,
        userId: 1,
        model: { title: `Plain ${uid}` },
        title: `Plain ${uid}`,
        tags: [],
        uid,
        folderId: null,
        overwrite: false,
        message: '',
      });
    }
  });

  afterAll(async () => {
    await server?.cleanup();
  });

  const uidsOf = async (query: string) =>
    (
      JSON.parse((await server.store.search.answer(ORG, searchParams(query), { all: true }, new Set())).toString()) as Array<{
        uid: string;
      }>
    )
      .map((hit) => hit.uid)
      .sort();

  async function client(): Promise<pg.Client> {
    const connected = new pg.Client({ connectionString: url });
    await connected.connect();
    return connected;
  }

  it('a change numbered before another but committed after it is found once it commits', async () => {
    expect(await uidsOf('plain')).toEqual(['first', 'second']);
    const slow = await client();
    const quick = await client();
    try {
      // The slow writer's entry takes the lower number; the quick one commits first.
      await slow.query('begin');
      await slow.query(`update dashboard set title = 'Late Lemur', title_lower = 'late lemur' where uid = 'first'`);
      await quick.query(`update dashboard set title = 'Early Emu', title_lower = 'early emu' where uid = 'second'`);
      expect(await uidsOf('emu')).toEqual(['second']);
      expect(await uidsOf('lemur')).toEqual([]);
      await slow.query('commit');
      expect(await uidsOf('lemur')).toEqual(['first']);
      expect(await uidsOf('plain')).toEqual([]);
    } finally {
      await slow.end();
      await quick.end();
    }
  });

  it('a rolled-back change leaves no trace and holds nothing up', async () => {
    const writer = await client();
    try {
      await writer.query('begin');
      await writer.query(`update dashboard set title = 'Ghost Gecko', title_lower = 'ghost gecko' where uid = 'first'`);
      await writer.query('rollback');
      await writer.query(`update dashboard set title = 'Real Rhea', title_lower = 'real rhea' where uid = 'second'`);
      expect(await uidsOf('gecko')).toEqual([]);
      expect(await uidsOf('rhea')).toEqual(['second']);
    } finally {
      await writer.end();
    }
  });

  it('entries pruned before they were read, or a truncated table, make it read the dashboards whole', async () => {
    expect(await uidsOf('lemur')).toEqual(['first']);
    const writer = await client();
    try {
      // The newest 10,000 entries are kept; what is pruned is marked, so a reader behind it knows.
      await writer.query(`update dashboard set title = 'Pruned Puffin', title_lower = 'pruned puffin' where uid = 'first'`);
      await writer.query(`insert into dashboard_change (org_id, dashboard_id) select 999, g from generate_series(1, 11000) g`);
      const { rows } = await writer.query<{ kept: string; newest: string; pruned: string }>(
        `select count(*) as kept, (select xid::text from dashboard_change order by seq desc limit 1) as newest,
          (select xid::text from dashboard_change_pruned) as pruned from dashboard_change`,
      );
      expect(Number(rows[0]!.kept)).toBeLessThan(11_000); // pruned every 1,000th entry
      expect(rows[0]!.pruned).toBe(rows[0]!.newest);
      expect(await uidsOf('puffin')).toEqual(['first']);

      // A truncate writes no entries, only the mark.
      await writer.query('truncate dashboard cascade');
      expect(await uidsOf('')).toEqual([]);
    } finally {
      await writer.end();
    }
  });
});

function searchParams(query: string) {
  return { query, tag: [], dashboardUIDs: [], dashboardIds: [], folderUIDs: [], folderIds: [], limit: 1000, page: 1 };
}
