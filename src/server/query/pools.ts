/**
 * Connection pools of the SQL data sources, one per data source. A pool is built for one version
 * of the data source's settings: a query that sees a newer version closes the old pool first, and
 * `closeDataSourcePools` closes it at once when the data source is saved or deleted.
 */
import { createHash } from 'node:crypto';
import type { QueryTarget } from './types';

export interface PooledConnection {
  close(): Promise<void>;
}

interface Entry {
  version: number;
  /** Settings the pool was built from, besides the version: a second server process may change them too. */
  fingerprint: string;
  pool: Promise<PooledConnection>;
}

const pools = new Map<number, Entry>();

function fingerprintOf(target: QueryTarget): string {
  // Hashed: the secrets take part, and are not kept around in plain text for this.
  return createHash('sha256')
    .update(JSON.stringify([target.type, target.url, target.user, target.database, target.jsonData, target.secrets]))
    .digest('base64');
}

function closeEntry(entry: Entry): void {
  void entry.pool.then(
    (pool) => pool.close(),
    () => undefined,
  );
}

/** The pool for the data source's current settings, built by `create` when there is none yet. */
export function poolFor<P extends PooledConnection>(target: QueryTarget, create: () => Promise<P>): Promise<P> {
  const fingerprint = fingerprintOf(target);
  const existing = pools.get(target.id);
  if (existing && existing.version === target.version && existing.fingerprint === fingerprint) return existing.pool as Promise<P>;
  if (existing) closeEntry(existing);
  const pool = create();
  const entry: Entry = { version: target.version, fingerprint, pool };
  pools.set(target.id, entry);
  // A pool that could not be built is forgotten, so the next query tries again.
  pool.catch(() => {
    if (pools.get(target.id) === entry) pools.delete(target.id);
  });
  return pool;
}

/** Closes the data source's pool (on save and on delete); the next query builds a fresh one. */
export function closeDataSourcePools(dataSourceId: number): void {
  const entry = pools.get(dataSourceId);
  if (!entry) return;
  pools.delete(dataSourceId);
  closeEntry(entry);
}

/** Closes every pool (server shutdown, tests). */
export async function closeAllPools(): Promise<void> {
  const entries = [...pools.values()];
  pools.clear();
  await Promise.all(entries.map((entry) => entry.pool.then((pool) => pool.close()).catch(() => undefined)));
}

/** How many pools are open (tests). */
export function openPoolCount(): number {
  return pools.size;
}

/**
 * How long a new connection may take: the data source's timeout, but at least 5 s. The timeout
 * limits statements; a short one should not make connecting (TLS, password hashing) flaky.
 */
export function connectTimeoutMs(timeoutMs: number): number {
  return Math.max(timeoutMs, 5000);
}
