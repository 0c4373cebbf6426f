/**
 * People signing in with a password: `POST /login` sessions (an HttpOnly cookie), basic auth
 * `login:password` on the API, throttling of failed attempts, and the CSRF rule for cookie writes.
 * Every credential resolves to the same `Identity`, so routes never ask how a caller signed in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, unauthorized } from '../errors';
import type { Store } from '../store';
import type { SessionIdentityRow } from '../store/sessions';
import type { Identity } from './identity';
import { hashPassword, needsRehash, PasswordHashingBusyError, verifyPassword } from './passwords';
import { hashToken } from './tokens';

export const SESSION_COOKIE = 'sightline_session';

export interface SignInSettings {
  /** A session unused this long ends (Grafana's login_maximum_inactive_lifetime_duration, 7 days). */
  maxInactiveMs: number;
  /** A session ends this long after sign-in whatever its use (login_maximum_lifetime_duration, 30 days). */
  maxLifetimeMs: number;
  /** Failed attempts per login, and per client address, within `failureWindowMs` before refusing more. */
  maxFailures: number;
  failureWindowMs: number;
  /** `Secure` on the cookie: always, never, or when the request came over HTTPS (`auto`). */
  secureCookie: 'auto' | boolean;
  /** Origins (or bare hosts) besides the server's own whose cookie writes are accepted. */
  trustedOrigins: string[];
}

export const DEFAULT_SIGN_IN_SETTINGS: SignInSettings = {
  maxInactiveMs: 7 * 24 * 3600 * 1000,
  maxLifetimeMs: 30 * 24 * 3600 * 1000,
  maxFailures: 5,
  failureWindowMs: 5 * 60 * 1000,
  secureCookie: 'auto',
  trustedOrigins: [],
};

/** How often a session's (and its person's) "seen" time is written at most: reads stay reads. */
const SEEN_RESOLUTION_MS = 5 * 60 * 1000;
/** Expired sessions and old attempts are deleted at most this often (on a sign-in). */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
/** A verified basic-auth password is trusted this long while the stored hash stays the same. */
const BASIC_AUTH_CACHE_MS = 5 * 60 * 1000;

export class TooManyAttemptsError extends ApiError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many failed login attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {});
    this.retryAfterSeconds = retryAfterSeconds;
  }
  readonly retryAfterSeconds: number;
}

export interface SignInLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface RequestFacts {
  /** The client's address (behind trusted proxies, the forwarded one). */
  address: string;
  userAgent: string;
}

function identityOfPerson(row: SessionIdentityRow | PersonRow, credential: Pick<Identity, 'kind' | 'sessionId'>): Identity {
  if (row.isDisabled) throw unauthorized('Unauthorized: this user is disabled');
  if (row.role === null) throw unauthorized('Unauthorized: this user is no longer a member of their organization');
  return { orgId: row.orgId, accountId: row.userId, login: row.login, name: row.name, role: row.role, ...credential };
}

type PersonRow = Omit<SessionIdentityRow, 'sessionId' | 'created' | 'seenAt'>;

export class SignIn {
  private lastPruneAt = 0;
  /** Verified basic-auth credentials: digest of login and password → the hash they matched. */
  private readonly verified = new Map<string, { userId: number; passwordHash: string; at: number }>();
  /** Hashes `login\0password` for the cache above; random per process, so the digests are worthless elsewhere. */
  private readonly cacheKeySalt = randomBytes(32);

  constructor(
    private readonly store: Store,
    readonly settings: SignInSettings,
    private readonly log: SignInLog,
  ) {}

  /** `POST /login`: checks the password and opens a session; answers the cookie's value. */
  async login(loginOrEmail: string, password: string, facts: RequestFacts, now = Date.now()): Promise<{ token: string; userId: number }> {
    const user = await this.checkPassword(loginOrEmail, password, facts, now);
    const token = randomBytes(32).toString('base64url');
    await this.store.sessions.create({
      userId: user.userId,
      tokenHash: hashToken(token),
      clientAddress: facts.address,
      userAgent: facts.userAgent,
      now,
    });
    this.pruneNowAndThen(now);
    return { token, userId: user.userId };
  }

