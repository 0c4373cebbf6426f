import { isOrgRole, type OrgRole } from '../../contract/roles';

/**
 * The connection to a server: its address, the token, and what the server said about them.
 * Kept in sessionStorage (closing the tab logs out) by this module alone.
 */
export interface Session {
  /** '' means the server this page came from. */
  serverUrl: string;
  token: string;
  orgId: number;
  orgName: string;
  role: OrgRole;
  login: string;
}

/**
 * Whether a stored value is a whole session. Checked by hand, not with zod: this module is part of
 * the first download of every page, and zod comes with the page code that parses API answers.
 */
export function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.serverUrl === 'string' &&
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.orgId === 'number' &&
    typeof v.orgName === 'string' &&
    isOrgRole(v.role) &&
    typeof v.login === 'string'
  );
}

const KEY = 'sightline.session';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();
let endReason: string | null = null;

function read(): Session | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    if (!isSession(stored)) return null;
    const { serverUrl, token, orgId, orgName, role, login } = stored;
    return { serverUrl, token, orgId, orgName, role, login };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function startSession(session: Session): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(session));
  current = session;
  endReason = null;
  emit();
}

/** Forgets the token; `reason` (e.g. the server's 401 message) is shown on the connect page. */
export function endSession(reason: string | null = null): void {
  window.sessionStorage.removeItem(KEY);
  current = null;
  endReason = reason;
  emit();
}

/** Why the last session ended, if it did not end by the person's choice. */
export function lastEndReason(): string | null {
  return endReason;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The base address of API calls: the chosen server, or this page's own origin. */
export function apiBase(session: Pick<Session, 'serverUrl'> | null): string {
  return (session?.serverUrl || window.location.origin).replace(/\/+$/, '');
}
