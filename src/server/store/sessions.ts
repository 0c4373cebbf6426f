import type { CompiledQuery } from 'kysely';
import type { OrgRole } from '../../contract/common';
import { ReadCache, type Db } from './db';

/** What the auth hook needs to know about a presented session cookie, in one query. */
export interface SessionIdentityRow {
  sessionId: number;
  created: number;
  seenAt: number;
  userId: number;
  orgId: number;
  login: string;
  name: string;
  isDisabled: number;
  /** The person's role in their home org; null when they have left it. */
  role: OrgRole | null;
}

/** A person's password hash and what signing in needs beside it. */
export interface PasswordRow {
  userId: number;
  login: string;
  passwordHash: string | null;
  isDisabled: number;
}

/** Sessions found by hash stay cached this long at most (and only until any write is seen). */
const SESSION_CACHE_TTL_MS = 5_000;

/** Signed-in browsers of people (`user_session`), and failed sign-ins (`login_attempt`). */
export class SessionStore {
  private readonly identities: ReadCache<string, SessionIdentityRow> | undefined;
  private identityQuery: CompiledQuery<SessionIdentityRow> | undefined;

  constructor(
    private readonly db: Db,
    writes?: () => number,
  ) {
    this.identities = writes && new ReadCache(writes, SESSION_CACHE_TTL_MS);
  }

  async create(input: { userId: number; tokenHash: string; clientAddress: string; userAgent: string; now: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('user_session')
      .values({
        user_id: input.userId,
        token_hash: input.tokenHash,
        created: input.now,
        seen_at: input.now,
        client_address: input.clientAddress.slice(0, 100),
        user_agent: input.userAgent.slice(0, 300),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Signing in is being seen: the users list shows it at once, not a few minutes later.
    await this.db.updateTable('user').set({ last_seen_at: input.now }).where('id', '=', input.userId).execute();
    return id;
  }

  /** The session with this hash, its person and their role in their home org. */
  findIdentity(tokenHash: string): Promise<SessionIdentityRow | undefined> {
    return this.identities ? this.identities.get(tokenHash, () => this.queryIdentity(tokenHash)) : this.queryIdentity(tokenHash);
  }

  private async queryIdentity(tokenHash: string): Promise<SessionIdentityRow | undefined> {
    this.identityQuery ??= this.db
      .selectFrom('user_session')
      .innerJoin('user', 'user.id', 'user_session.user_id')
      .leftJoin('org_user', (join) => join.onRef('org_user.user_id', '=', 'user.id').onRef('org_user.org_id', '=', 'user.org_id'))
      .select([
        'user_session.id as sessionId',
        'user_session.created',
        'user_session.seen_at as seenAt',
        'user.id as userId',
        'user.org_id as orgId',
        'user.login',
        'user.name',
        'user.is_disabled as isDisabled',
        'org_user.role',
      ])
      .where('user_session.token_hash', '=', '')
      .where('user.is_service_account', '=', 0)
      .compile();
    // The hash is the first parameter; the rest are the query's own constants.
    const parameters = [tokenHash, ...this.identityQuery.parameters.slice(1)];
    const { rows } = await this.db.executeQuery<SessionIdentityRow>({ ...this.identityQuery, parameters });
    return rows[0];
  }

  /** Records use of the session and of its person (callers write this at most every few minutes). */
  async markSeen(sessionId: number, userId: number, at: number): Promise<void> {
    await this.db.updateTable('user_session').set({ seen_at: at }).where('id', '=', sessionId).execute();
    await this.db.updateTable('user').set({ last_seen_at: at }).where('id', '=', userId).execute();
  }

  /** Ends one session; false when there was none. */
  async revoke(sessionId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('user_session').where('id', '=', sessionId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Ends every session of the person, except `keep` (the one that changed the password). */
  async revokeAllOf(userId: number, keep?: number): Promise<number> {
    let query = this.db.deleteFrom('user_session').where('user_id', '=', userId);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes sessions past either bound and attempts older than the throttling window. */
  async prune(options: { inactiveBefore: number; createdBefore: number; attemptsBefore: number }): Promise<void> {
    await this.db
      .deleteFrom('user_session')
      .where((eb) => eb.or([eb('seen_at', '<', options.inactiveBefore), eb('created', '<', options.createdBefore)]))
      .execute();
    await this.db.deleteFrom('login_attempt').where('created', '<', options.attemptsBefore).execute();
  }

  /** A person (never a service account) by login or email, with their password hash. */
  async findPassword(loginOrEmail: string): Promise<PasswordRow | undefined> {
    return this.db
      .selectFrom('user')
      .select(['id as userId', 'login', 'password_hash as passwordHash', 'is_disabled as isDisabled'])
      .where('is_service_account', '=', 0)
      .where((eb) => eb.or([eb('login', '=', loginOrEmail), eb('email', '=', loginOrEmail)]))
      .orderBy('id')
      .executeTakeFirst();
  }

  async passwordOf(userId: number): Promise<PasswordRow | undefined> {
    return this.db
      .selectFrom('user')
      .select(['id as userId', 'login', 'password_hash as passwordHash', 'is_disabled as isDisabled'])
      .where('is_service_account', '=', 0)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('user').set({ password_hash: passwordHash, updated: Date.now() }).where('id', '=', userId).execute();
  }

  async recordFailure(login: string, clientAddress: string, at: number): Promise<void> {
    await this.db
      .insertInto('login_attempt')
      .values({ login: login.slice(0, 190), client_address: clientAddress.slice(0, 100), created: at })
      .execute();
  }

  /**
   * The failures since `since` for this login and for this address, each newest-first times
   * (enough of them to say when the oldest that counts leaves the window).
   */
  async failuresSince(
    login: string,
    clientAddress: string,
    since: number,
    limit: number,
  ): Promise<{ byLogin: number[]; byAddress: number[] }> {
    const times = (column: 'login' | 'client_address', value: string) =>
      this.db
        .selectFrom('login_attempt')
        .select('created')
        .where(column, '=', value)
        .where('created', '>=', since)
        .orderBy('created', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => row.created));
    const [byLogin, byAddress] = await Promise.all([
      times('login', login.slice(0, 190)),
      times('client_address', clientAddress.slice(0, 100)),
    ]);
    return { byLogin, byAddress };
  }

  /** A successful sign-in forgets the login's failures (the address's stay). */
  async clearFailures(login: string): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('login', '=', login.slice(0, 190)).execute();
  }
}
