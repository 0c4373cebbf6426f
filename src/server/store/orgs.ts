import type { CompiledQuery } from 'kysely';
import type { OrgAddress } from '../../contract/org';
import { ReadCache, type Db } from './db';
import { ConflictError } from './errors';
import type { OrgRow } from './schema';
import { isUniqueViolation } from './util';
import { insertDefaultContactPoint } from './alertingNotify';

/** How long a cached org may go unrefreshed; writes through this server's connection refresh it at once. */
const ORG_CACHE_TTL_MS = 5_000;

export class OrgStore {
  /** Orgs by id (`GET /api/org` and `/api/user` read one on every call); absent in transactions. */
  private readonly cache: ReadCache<number, OrgRow> | undefined;

  /** @param writes the connection's count of data-changing statements, when orgs may be cached. */
  constructor(
    private readonly db: Db,
    writes?: () => number,
  ) {
    this.cache = writes && new ReadCache(writes, ORG_CACHE_TTL_MS, 100);
  }

  /** `get`'s query, built and compiled once. */
  private getQuery: CompiledQuery<OrgRow> | undefined;

  get(orgId: number): Promise<Readonly<OrgRow> | undefined> {
    return this.cache ? this.cache.get(orgId, () => this.query(orgId)) : this.query(orgId);
  }

  /** `get`'s answer when the cache holds it and it may still be used, without waiting; undefined otherwise (then ask `get`). */
  cached(orgId: number): Readonly<OrgRow> | undefined {
    return this.cache?.peek(orgId);
  }

  private async query(orgId: number): Promise<OrgRow | undefined> {
    this.getQuery ??= this.db.selectFrom('org').selectAll().where('id', '=', 0).compile();
    const { rows } = await this.db.executeQuery<OrgRow>({ ...this.getQuery, parameters: [orgId] });
    return rows[0];
  }

  async create(name: string): Promise<number> {
    const now = Date.now();
    const row = await this.db.insertInto('org').values({ name, created: now, updated: now }).returning('id').executeTakeFirstOrThrow();
    // Every org starts with Grafana's default Alertmanager configuration.
    await insertDefaultContactPoint(this.db, row.id, now);
    return row.id;
  }

  async rename(orgId: number, name: string): Promise<void> {
    try {
      await this.db.updateTable('org').set({ name, updated: Date.now() }).where('id', '=', orgId).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`an organization named "${name}" already exists`, 'name');
      throw error;
    }
  }

  async updateAddress(orgId: number, address: Partial<OrgAddress>): Promise<void> {
    const { zipCode, ...rest } = address;
    await this.db
      .updateTable('org')
      .set({ ...rest, ...(zipCode !== undefined ? { zip_code: zipCode } : {}), updated: Date.now() })
      .where('id', '=', orgId)
      .execute();
  }
}
