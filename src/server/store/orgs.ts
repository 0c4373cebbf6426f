import type { OrgAddress } from '../../contract/org';
import { conflict } from '../errors';
import type { Db } from './db';
import type { OrgRow } from './schema';
import { isUniqueViolation } from './util';

export class OrgStore {
  constructor(private readonly db: Db) {}

  get(orgId: number): Promise<OrgRow | undefined> {
    return this.db.selectFrom('org').selectAll().where('id', '=', orgId).executeTakeFirst();
  }

  async create(name: string): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('org')
      .values({ name, created: now, updated: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(orgId: number, name: string): Promise<void> {
    try {
      await this.db.updateTable('org').set({ name, updated: Date.now() }).where('id', '=', orgId).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`an organization named "${name}" already exists`);
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