  /** The identity behind a session cookie, or a 401 saying why it is refused. */
  async authenticateSession(token: string, now = Date.now()): Promise<Identity> {
    const row = await this.store.sessions.findIdentity(hashToken(token));
    if (!row) throw unauthorized('Unauthorized: this session has ended; sign in again');
    if (now - row.seenAt >= this.settings.maxInactiveMs)
      throw unauthorized('Unauthorized: this session expired after inactivity; sign in again');
    if (now - row.created >= this.settings.maxLifetimeMs)
      throw unauthorized('Unauthorized: this session reached its maximum lifetime; sign in again');
    const identity = identityOfPerson(row, { kind: 'session', sessionId: row.sessionId });
    if (now - row.seenAt >= SEEN_RESOLUTION_MS) await this.store.sessions.markSeen(row.sessionId, row.userId, now);
    return identity;
  }

  /** Basic auth `login:password` on the API (Grafana's), throttled like `POST /login`. */
  async authenticateBasic(login: string, password: string, facts: RequestFacts, now = Date.now()): Promise<Identity> {
    const key = createHash('sha256').update(this.cacheKeySalt).update(login).update('\0').update(password).digest('base64');
    const cached = this.verified.get(key);
    if (cached && now - cached.at < BASIC_AUTH_CACHE_MS) {
      const person = await this.store.sessions.passwordOf(cached.userId);
      // The same hash as when it was verified: the password has not changed since.
      if (person && person.passwordHash === cached.passwordHash) {
        const row = await this.personIdentity(cached.userId);
        if (row) return identityOfPerson(row, { kind: 'password' });
      }
      this.verified.delete(key);
    }
    const user = await this.checkPassword(login, password, facts, now);
    if (this.verified.size >= 1_000) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(key, { userId: user.userId, passwordHash: user.passwordHash, at: now });
    const row = await this.personIdentity(user.userId);
    if (!row) throw unauthorized('Invalid username or password');
    return identityOfPerson(row, { kind: 'password' });
  }

  private async personIdentity(userId: number): Promise<PersonRow | undefined> {
    const person = await this.store.users.getPerson(userId);
    if (!person) return undefined;
    const member = await this.store.users.getOrgUser(person.orgId, userId);
    return {
      userId,
      orgId: person.orgId,
      login: person.login,
      name: person.name,
      isDisabled: person.isDisabled,
      role: member?.role ?? null,
    };
  }

