import type { OrgRole } from '../../contract/common';
import { unauthorized } from '../errors';
import type { TokenStore } from '../store/tokens';
import { hashToken } from './tokens';

/** Who is calling: the service account behind the presented token, and its role in its org. */
export interface Identity {
  orgId: number;
  accountId: number;
  login: string;
  name: string;
  role: OrgRole;
  tokenId: number;
}

/** How often a token's "last used" time is written; reads within it cost no write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The token in `Authorization: Bearer <token>` or Grafana's `Basic api_key:<token>`.
 * Throws a 401 that says what is wrong with the header.
 */
export function tokenFromHeader(header: string | undefined): string {
  if (!header) {
    throw unauthorized('Unauthorized: no token given; send the header "Authorization: Bearer <service account token>"');
  }
  const space = header.indexOf(' ');
  const scheme = (space === -1 ? header : header.slice(0, space)).toLowerCase();
  const credentials = space === -1 ? '' : header.slice(space + 1).trim();
  if (scheme === 'bearer') {
    if (!credentials) throw unauthorized('Unauthorized: the Bearer header carries no token');
    return credentials;
  }
  if (scheme === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1 || decoded.slice(0, colon) !== 'api_key' || colon === decoded.length - 1) {
      throw unauthorized('Unauthorized: basic auth is accepted only as user "api_key" with a service account token as password');
    }
    return decoded.slice(colon + 1);
  }
  throw unauthorized(`Unauthorized: unsupported authorization scheme "${scheme}"; use "Bearer <token>"`);
}

/** Resolves a presented token to an identity, or throws a 401 that says why it is refused. */
export async function authenticate(tokens: TokenStore, token: string, now = Date.now()): Promise<Identity> {
  const row = await tokens.findIdentity(hashToken(token));
  if (!row) throw unauthorized('Invalid API key: this token is not known to this server');
  if (row.isRevoked) throw unauthorized('Invalid API key: this token has been revoked');
  if (row.expires !== null && row.expires <= now) {
    throw unauthorized(`Expired API key: token expired at ${new Date(row.expires).toISOString()}`);
  }
  if (row.isDisabled) throw unauthorized('Invalid API key: the service account of this token is disabled');
  if (row.role === null) throw unauthorized('Invalid API key: the service account of this token has left its organization');
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await tokens.markUsed(row.tokenId, now);
  }
  return {
    orgId: row.orgId,
    accountId: row.accountId,
    login: row.login,
    name: row.name,
    role: row.role,
    tokenId: row.tokenId,
  };
}
