import type { SecretBox } from '../secrets';
import { inTransaction, ReadCache, type Db } from './db';
import { ConflictError } from './errors';
import type { DataSourceRow } from './schema';
import { isUniqueViolation, newUid } from './util';

export interface DataSourceFields {
  name: string;
  type: string;
  access: string;
  url: string;
  user: string;
  database: string;
  basicAuth: boolean;
  basicAuthUser: string;
  withCredentials: boolean;
  isDefault: boolean;
  jsonData: Record<string, unknown>;
}

/** A data source as the server works with it: secrets stay sealed until `openSecrets`. */
export interface StoredDataSource extends DataSourceFields {
  id: number;
  uid: string;
  orgId: number;
  version: number;
  /** Names of the secrets that are set. */
  secretNames: string[];
  /** Written by a provisioning file. */
  provisioned: boolean;
  /** Provisioned with `editable: false`: the API refuses to change or delete it. */
  readOnly: boolean;
}

/** What a provisioning file says of one data source. */
export interface ProvisionedDataSource extends DataSourceFields {
  orgId: number;
  uid?: string;
  secureJsonData: Record<string, string>;
  readOnly: boolean;
  prunable: boolean;
}

function fromRow(row: DataSourceRow): StoredDataSource {
  return {
    id: row.id,
    uid: row.uid,
    orgId: row.org_id,
    name: row.name,
    type: row.type,
    access: row.access,
    url: row.url,
    user: row.user,
    database: row.database,
    basicAuth: row.basic_auth === 1,
    basicAuthUser: row.basic_auth_user,
    withCredentials: row.with_credentials === 1,
    isDefault: row.is_default === 1,
    jsonData: JSON.parse(row.json_data) as Record<string, unknown>,
    version: row.version,
    secretNames: Object.keys(JSON.parse(row.secure_json_data) as Record<string, string>).sort(),
    provisioned: row.provisioned === 1,
    readOnly: row.read_only === 1,
  };
}

/** How long a data source read for `find` is kept at most; any write seen empties it sooner. */
const DATA_SOURCE_CACHE_TTL_MS = 5_000;

export class DataSourceStore {
  /** `find`'s answers: every panel query looks its data source up. Absent in transactions. */
  private readonly cache: ReadCache<string, StoredDataSource> | undefined;

