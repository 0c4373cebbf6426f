import { isDeniedError, resolveAllowed } from '../outgoing';
import { describeConnectError } from './network';
import { HealthError } from './types';

/** Grafana's SQL data sources keep `host:port` in `url` (or a URL, or a bare host). */
export function hostAndPort(url: string, defaultPort: number): { host: string; port: number; shown: string } {
  const text = url.trim();
  if (!text) throw new HealthError('no host is set: enter host:port, e.g. localhost:' + defaultPort);
  let host: string;
  let port: number;
  try {
    const parsed = new URL(text.includes('://') ? text : `tcp://${text}`);
    host = parsed.hostname.replace(/^\[|\]$/g, '');
    port = parsed.port ? Number(parsed.port) : defaultPort;
  } catch {
    throw new HealthError(`"${text}" is not host:port`);
  }
  if (!host) throw new HealthError(`"${text}" has no host`);
  return { host, port, shown: `${host.includes(':') ? `[${host}]` : host}:${port}` };
}

/**
 * The address a SQL driver connects to: `host` resolved once under the outgoing policy (deny
 * list), so the driver cannot resolve it again to somewhere else.
 */
export async function allowedAddress(host: string, shown: string, timeoutMs: number): Promise<string> {
  try {
    return await resolveAllowed(host);
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (isDeniedError(err)) throw new HealthError(err.message);
    throw new HealthError(describeConnectError(err, shown, timeoutMs) ?? `host not found: ${shown} (check the host name)`);
  }
}
