import { HealthError, seconds } from './types';

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

export function describeConnectError(error: NodeJS.ErrnoException, where: string, timeoutMs: number): string | undefined {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `connection refused at ${where}: is the server running and listening on that port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${where} (check the host name)`;
    case 'ETIMEDOUT':
      return `timed out after ${seconds(timeoutMs)} connecting to ${where}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no route to ${where}: the network cannot reach that address`;
    case 'ECONNRESET':
      return `the connection to ${where} was closed by the server`;
    default:
      return undefined;
  }
}