  /** @param writes the connection's count of data-changing statements, when reads may be cached. */
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    writes?: () => number,
  ) {
    this.cache = writes && new ReadCache(writes, DATA_SOURCE_CACHE_TTL_MS, 200);
  }

  private rows(orgId: number) {
    return this.db.selectFrom('data_source').selectAll().where('org_id', '=', orgId);
  }

  async list(orgId: number): Promise<StoredDataSource[]> {
    return (await this.rows(orgId).orderBy('name').execute()).map(fromRow);
  }

  /** The data source, as read at most a few seconds ago and before any write since (frozen: shared by callers). */
  async find(orgId: number, by: { uid: string } | { id: number } | { name: string }): Promise<Readonly<StoredDataSource> | undefined> {
    if (!this.cache) return this.read(orgId, by);
    const key = 'uid' in by ? `${orgId}/uid/${by.uid}` : 'id' in by ? `${orgId}/id/${by.id}` : `${orgId}/name/${by.name}`;
    return this.cache.get(key, () => this.read(orgId, by));
  }

  private async read(orgId: number, by: { uid: string } | { id: number } | { name: string }): Promise<StoredDataSource | undefined> {
    let query = this.rows(orgId);
    if ('uid' in by) query = query.where('uid', '=', by.uid);
    else if ('id' in by) query = query.where('id', '=', by.id);
    else query = query.where('name', '=', by.name);
    const row = await query.executeTakeFirst();
    return row && fromRow(row);
  }

  /** The data source's secrets in plain text, for a health check only. */
  async openSecrets(id: number): Promise<Record<string, string>> {
    const row = await this.db.selectFrom('data_source').select('secure_json_data').where('id', '=', id).executeTakeFirstOrThrow();
    const sealed = JSON.parse(row.secure_json_data) as Record<string, string>;
    return Object.fromEntries(Object.entries(sealed).map(([name, value]) => [name, this.secrets.decrypt(value)]));
  }

  /** Seals given secrets into `current`: a non-empty value replaces, `""` removes, a key left out stays. */
  private mergeSecrets(current: Record<string, string>, given: Record<string, string> | undefined): Record<string, string> {
    const next = { ...current };
    for (const [name, value] of Object.entries(given ?? {})) {
      if (value === '') delete next[name];
      else next[name] = this.secrets.encrypt(value);
    }
    return next;
  }

  private static columns(fields: DataSourceFields) {
    return {
      name: fields.name,
      type: fields.type,
      access: fields.access,
      url: fields.url,
      user: fields.user,
      database: fields.database,
      basic_auth: fields.basicAuth ? 1 : 0,
      basic_auth_user: fields.basicAuthUser,
      with_credentials: fields.withCredentials ? 1 : 0,
      is_default: fields.isDefault ? 1 : 0,
      json_data: JSON.stringify(fields.jsonData),
    };
  }

  private static rethrow(error: unknown, fields: { name: string; uid?: string }): never {
    if (isUniqueViolation(error)) {
      // SQLite names the columns in its message, PostgreSQL the constraint.
      const message = `${(error as Error).message} ${(error as { constraint?: string }).constraint ?? ''}`;
      if (message.includes('.uid') || message.includes('_uid'))
        throw new ConflictError(`data source with the same uid already exists: "${fields.uid}"`, 'uid');
      throw new ConflictError(`data source with the same name already exists: "${fields.name}"`, 'name');
    }
    throw error;
  }

  async create(
    orgId: number,
    fields: DataSourceFields & { uid?: string; secureJsonData?: Record<string, string> },
  ): Promise<StoredDataSource> {
    const now = Date.now();
    try {
      return await inTransaction(this.db, async (trx) => {
        if (fields.isDefault) await trx.updateTable('data_source').set({ is_default: 0 }).where('org_id', '=', orgId).execute();
        const { id } = await trx
          .insertInto('data_source')
          .values({
            ...DataSourceStore.columns(fields),
            org_id: orgId,
            uid: fields.uid || newUid(),
            secure_json_data: JSON.stringify(this.mergeSecrets({}, fields.secureJsonData)),
            version: 1,
            created: now,
            updated: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return fromRow(await trx.selectFrom('data_source').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
      });
    } catch (error) {
      DataSourceStore.rethrow(error, fields);
    }
  }

  /** Replaces the settings; `expectedVersion`, when given, must be the stored one (409 otherwise). */
  async update(
    existing: StoredDataSource,
    fields: DataSourceFields & { uid?: string; secureJsonData?: Record<string, string> },
    expectedVersion?: number,
    /** false when the address changed: only the secrets given now are stored. */
    { keepStoredSecrets = true }: { keepStoredSecrets?: boolean } = {},
  ): Promise<StoredDataSource> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const row = await trx.selectFrom('data_source').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
        if (expectedVersion !== undefined && expectedVersion !== row.version) {
          throw new ConflictError('Datasource has already been updated by someone else');
        }
        if (fields.isDefault) await trx.updateTable('data_source').set({ is_default: 0 }).where('org_id', '=', row.org_id).execute();
        const current = keepStoredSecrets ? (JSON.parse(row.secure_json_data) as Record<string, string>) : {};
        await trx
          .updateTable('data_source')
          .set({
            ...DataSourceStore.columns(fields),
            uid: fields.uid || row.uid,
            secure_json_data: JSON.stringify(this.mergeSecrets(current, fields.secureJsonData)),
            version: row.version + 1,
            updated: Date.now(),
          })
          .where('id', '=', row.id)
          .execute();
        return fromRow(await trx.selectFrom('data_source').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
      });
    } catch (error) {
      DataSourceStore.rethrow(error, fields);
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('data_source').where('id', '=', id).execute();
  }

  /** Deletes by name (a provisioning file's `deleteDatasources`); the id deleted, if any. */
  async deleteByName(orgId: number, name: string): Promise<number | undefined> {
    const row = await this.db
      .deleteFrom('data_source')
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Creates or updates a data source as a provisioning file says (found by uid when it names one,
   * else by name; Grafana matches by name). Nothing is written when the stored one already says
   * the same, so re-applying the same files (a reload, another instance) changes nothing.
   */
  async upsertProvisioned(ds: ProvisionedDataSource): Promise<{ id: number; outcome: 'created' | 'updated' | 'unchanged' }> {
    return inTransaction(this.db, async (trx) => {
      const byUid = ds.uid
        ? await trx.selectFrom('data_source').selectAll().where('org_id', '=', ds.orgId).where('uid', '=', ds.uid).executeTakeFirst()
        : undefined;
      const row =
        byUid ??
        (await trx.selectFrom('data_source').selectAll().where('org_id', '=', ds.orgId).where('name', '=', ds.name).executeTakeFirst());
      const columns = {
        ...DataSourceStore.columns(ds),
        provisioned: 1,
        read_only: ds.readOnly ? 1 : 0,
        prunable: ds.prunable ? 1 : 0,
      };
      const now = Date.now();
      try {
        if (!row) {
          if (ds.isDefault) await trx.updateTable('data_source').set({ is_default: 0 }).where('org_id', '=', ds.orgId).execute();
          const { id } = await trx
            .insertInto('data_source')
            .values({
              ...columns,
              org_id: ds.orgId,
              uid: ds.uid || newUid(),
              secure_json_data: JSON.stringify(this.mergeSecrets({}, ds.secureJsonData)),
              version: 1,
              created: now,
              updated: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id, outcome: 'created' };
        }
        const sealed = JSON.parse(row.secure_json_data) as Record<string, string>;
        const storedSecrets = Object.fromEntries(Object.entries(sealed).map(([name, value]) => [name, this.secrets.decrypt(value)]));
        const given = Object.fromEntries(Object.entries(ds.secureJsonData).filter(([, value]) => value !== ''));
        const same =
          (!ds.uid || ds.uid === row.uid) &&
          Object.entries(columns).every(([key, value]) => row[key as keyof typeof row] === value) &&
          sameRecord(storedSecrets, given);
        if (same) return { id: row.id, outcome: 'unchanged' };
        if (ds.isDefault) await trx.updateTable('data_source').set({ is_default: 0 }).where('org_id', '=', ds.orgId).execute();
        await trx
          .updateTable('data_source')
          .set({
            ...columns,
            uid: ds.uid || row.uid,
            // The file is the truth: exactly its secrets, sealed anew.
            secure_json_data: JSON.stringify(this.mergeSecrets({}, given)),
            version: row.version + 1,
            updated: now,
          })
          .where('id', '=', row.id)
          .execute();
        return { id: row.id, outcome: 'updated' };
      } catch (error) {
        DataSourceStore.rethrow(error, ds);
      }
    });
  }

  /** Data sources provisioned from a file with `prune: true` that `keep` (ids) does not hold; deleted, their ids returned. */
  async prune(keep: number[]): Promise<number[]> {
    let query = this.db.deleteFrom('data_source').where('prunable', '=', 1);
    if (keep.length > 0) query = query.where('id', 'not in', keep);
    return (await query.returning('id').execute()).map((r) => r.id);
  }
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
