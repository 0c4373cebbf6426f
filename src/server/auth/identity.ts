import type { OrgRole } from '../../contract/common';
import { unauthorized } from '../errors';
import type { TokenIdentityRow, TokenStore } from '../store/tokens';
import { hashToken } from './tokens';

/**
 * Who is calling, whatever the credential: a service account behind a token, or a person behind a
 * session cookie or basic auth; with the role in the org the request acts in.
 */
export interface Identity {
  orgId: number;
  accountId: number;
  login: string;
  name: string;
  role: OrgRole;
  /** How the caller proved who they are (routes rarely need it: a password change does). */
  kind: 'token' | 'session' | 'password';
  tokenId?: number;
  /** The session a cookie names (`kind: 'session'`). */
  sessionId?: number;
}

/** What a request presents in its `Authorization` header. */
export type PresentedCredential = { kind: 'token'; token: string } | { kind: 'password'; login: string; password: string };

/** How often a token's "last used" time is written; reads within it cost no write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The credential in `Authorization`: `Bearer <token>`, Grafana's `Basic api_key:<token>`, or
 * `Basic login:password` (a person). Throws a 401 that says what is wrong with the header.
 */
export function credentialFromHeader(header: string | undefined): PresentedCredential {
  if (!header) {
    throw unauthorized('Unauthorized: no credentials given; sign in, or send "Authorization: Bearer <service account token>"');
  }
  const space = header.indexOf(' ');
  const scheme = (space === -1 ? header : header.slice(0, space)).toLowerCase();
  const credentials = space === -1 ? '' : header.slice(space + 1).trim();
  if (scheme === 'bearer') {
    if (!credentials) throw unauthorized('Unauthorized: the Bearer header carries no token');
    return { kind: 'token', token: credentials };
  }
  if (scheme === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0 || colon === decoded.length - 1) {
      throw unauthorized('Unauthorized: basic auth needs "login:password" (or "api_key:<service account token>")');
    }
    const user = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    return user === 'api_key' ? { kind: 'token', token: secret } : { kind: 'password', login: user, password: secret };
  }
  throw unauthorized(`Unauthorized: unsupported authorization scheme "${scheme}"; use "Bearer <token>"`);
}

/** Resolves a presented token to an identity, or throws a 401 that says why it is refused. */
export async function authenticate(tokens: TokenStore, token: string, now = Date.now(), keyHash = hashToken(token)): Promise<Identity> {
  const row = await tokens.findIdentity(keyHash);
  if (!row) throw unauthorized('Invalid API key: this token is not known to this server');
  const identity = tokenIdentity(row, now);
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await tokens.markUsed(row.tokenId, now);
  }
  return identity;
}

/**
 * `authenticate` without waiting, when it needs neither the database nor a write: the token's
 * identity is in the identity cache and its "last used" time is recent. Refuses (401) exactly as
 * `authenticate` does, expiry included; undefined means "ask `authenticate`".
 */
export function authenticateCached(tokens: TokenStore, keyHash: string, now = Date.now()): Identity | undefined {
  const row = tokens.cachedIdentity(keyHash);
  if (!row) return undefined;
  const identity = tokenIdentity(row, now);
  return row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS ? undefined : identity;
}

/** The identity of a token's row, or the 401 that says why the token is refused (checked on every request). */
function tokenIdentity(row: TokenIdentityRow, now: number): Identity {
  if (row.isRevoked) throw unauthorized('Invalid API key: this token has been revoked');
  if (row.expires !== null && row.expires <= now) {
    throw unauthorized(`Expired API key: token expired at ${new Date(row.expires).toISOString()}`);
  }
  if (row.isDisabled) throw unauthorized('Invalid API key: the service account of this token is disabled');
  if (row.role === null) throw unauthorized('Invalid API key: the service account of this token has left its organization');
  return {
    orgId: row.orgId,
    accountId: row.accountId,
    login: row.login,
    name: row.name,
    role: row.role,
    kind: 'token',
    tokenId: row.tokenId,
  };
}
