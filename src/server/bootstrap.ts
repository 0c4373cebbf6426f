import { randomBytes } from 'node:crypto';
import type { OrgRole } from '../contract/common';
import { hashPassword } from './auth/passwords';
import { generateToken, hashToken } from './auth/tokens';
import type { Store } from './store';

export const MAIN_ORG_ID = 1;
export const MAIN_ORG_NAME = 'Main Org.';
export const ADMIN_ACCOUNT_NAME = 'admin';

export type BootstrapResult =
  /** `password`: the random password the person `admin` got, when none was given. */
  { created: true; token: string; tokenWasGiven: boolean; password: string | undefined } | { created: false };

/**
 * Gives a new data dir its org 1 ("Main Org."), a person `admin` (org Admin) who signs in with
 * `adminPassword` or a new random password, and a service account `admin` (Admin) whose first
 * token is `adminToken` or a new random one. All or nothing.
 * A data dir that already has an org is left as it is. Safe when two processes start at once on
 * a new data dir: the check runs inside the (immediate) write transaction, so exactly one creates.
 */
export async function bootstrap(
  store: Store,
  adminToken: string | undefined,
  /** The password, or its hash already made (tests make one hash for many data dirs). */
  adminPassword?: string | { hash: string },
): Promise<BootstrapResult> {
  if (await store.orgs.get(MAIN_ORG_ID)) return { created: false };
  const token = adminToken ?? generateToken();
  // Grafana's admin/admin is the first thing an attacker tries: a new data dir gets a random one.
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = typeof password === 'string' ? await hashPassword(password) : password.hash;
  const created = await store.transaction(async (stores) => {
    if (await stores.orgs.get(MAIN_ORG_ID)) return false;
    const orgId = await stores.orgs.create(MAIN_ORG_NAME);
    await stores.users.createPerson({
      orgId,
      login: 'admin',
      email: 'admin@localhost',
      name: 'admin',
      passwordHash,
      role: 'Admin',
    });
    const account = await stores.serviceAccounts.create({ orgId, name: ADMIN_ACCOUNT_NAME, role: 'Admin', isDisabled: false });
    await stores.tokens.create({
      orgId,
      serviceAccountId: account.id,
      name: 'bootstrap',
      keyHash: hashToken(token),
    });
    return true;
  });
  if (!created) return { created: false };
  return {
    created: true,
    token,
    tokenWasGiven: adminToken !== undefined,
    password: adminPassword === undefined ? (password as string) : undefined,
  };
}

/**
 * Mints a token for the service account `name` in org 1, creating the account with `role` when
 * it does not exist. Used offline by the CLI.
 */
export async function mintToken(
  store: Store,
  options: { name: string; role: OrgRole; secondsToLive?: number; tokenName?: string },
): Promise<{ token: string; accountId: number; accountCreated: boolean; role: OrgRole }> {
  return store.transaction(async (stores) => {
    let account = await stores.serviceAccounts.findByName(MAIN_ORG_ID, options.name);
    const accountCreated = !account;
    account ??= await stores.serviceAccounts.create({ orgId: MAIN_ORG_ID, name: options.name, role: options.role, isDisabled: false });
    if (account.role !== options.role) {
      throw new Error(
        `service account "${account.name}" already exists with role ${account.role}, not ${options.role}; ` +
          'pass its role, or choose another name',
      );
    }
    if (account.isDisabled) throw new Error(`service account "${account.name}" is disabled; enable it first`);
    const token = generateToken();
    const now = Date.now();
    await stores.tokens.create({
      orgId: MAIN_ORG_ID,
      serviceAccountId: account.id,
      name: options.tokenName ?? `cli-${new Date(now).toISOString().replace(/[:.]/g, '-')}`,
      keyHash: hashToken(token),
      secondsToLive: options.secondsToLive,
    });
    return { token, accountId: account.id, accountCreated, role: account.role };
  });
}
