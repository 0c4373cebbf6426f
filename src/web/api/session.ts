import { isOrgRole, type OrgRole } from '../../contract/roles';

/**
 * Who is signed in, and where: kept in sessionStorage (closing the tab forgets it) and shared with
 * the other tabs of this origin over a BroadcastChannel, by this module alone.
 */
interface SignedIn {
  orgId: number;
  orgName: string;
  role: OrgRole;
  login: string;
}

/** Connected with a service account token, sent as a bearer token; `serverUrl` '' means this page's server. */
export interface TokenSession extends SignedIn {
  kind: 'token';
  serverUrl: string;
  token: string;
}

/**
 * Signed in with a password: the server's HttpOnly cookie is the credential, which this page never
 * sees, so it only works with the server that served the page.
 */
export interface CookieSession extends SignedIn {
  kind: 'cookie';
  serverUrl: '';
}

export type Session = TokenSession | CookieSession;

/**
 * The session in a stored (or another tab's) value, or null when it is not a whole one. Checked by
 * hand, not with zod: this module is part of the first download of every page. A value without
 * `kind` was stored before password sign-in existed: a token session.
 */
export function parseSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.orgId !== 'number' || typeof v.orgName !== 'string' || !isOrgRole(v.role) || typeof v.login !== 'string') return null;
  const signedIn: SignedIn = { orgId: v.orgId, orgName: v.orgName, role: v.role, login: v.login };
  if (v.kind === 'cookie') return v.serverUrl === '' ? { kind: 'cookie', serverUrl: '', ...signedIn } : null;
  if (v.kind !== undefined && v.kind !== 'token') return null;
  if (typeof v.serverUrl !== 'string' || typeof v.token !== 'string' || v.token === '') return null;
  return { kind: 'token', serverUrl: v.serverUrl, token: v.token, ...signedIn };
}

/**
 * Where finding this tab's session stands: `pending` until a guarded page first asks for it (a tab
 * that read one from its storage starts `done`), `finding` while the other tabs and the cookie are
 * asked, `done` once known. A session that ends leaves it `done`: nobody is asked again, so a
 * refused credential is never fetched back from another tab.
 */
export type Lookup = 'pending' | 'finding' | 'done';

type Message = { type: 'ask' } | { type: 'session'; session: unknown } | { type: 'signed-out' };

/** The part of BroadcastChannel used here (tests pass their own). */
export interface TabChannel {
  postMessage(message: Message): void;
  onmessage: ((event: MessageEvent<Message>) => void) | null;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY = 'sightline.session';

/** A tab's session: what `storage` holds, shared with the tabs on `channel`. */
export function createSessionStore(storage: Storage, channel: TabChannel | null, { askForMs = 300 } = {}) {
  const listeners = new Set<() => void>();
  let current = read();
  let lookup: Lookup = current ? 'done' : 'pending';
  let endReason: string | null = null;
  let answered: ((session: Session) => void) | null = null;

  function read(): Session | null {
    try {
      const raw = storage.getItem(KEY);
      return raw ? parseSession(JSON.parse(raw)) : null;
    } catch {
      return null;
    }
  }

  const emit = () => listeners.forEach((listener) => listener());

  function startSession(session: Session): void {
    storage.setItem(KEY, JSON.stringify(session));
    current = session;
    lookup = 'done';
    endReason = null;
    emit();
  }

  /** Forgets the session in this tab; `reason` (e.g. the server's 401 message) is shown on /login. */
  function endSession(reason: string | null = null): void {
    storage.removeItem(KEY);
    current = null;
    lookup = 'done';
    endReason = reason;
    emit();
  }

  if (channel) {
    channel.onmessage = ({ data }) => {
      if (data.type === 'ask' && current) channel.postMessage({ type: 'session', session: current });
      else if (data.type === 'session') {
        const shared = parseSession(data.session);
        if (shared) answered?.(shared);
      } else if (data.type === 'signed-out' && (current || lookup === 'finding')) endSession('You signed out in another tab.');
    };
  }

  /** The session of another open tab, or null when none answers within `askForMs`. */
  function askOpenTabs(): Promise<Session | null> {
    if (!channel) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        answered = null;
        resolve(null);
      }, askForMs);
      answered = (session) => {
        clearTimeout(timer);
        answered = null;
        resolve(session);
      };
      channel.postMessage({ type: 'ask' });
    });
  }

  /**
   * Finds a session for a tab that has none: another open tab's, or else what `probeCookie` finds
   * (a session cookie the server still honours). Once per page; a sign-in or sign-out meanwhile wins.
   */
  function findSession(probeCookie: () => Promise<Session | null>): void {
    if (lookup !== 'pending') return;
    lookup = 'finding';
    emit();
    void askOpenTabs()
      .then((shared) => shared ?? (lookup === 'finding' ? probeCookie() : null))
      .catch(() => null)
      .then((found) => {
        if (lookup !== 'finding') return;
        if (found) return startSession(found);
        lookup = 'done';
        emit();
      });
  }

  /**
   * Signs out here and in every tab of this origin; a cookie session is ended on the server first
   * (`POST /logout`). Unreachable, the server keeps the cookie's session until it expires, but
   * this browser no longer uses it.
   */
  async function signOut(): Promise<void> {
    if (current?.kind === 'cookie') {
      await fetch(`${window.location.origin}/logout`, { method: 'POST', headers: { accept: 'application/json' } }).catch(() => undefined);
    }
    endSession();
    channel?.postMessage({ type: 'signed-out' });
  }

  return {
    getSession: (): Session | null => current,
    getLookup: (): Lookup => lookup,
    /** Why the last session ended, if it did not end by the person's choice. */
    lastEndReason: (): string | null => endReason,
    subscribeSession(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startSession,
    endSession,
    findSession,
    signOut,
    /** As if this page had just loaded with nothing stored (tests act as a new tab with it). */
    resetLookup(): void {
      if (!current) lookup = 'pending';
    },
  };
}

/**
 * The page's session. Storage is reached on use (a browser that blocks it throws then, not while
 * this module loads); without BroadcastChannel each tab signs in on its own.
 */
const store = createSessionStore(
  {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
    removeItem: (key) => window.sessionStorage.removeItem(key),
  },
  typeof BroadcastChannel === 'function' ? (new BroadcastChannel('sightline.session') as TabChannel) : null,
);

export const { getSession, getLookup, lastEndReason, subscribeSession, startSession, endSession, findSession, signOut, resetLookup } =
  store;

/** The base address of API calls: the chosen server, or this page's own origin. */
export function apiBase(session: Pick<Session, 'serverUrl'> | null): string {
  return (session?.serverUrl || window.location.origin).replace(/\/+$/, '');
}
