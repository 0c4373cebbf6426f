import { z } from 'zod';
import { orgRoleSchema } from '../../contract/common';

/**
 * The connection to a server: its address, the token, and what the server said about them.
 * Kept in sessionStorage (closing the tab logs out) by this module alone.
 */
export const sessionSchema = z.object({
  /** '' means the server this page came from. */
  serverUrl: z.string(),
  token: z.string().min(1),
  orgId: z.number(),
  orgName: z.string(),
  role: orgRoleSchema,
  login: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

const KEY = 'sightline.session';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();
let endReason: string | null = null;

function read(): Session | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
