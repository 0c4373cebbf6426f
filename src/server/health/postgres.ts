import net from 'node:net';
import { loadPg } from '../drivers';
import { describeConnectError } from './network';
import { excerpt } from './http';
import { allowedAddress, hostAndPort } from './sql';
import { HealthError, ok, seconds, type HealthChecker } from './types';

/** Connects as the configured user to the configured database and runs `SELECT 1`. */
export const checkPostgres: HealthChecker = async (target, options) => {
  const { host, port, shown } = hostAndPort(target.url, 5432);
  const database = String(target.jsonData.database ?? '').trim() || target.database.trim();
  if (!database) throw new HealthError('no database is set: enter the database to connect to');
  if (!target.user.trim()) throw new HealthError('no user is set: enter the user to connect as');
  const sslmode = String(target.jsonData.sslmode ?? 'disable');
  const address = await allowedAddress(host, shown, options.timeoutMs);
  // Connecting to the resolved address; TLS still verifies the name that was configured.
  const servername = net.isIP(host) ? undefined : host;
  const ssl =
    sslmode === 'disable'
      ? false
      : { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca', ca: target.secrets.tlsCACert || undefined, servername };
  const pgDriver = await loadPg();
  const client = new pgDriver.Client({
    host: address,
    port,
    database,
    user: target.user,
    password: target.secrets.password ?? '',
    ssl,
    connectionTimeoutMillis: options.timeoutMs,
    query_timeout: options.timeoutMs,
    application_name: 'sightline-health-check',
  });
  // A server that drops the connection later must not crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return ok('Database Connection OK');
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { code?: string; message: string };
    const network = describeConnectError(err, shown, options.timeoutMs);
    if (network) throw new HealthError(network);
    switch (err.code) {
      case '28P01':
        throw new HealthError(`authentication failed for user "${target.user}" at ${shown}: check user and password`);
      case '28000':
        throw new HealthError(
          `PostgreSQL at ${shown} does not allow user "${target.user}" on database "${database}" (${excerpt(err.message)})`,
        );
      case '3D000':
        throw new HealthError(`database "${database}" does not exist at ${shown}`);
      case '57P03':
        throw new HealthError(`PostgreSQL at ${shown} is starting up or shutting down; try again shortly`);
    }
    if (/timeout/i.test(err.message)) throw new HealthError(`timed out after ${seconds(options.timeoutMs)} connecting to ${shown}`);
    if (/does not support SSL/i.test(err.message))
      throw new HealthError(`PostgreSQL at ${shown} does not support SSL: set TLS/SSL mode to disable`);
    throw new HealthError(`PostgreSQL at ${shown}: ${excerpt(err.message)}`);
  } finally {
    await client.end().catch(() => {});
  }
};
