import { excerpt, httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

/**
 * InfluxQL: `SHOW DATABASES`, then the configured database must be among them. Flux (InfluxDB 2):
 * the `/health` endpoint must pass.
 */
export const checkInfluxDb: HealthChecker = async (target, options) => {
  if (target.jsonData.version === 'Flux') {
    const token = target.secrets.token;
    const response = await probe(target, '/health', options, token ? { headers: { authorization: `Token ${token}` } } : {});
    if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'InfluxDB');
    const body = response.json<{ status?: string; message?: string }>();
    if (body.status !== 'pass')
      throw new HealthError(`InfluxDB reports it is not healthy: ${excerpt(String(body.message ?? body.status ?? 'no status'))}`);
    return ok('Data source is working');
  }
  const params = new URLSearchParams({ q: 'SHOW DATABASES' });
  if (target.user) params.set('u', target.user);
  if (target.secrets.password) params.set('p', target.secrets.password);
  const response = await probe(target, `/query?${params}`, options);
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'InfluxDB');
  const body = response.json<{ results?: Array<{ error?: string; series?: Array<{ values?: string[][] }> }>; error?: string }>();
  const error = body.error ?? body.results?.[0]?.error;
  if (error) throw new HealthError(`InfluxDB refused SHOW DATABASES: ${excerpt(String(error))}`);
  const databases = (body.results?.[0]?.series?.[0]?.values ?? []).map((row) => row[0]);
  const database = String(target.jsonData.dbName ?? target.database ?? '').trim();
  if (database && !databases.includes(database))
    throw new HealthError(`database "${database}" does not exist (found: ${excerpt(databases.join(', ')) || 'none'})`);
  return ok(`Data source is working. ${databases.length} databases found.`);
};