  /**
   * The person whose password this is, or a refusal: 429 while the login or the address has had
   * too many failures lately (checked first, so a correct guess then gains nothing), else 401.
   */
  private async checkPassword(loginOrEmail: string, password: string, facts: RequestFacts, now: number) {
    const throttleKey = loginOrEmail.trim().toLowerCase();
    const since = now - this.settings.failureWindowMs;
    const { maxFailures } = this.settings;
    const failures = await this.store.sessions.failuresSince(throttleKey, facts.address, since, maxFailures);
    const counting = [failures.byLogin, failures.byAddress].filter((times) => times.length >= maxFailures);
    if (counting.length > 0) {
      // Attempts are allowed again once the oldest failure that counts leaves the window.
      const freeAt = Math.max(...counting.map((times) => times[maxFailures - 1]! + this.settings.failureWindowMs));
      this.log.warn(
        { address: facts.address, login: loginOrEmail },
        `sign-in refused for "${loginOrEmail}" from ${facts.address}: too many failed attempts`,
      );
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((freeAt - now) / 1000)));
    }
    const user = await this.store.sessions.findPassword(loginOrEmail.trim());
    let matches: boolean;
    try {
      matches = await verifyPassword(password, user?.passwordHash);
    } catch (error) {
      if (error instanceof PasswordHashingBusyError) throw new ApiError(429, error.message);
      throw error;
    }
    if (!user || !matches || user.passwordHash === null) {
      await this.store.sessions.recordFailure(throttleKey, facts.address, now);
      this.log.warn({ address: facts.address, login: loginOrEmail }, `failed sign-in for "${loginOrEmail}" from ${facts.address}`);
      throw unauthorized('Invalid username or password');
    }
    if (user.isDisabled) {
      this.log.warn({ address: facts.address, login: loginOrEmail }, `sign-in of disabled user "${loginOrEmail}" from ${facts.address}`);
      throw unauthorized('Unauthorized: this user is disabled');
    }
    if (failures.byLogin.length > 0) await this.store.sessions.clearFailures(throttleKey);
    let passwordHash = user.passwordHash;
    if (needsRehash(passwordHash)) {
      passwordHash = await hashPassword(password);
      await this.store.sessions.setPasswordHash(user.userId, passwordHash);
    }
    return { userId: user.userId, passwordHash };
  }

  /** Sets a person's password and ends their sessions (all, or all but the one that changed it). */
  async setPassword(userId: number, password: string, keepSessionId?: number): Promise<void> {
    await setPersonPassword(this.store, userId, password, keepSessionId).catch((error: unknown) => {
      if (error instanceof PasswordHashingBusyError) throw new ApiError(429, error.message);
      throw error;
    });
  }

  /** Whether `password` is the person's current one (for a password change), throttled like sign-in. */
  async confirmPassword(userId: number, password: string, facts: RequestFacts, now = Date.now()): Promise<boolean> {
    const person = await this.store.sessions.passwordOf(userId);
    if (!person) return false;
    try {
      await this.checkPassword(person.login, password, facts, now);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return false;
      throw error;
    }
  }

  /** The `Set-Cookie` value that carries a new session. */
  sessionCookie(token: string, secure: boolean): string {
    const maxAge = Math.floor(this.settings.maxLifetimeMs / 1000);
    return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  /** The `Set-Cookie` value that removes the session cookie. */
  clearedCookie(secure: boolean): string {
    return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  /** Whether the cookie gets `Secure` for a request that came over `protocol`. */
  cookieIsSecure(protocol: string): boolean {
    return this.settings.secureCookie === 'auto' ? protocol === 'https' : this.settings.secureCookie;
  }

  /**
   * Grafana's CSRF rule for cookie-authenticated writes: the `Origin` must be the server's own
   * host (or a trusted origin). A browser sends `Origin` on every cross-origin write, and on
   * same-origin ones too; `Sec-Fetch-Site: cross-site` alone also refuses.
   */
  crossSiteWriteProblem(headers: { origin?: string; 'sec-fetch-site'?: string | string[] }, host: string): string | undefined {
    const origin = headers.origin;
    if (origin !== undefined) {
      if (origin === 'null') return 'Forbidden: a cookie-authenticated write from an opaque origin is refused';
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return `Forbidden: the Origin header "${origin.slice(0, 100)}" is not an origin`;
      }
      if (originHost.toLowerCase() === host.toLowerCase()) return undefined;
      if (this.settings.trustedOrigins.some((trusted) => trusted === origin || trusted.toLowerCase() === originHost.toLowerCase()))
        return undefined;
      return `Forbidden: origin ${origin} is not this server's (${host}); cookie-authenticated writes are accepted from this server's own pages only`;
    }
    if (headers['sec-fetch-site'] === 'cross-site') return 'Forbidden: a cross-site cookie-authenticated write is refused';
    return undefined;
  }

  private pruneNowAndThen(now: number): void {
    if (now - this.lastPruneAt < PRUNE_INTERVAL_MS) return;
    this.lastPruneAt = now;
    this.store.sessions
      .prune({
        inactiveBefore: now - this.settings.maxInactiveMs,
        createdBefore: now - this.settings.maxLifetimeMs,
        attemptsBefore: now - this.settings.failureWindowMs,
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'pruning expired sessions failed'));
  }
}

/**
 * Sets a person's password and ends their sessions, all or all but `keepSessionId`, in one
 * transaction (the API and the offline `npm run password`).
 */
export async function setPersonPassword(store: Store, userId: number, password: string, keepSessionId?: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  await store.transaction(async (stores) => {
    await stores.sessions.setPasswordHash(userId, passwordHash);
    await stores.sessions.revokeAllOf(userId, keepSessionId);
  });
}

/** The session cookie's value in a `Cookie` header, if any. */
export function sessionTokenFromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
