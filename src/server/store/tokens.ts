import type { CompiledQuery } from 'kysely';
import type { OrgRole } from '../../contract/common';
import { ReadCache, type Db } from './db';
import { ConflictError } from './errors';
import type { ApiKeyRow } from './schema';
import { isUniqueViolation } from './util';

/** What the auth hook needs to know about a presented token, in one query. */
export interface TokenIdentityRow {
  tokenId: number;
  expires: number | null;
  isRevoked: number;
  lastUsedAt: number | null;
  orgId: number;
  accountId: number;
  login: string;
  name: string;
  isDisabled: number;
  role: OrgRole | null;
}

/**
 * How long a cached identity may be used without asking the database again. Every write the
 * connection sees makes every cached identity stale at once (see `ReadCache`), so a revocation,
 * disable or role change is refused on the very next request; this bound only covers what could
 * slip by (unknown tokens are never cached).
 */
export const IDENTITY_CACHE_TTL_MS = 5_000;

export class TokenStore {
  /** Found identities by key hash; absent for stores bound to a transaction. */
  private readonly identities: ReadCache<string, TokenIdentityRow> | undefined;

  /** @param writes the connection's count of data-changing statements, when identities may be cached. */
  constructor(
    private readonly db: Db,
    writes?: () => number,
  ) {
    this.identities = writes && new ReadCache(writes, IDENTITY_CACHE_TTL_MS);
  }

  /** `secondsToLive` counts from the same instant as `created` (none or 0: never expires). */
  async create(input: { orgId: number; serviceAccountId: number; name: string; keyHash: string; secondsToLive?: number }): Promise<number> {
    const now = Date.now();
    try {
      const { id } = await this.db
        .insertInto('api_key')
        .values({
          org_id: input.orgId,
          service_account_id: input.serviceAccountId,
          name: input.name,
          key_hash: input.keyHash,
          created: now,
          updated: now,
          last_used_at: null,
          expires: input.secondsToLive ? now + input.secondsToLive * 1000 : null,
          is_revoked: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(`this service account already has a token named "${input.name}"; choose another name`, 'name');
      }
      throw error;
    }
  }

  /** The account's live tokens, oldest first. Revoked ones are gone for good from every view. */
  list(serviceAccountId: number): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_key')
      .selectAll()
      .where('service_account_id', '=', serviceAccountId)
      .where('is_revoked', '=', 0)
      .orderBy('id')
      .execute();
  }

  /** Revokes a live token; false when the account has no such token. */
  async revoke(serviceAccountId: number, tokenId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_key')
      .set({ is_revoked: 1, updated: Date.now() })
      .where('id', '=', tokenId)
      .where('service_account_id', '=', serviceAccountId)
      .where('is_revoked', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The identity query, built and compiled once: it runs on every API request not served from the cache. */
  private identityQuery: CompiledQuery<TokenIdentityRow> | undefined;

  /**
   * The token with this hash, its account and the account's role in the token's org. Cached for
   * up to `IDENTITY_CACHE_TTL_MS`, and only until this server writes anything at all (a
   * revocation, a disabled account, a role change, even `markUsed`).
   */
  findIdentity(keyHash: string): Promise<TokenIdentityRow | undefined> {
    return this.identities ? this.identities.get(keyHash, () => this.queryIdentity(keyHash)) : this.queryIdentity(keyHash);
  }

  /**
   * `findIdentity`'s answer when the cache holds it and it may still be used, without waiting;
   * undefined otherwise (then ask `findIdentity`). Unknown tokens are never cached.
   */
  cachedIdentity(keyHash: string): Readonly<TokenIdentityRow> | undefined {
    return this.identities?.peek(keyHash);
  }

  private async queryIdentity(keyHash: string): Promise<TokenIdentityRow | undefined> {
    this.identityQuery ??= this.db
      .selectFrom('api_key')
      .innerJoin('user', 'user.id', 'api_key.service_account_id')
      .leftJoin('org_user', (join) => join.onRef('org_user.user_id', '=', 'user.id').onRef('org_user.org_id', '=', 'api_key.org_id'))
      .select([
        'api_key.id as tokenId',
        'api_key.expires',
        'api_key.is_revoked as isRevoked',
        'api_key.last_used_at as lastUsedAt',
        'api_key.org_id as orgId',
        'user.id as accountId',
        'user.login',
        'user.name',
        'user.is_disabled as isDisabled',
        'org_user.role',
      ])
      .where('api_key.key_hash', '=', '')
      .compile();
    const { rows } = await this.db.executeQuery<TokenIdentityRow>({ ...this.identityQuery, parameters: [keyHash] });
    return rows[0];
  }

  async markUsed(tokenId: number, at: number): Promise<void> {
    await this.db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', tokenId).execute();
  }
}
