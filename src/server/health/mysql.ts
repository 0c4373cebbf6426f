import type mysql from 'mysql2/promise';
import { loadMysql } from '../drivers';
import { describeConnectError } from './network';
import { excerpt } from './http';
import { allowedAddress, hostAndPort } from './sql';
import { HealthError, ok, seconds, type HealthChecker } from './types';

/** Connects as the configured user to the configured database and runs `SELECT 1`. */
export const checkMySql: HealthChecker = async (target, options) => {
  const { host, port, shown } = hostAndPort(target.url, 3306);
  const database = String(target.jsonData.database ?? '').trim() || target.database.trim();
  if (!target.user.trim()) throw new HealthError('no user is set: enter the user to connect as');
  const address = await allowedAddress(host, shown, options.timeoutMs);
  let connection: mysql.Connection | undefined;
  try {
    const mysqlDriver = await loadMysql();
    connection = await mysqlDriver.createConnection({
      host: address,
      port,
      user: target.user,
      password: target.secrets.password ?? '',
      database: database || undefined,
      connectTimeout: options.timeoutMs,
    });
    connection.on('error', () => {});
    await connection.query({ sql: 'SELECT 1', timeout: options.timeoutMs });
    return ok('Database Connection OK');
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { errno?: number; sqlMessage?: string };
    const network = describeConnectError(err, shown, options.timeoutMs);
    if (network) throw new HealthError(network);
    switch (err.code) {
      case 'ER_ACCESS_DENIED_ERROR':
        throw new HealthError(`authentication failed for user "${target.user}" at ${shown}: check user and password`);
      case 'ER_BAD_DB_ERROR':
        throw new HealthError(`database "${database}" does not exist at ${shown}`);
      case 'ER_DBACCESS_DENIED_ERROR':
        throw new HealthError(`user "${target.user}" may not use database "${database}" at ${shown}`);
      case 'PROTOCOL_SEQUENCE_TIMEOUT':
        throw new HealthError(`timed out after ${seconds(options.timeoutMs)} waiting for ${shown}`);
    }
    throw new HealthError(`MySQL at ${shown}: ${excerpt(err.sqlMessage ?? err.message)}`);
  } finally {
    await connection?.end().catch(() => {});
  }
};
