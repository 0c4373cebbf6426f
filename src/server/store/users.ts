import type { OrgRole } from '../../contract/common';
import { inTransaction, type Db } from './db';
import { dialectOf, likeIgnoringCase } from './dialect';
import { ConflictError, InvalidError } from './errors';
import { isUniqueViolation, likePattern, newUid } from './util';

/** A person in an org, with the role they hold there. */
export interface OrgUserRow {
  orgId: number;
  userId: number;
  login: string;
  email: string;
  name: string;
  role: OrgRole;
  lastSeenAt: number;
}

export interface NewPerson {
  orgId: number;
  login: string;
  email: string;
  name: string;
  passwordHash: string;
  role: OrgRole;
}

/** Grafana marks a never-seen person as seen ten years before their creation. */
const NEVER_SEEN_OFFSET_MS = 10 * 365 * 24 * 3600 * 1000;

export class UserStore {
  constructor(private readonly db: Db) {}

  private orgUsers(orgId: number) {
    return this.db
      .selectFrom('org_user')
      .innerJoin('user', 'user.id', 'org_user.user_id')
      .select([
        'org_user.org_id as orgId',
        'user.id as userId',
        'user.login',
        'user.email',
        'user.name',
        'org_user.role',
        'user.last_seen_at as lastSeenAt',
      ])
      .where('org_user.org_id', '=', orgId)
      .where('user.is_service_account', '=', 0);
  }

  /** People of the org (never service accounts), matched on login, email or name. */
  listOrgUsers(orgId: number, options: { query?: string; limit?: number } = {}): Promise<OrgUserRow[]> {
    let query = this.orgUsers(orgId);
    if (options.query?.trim()) {
      const pattern = likePattern(options.query.trim());
      const dialect = dialectOf(this.db);
      query = query.where((eb) =>
        eb.or([
          likeIgnoringCase(dialect, 'user.login', pattern),
          likeIgnoringCase(dialect, 'user.email', pattern),
          likeIgnoringCase(dialect, 'user.name', pattern),
        ]),
      );
    }
    query = query.orderBy('user.login');
    if (options.limit !== undefined && options.limit > 0) query = query.limit(options.limit);
    return query.execute();
  }

  getOrgUser(orgId: number, userId: number): Promise<OrgUserRow | undefined> {
    return this.orgUsers(orgId).where('user.id', '=', userId).executeTakeFirst();
  }

  /** A person (not a service account) by login or email, whatever their org. */
  findPerson(loginOrEmail: string) {
    return this.db
      .selectFrom('user')
      .select(['id', 'login', 'email'])
      .where('is_service_account', '=', 0)
      .where((eb) => eb.or([eb('login', '=', loginOrEmail), eb('email', '=', loginOrEmail)]))
      .executeTakeFirst();
  }

  /** Creates a person and makes them a member of `orgId` with `role`, in one transaction. */
  async createPerson(person: NewPerson): Promise<number> {
    const now = Date.now();
    try {
      return await inTransaction(this.db, async (trx) => {
        const clash = await trx
          .selectFrom('user')
          .select(['login', 'email'])
          .where((eb) =>
            eb.or([
              eb('login', '=', person.login),
              eb('email', '=', person.email),
              eb('login', '=', person.email),
              eb('email', '=', person.login),
            ]),
          )
          .executeTakeFirst();
        if (clash) {
          const field = clash.login === person.login || clash.email === person.login ? 'login' : 'email';
          throw new ConflictError('User with same email or login already exists', field);
        }
        const { id } = await trx
          .insertInto('user')
          .values({
            uid: newUid(),
            org_id: person.orgId,
            login: person.login,
            email: person.email,
            name: person.name,
            password_hash: person.passwordHash,
            is_service_account: 0,
            is_disabled: 0,
            created: now,
            updated: now,
            last_seen_at: now - NEVER_SEEN_OFFSET_MS,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('org_user')
          .values({ org_id: person.orgId, user_id: id, role: person.role, created: now, updated: now })
          .execute();
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('User with same email or login already exists');
      throw error;
    }
  }

  async addToOrg(orgId: number, userId: number, role: OrgRole): Promise<void> {
    const now = Date.now();
    try {
      await this.db.insertInto('org_user').values({ org_id: orgId, user_id: userId, role, created: now, updated: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('User is already member of this organization', 'loginOrEmail');
      throw error;
    }
  }

  /** Changes a person's role; refuses to leave the org without an Admin. */
  async setRole(orgId: number, userId: number, role: OrgRole): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      if (role !== 'Admin')
        await this.assertNotLastAdmin(trx, orgId, userId, 'Cannot change role so that there is no organization admin left', 'role');
      await trx
        .updateTable('org_user')
        .set({ role, updated: Date.now() })
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .execute();
    });
  }

  /** Takes a person out of the org (their user record stays, so they can be added again). */
  async removeFromOrg(orgId: number, userId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.assertNotLastAdmin(trx, orgId, userId, 'Cannot remove last organization admin');
      await trx.deleteFrom('org_user').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    });
  }

  /** A person (never a service account) by id, whatever their org. */
  getPerson(userId: number) {
    return this.db
      .selectFrom('user')
      .select(['id', 'uid', 'org_id as orgId', 'login', 'email', 'name', 'is_disabled as isDisabled'])
      .where('is_service_account', '=', 0)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The orgs a person belongs to. */
  async orgIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('org_user').select('org_id').where('user_id', '=', userId).orderBy('org_id').execute();
    return rows.map((row) => row.org_id);
  }

  /** Disables or enables a person; a disabled person's sessions end (their rows go). */
  async setDisabled(userId: number, disabled: boolean): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('user')
        .set({ is_disabled: disabled ? 1 : 0, updated: Date.now() })
        .where('id', '=', userId)
        .where('is_service_account', '=', 0)
        .execute();
      if (disabled) await trx.deleteFrom('user_session').where('user_id', '=', userId).execute();
    });
  }

  /** Deletes a person everywhere (memberships, sessions, stars and grants go with them); refuses to leave an org without an Admin. */
  async deletePerson(userId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      for (const { org_id } of await trx.selectFrom('org_user').select('org_id').where('user_id', '=', userId).execute()) {
        await this.assertNotLastAdmin(trx, org_id, userId, 'Cannot delete the last organization admin');
      }
      await trx.deleteFrom('user').where('id', '=', userId).where('is_service_account', '=', 0).execute();
    });
  }

  private async assertNotLastAdmin(trx: Db, orgId: number, userId: number, message: string, field?: string): Promise<void> {
    const admins = await trx
      .selectFrom('org_user')
      .innerJoin('user', 'user.id', 'org_user.user_id')
      .select('org_user.user_id')
      .where('org_user.org_id', '=', orgId)
      .where('org_user.role', '=', 'Admin')
      .where('user.is_service_account', '=', 0)
      .execute();
    if (admins.length === 1 && admins[0]!.user_id === userId) throw new InvalidError(message, field);
  }
}
