import { conflict } from '../errors';
import type { SecretBox } from '../secrets';
import { inTransaction, type Db } from './db';
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
  };
}

export class DataSourceStore {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  private rows(orgId: number) {
    return this.db.selectFrom('data_source').selectAll().where('org_id', '=', orgId);
  }

  async list(orgId: number): Promise<StoredDataSource[]> {
    return (await this.rows(orgId).orderBy('name').execute()).map(fromRow);
  }

  async find(orgId: number, by: { uid: string } | { id: number } | { name: string }): Promise<StoredDataSource | undefined> {
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
      const message = String((error as Error).message);
      if (message.includes('.uid')) throw conflict(`data source with the same uid already exists: "${fields.uid}"`);
      throw conflict(`data source with the same name already exists: "${fields.name}"`);
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
          throw conflict('Datasource has already been updated by someone else');
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
}
