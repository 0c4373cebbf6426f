import type { OrgRole } from '../../contract/common';
import { inTransaction, type Db } from './db';
import { dialectOf, equalsIgnoringCase, ignoringCase, likeIgnoringCase } from './dialect';
import { InvalidError } from './errors';
import { isUniqueViolation, likePattern, newUid, slugify } from './util';

export interface ServiceAccountRow {
  id: number;
  uid: string;
  orgId: number;
  name: string;
  login: string;
  email: string;
  isDisabled: boolean;
  role: OrgRole;
  /** Live (not revoked) tokens. */
  tokens: number;
}

export interface ServiceAccountSearch {
  query?: string;
  disabled?: boolean;
  expiredTokens?: boolean;
  expiringTokens?: boolean;
  perPage: number;
  page: number;
}

/** Grafana's login for a service account: `sa-<slug of name>`. */
export function serviceAccountLogin(name: string): string {
  return `sa-${slugify(name) || 'account'}`;
}

export class ServiceAccountStore {
  constructor(private readonly db: Db) {}

  private accounts(orgId: number) {
    return this.db
      .selectFrom('user')
      .innerJoin('org_user', (join) => join.onRef('org_user.user_id', '=', 'user.id').onRef('org_user.org_id', '=', 'user.org_id'))
      .select([
        'user.id',
        'user.uid',
        'user.org_id as orgId',
        'user.name',
        'user.login',
        'user.email',
        'user.is_disabled as isDisabled',
        'org_user.role',
        (eb) =>
          eb
            .selectFrom('api_key')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('api_key.service_account_id', '=', 'user.id')
            .where('api_key.is_revoked', '=', 0)
            .as('tokens'),
      ])
      .where('user.org_id', '=', orgId)
      .where('user.is_service_account', '=', 1);
  }

  private static toRow(
    row: Omit<ServiceAccountRow, 'isDisabled' | 'tokens'> & { isDisabled: number; tokens: number | null },
  ): ServiceAccountRow {
    return { ...row, isDisabled: row.isDisabled === 1, tokens: Number(row.tokens ?? 0) };
  }

  async get(orgId: number, id: number): Promise<ServiceAccountRow | undefined> {
    const row = await this.accounts(orgId).where('user.id', '=', id).executeTakeFirst();
    return row && ServiceAccountStore.toRow(row);
  }

  async findByName(orgId: number, name: string): Promise<ServiceAccountRow | undefined> {
    const row = await this.accounts(orgId)
      .where(equalsIgnoringCase(dialectOf(this.db), 'user.name', name))
      .executeTakeFirst();
    return row && ServiceAccountStore.toRow(row);
  }

  async search(orgId: number, search: ServiceAccountSearch): Promise<{ totalCount: number; accounts: ServiceAccountRow[] }> {
    const now = Date.now();
    let query = this.accounts(orgId);
    if (search.query?.trim()) {
      const pattern = likePattern(search.query.trim());
      const dialect = dialectOf(this.db);
      query = query.where((eb) =>
        eb.or([likeIgnoringCase(dialect, 'user.name', pattern), likeIgnoringCase(dialect, 'user.login', pattern)]),
      );
    }
    if (search.disabled !== undefined) query = query.where('user.is_disabled', '=', search.disabled ? 1 : 0);
    /** Those of `accounts` holding a live (not revoked) token whose `expires` is `op` `value`. */
    const withLiveToken = (accounts: typeof query, op: '<=' | 'is not', value: number | null) =>
      accounts.where((eb) =>
        eb.exists(
          eb
            .selectFrom('api_key')
            .select('api_key.id')
            .whereRef('api_key.service_account_id', '=', 'user.id')
            .where('api_key.is_revoked', '=', 0)
            .where('api_key.expires', op, value),
        ),
      );
    if (search.expiredTokens) query = withLiveToken(query, '<=', now);
    if (search.expiringTokens) query = withLiveToken(query, 'is not', null);
    const { count } = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .orderBy(ignoringCase(dialectOf(this.db), 'user.name'))
      .orderBy('user.id')
      .limit(search.perPage)
      .offset((search.page - 1) * search.perPage)
      .execute();
    return { totalCount: Number(count), accounts: rows.map(ServiceAccountStore.toRow) };
  }

  /** Creates the account and its org membership in one transaction. */
  async create(input: { orgId: number; name: string; role: OrgRole; isDisabled: boolean }): Promise<ServiceAccountRow> {
    const now = Date.now();
    const login = serviceAccountLogin(input.name);
    try {
      const id = await inTransaction(this.db, async (trx) => {
        const { id } = await trx
          .insertInto('user')
          .values({
            uid: newUid(),
            org_id: input.orgId,
            login,
            email: login,
            name: input.name,
            password_hash: null,
            is_service_account: 1,
            is_disabled: input.isDisabled ? 1 : 0,
            created: now,
            updated: now,
            last_seen_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('org_user')
          .values({ org_id: input.orgId, user_id: id, role: input.role, created: now, updated: now })
          .execute();
        return id;
      });
      return (await this.get(input.orgId, id))!;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new InvalidError(`service account already exists: the name "${input.name}" or its login "${login}" is taken`, 'name');
      }
      throw error;
    }
  }

  /** Changes only the given fields, all or none. */
  async update(orgId: number, id: number, patch: { name?: string; role?: OrgRole; isDisabled?: boolean }): Promise<ServiceAccountRow> {
    const now = Date.now();
    const login = patch.name !== undefined ? serviceAccountLogin(patch.name) : undefined;
    try {
      await inTransaction(this.db, async (trx) => {
        if (patch.name !== undefined || patch.isDisabled !== undefined) {
          await trx
            .updateTable('user')
            .set({
              ...(patch.name !== undefined ? { name: patch.name, login, email: login } : {}),
              ...(patch.isDisabled !== undefined ? { is_disabled: patch.isDisabled ? 1 : 0 } : {}),
              updated: now,
            })
            .where('id', '=', id)
            .where('org_id', '=', orgId)
            .execute();
        }
        if (patch.role !== undefined) {
          await trx
            .updateTable('org_user')
            .set({ role: patch.role, updated: now })
            .where('user_id', '=', id)
            .where('org_id', '=', orgId)
            .execute();
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new InvalidError(`service account already exists: the name "${patch.name}" or its login "${login}" is taken`, 'name');
      }
      throw error;
    }
    return (await this.get(orgId, id))!;
  }

  /** Deletes the account; its membership and tokens go with it (foreign keys cascade). */
  async delete(orgId: number, id: number): Promise<void> {
    await this.db.deleteFrom('user').where('id', '=', id).where('org_id', '=', orgId).where('is_service_account', '=', 1).execute();
  }
}
