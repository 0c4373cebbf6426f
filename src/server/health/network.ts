import { seconds } from './types';

/**
 * The words for a failed connection that every checker shares (HTTP and database protocols);
 * undefined for codes that need a protocol's own explanation.
 */
export function describeConnectError(error: NodeJS.ErrnoException, where: string, timeoutMs: number): string | undefined {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `connection refused at ${where}: is the server running and listening on that port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${where} (check the host name)`;
    case 'ETIMEDOUT':
    case 'TIMEOUT':
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
