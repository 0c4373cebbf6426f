import path from 'node:path';

export interface Config {
  /** Where the HTTP server listens. */
  port: number;
  host: string;
  /** Folder that holds the SQLite file and the secret key; created when missing. */
  dataDir: string;
  /** The bootstrap admin token of a new data dir; a random one is minted when absent. */
  adminToken: string | undefined;
  /** Largest request body accepted, in bytes. Dashboards with hundreds of panels run to a few MB. */
  maxBodyBytes: number;
  logLevel: string;
  /** Folder with the built UI (index.html and assets). */
  webDir: string;
  /** Key for data source secrets; when absent, one is generated into the data dir. */
  secretKey: string | undefined;
}

export class ConfigError extends Error {}

function integerFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const adminToken = env.SIGHTLINE_ADMIN_TOKEN?.trim() || undefined;
  if (adminToken !== undefined && (adminToken.length < 16 || /\s/.test(adminToken))) {
    throw new ConfigError('SIGHTLINE_ADMIN_TOKEN must be at least 16 characters without spaces');
  }
  return {
    port: integerFromEnv(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(cwd, env.SIGHTLINE_DATA_DIR?.trim() || 'data'),
    adminToken,
    maxBodyBytes: integerFromEnv(env, 'SIGHTLINE_MAX_BODY_BYTES', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    logLevel: env.SIGHTLINE_LOG_LEVEL?.trim() || 'info',
    webDir: path.resolve(cwd, env.SIGHTLINE_WEB_DIR?.trim() || 'dist/web'),
    secretKey: env.SIGHTLINE_SECRET_KEY || undefined,
  };
}
