import path from 'node:path';
import type { SmtpSettings, StartTlsPolicy } from './alerting/notify/email';
import { hasValidChecksum } from './auth/tokens';
import { DEFAULT_VERSIONS_TO_KEEP } from './store/dashboards';
import { defaultLogFormat, LOG_FORMATS, type LogFormat } from './logging';
import { DEFAULT_DENY_CIDRS, DEFAULT_MAX_CONCURRENT, parseCidr } from './outgoing';
import { DEFAULT_SQL_LIMITS, type SqlLimits } from './query/limits';

export interface Config {
  /** Where the HTTP server listens. */
  port: number;
  host: string;
  /** Folder that holds the SQLite file and the secret key; created when missing. */
  dataDir: string;
  /** `postgres://…` (SIGHTLINE_DATABASE_URL): PostgreSQL instead of the data dir's SQLite file. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per instance (SIGHTLINE_DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Versions each dashboard keeps (SIGHTLINE_DASHBOARD_VERSIONS_TO_KEEP, Grafana's versions_to_keep). */
  dashboardVersionsToKeep: number;
  /** The bootstrap admin token of a new data dir; a random one is minted when absent. */
  adminToken: string | undefined;
  /** Largest request body accepted, in bytes. Dashboards with hundreds of panels run to a few MB. */
  maxBodyBytes: number;
  logLevel: string;
  /** Folder with the built UI (index.html and assets). */
  webDir: string;
  /** Key for data source secrets; when absent, one is generated into the data dir. */
  secretKey: string | undefined;
  /** CIDRs no outgoing request (health check, query, proxy) may reach. */
  datasourceDeny: string[];
  /** Outgoing requests at once; more answer 429. */
  outgoingMaxConcurrent: number;
  /** Rows per SQL query, and bytes of SQL results per query and per request (SIGHTLINE_SQL_*). */
  sqlLimits: SqlLimits;
  /** Slow-client limits of the HTTP server. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  /** SQLite's `synchronous`: NORMAL (crash-safe) or FULL (also power-loss safe). */
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** How log lines are written: pretty at a terminal, else JSON (SIGHTLINE_LOG_FORMAT). */
  logFormat: LogFormat;
  /** One line per request (SIGHTLINE_LOG_REQUESTS); 5xx answers are logged either way. */
  logRequests: boolean;
  /** `/metrics`: off with SIGHTLINE_METRICS=off; `auth` (`user:password`) asks for basic auth. */
  metrics: { enabled: boolean; auth: string | undefined };
  /** Grafana-style provisioning files (datasources/, dashboards/); none when unset. */
  provisioningDir: string | undefined;
  /** On SIGTERM/SIGINT, in-flight requests get this long to finish before their connections are cut. */
  shutdownTimeoutMs: number;
  /** The password of the person `admin` in a new data dir (SIGHTLINE_ADMIN_PASSWORD); random when absent. */
  adminPassword: string | undefined;
  /** Sessions and CSRF of password sign-in. */
  signIn: {
    maxInactiveMs: number;
    maxLifetimeMs: number;
    secureCookie: 'auto' | boolean;
    trustedOrigins: string[];
  };
  /** Proxies whose X-Forwarded-* headers are believed (SIGHTLINE_TRUSTED_PROXIES). */
  trustedProxies: string[];
  /** Where alerting's email contact points send (SIGHTLINE_SMTP_*); none when SIGHTLINE_SMTP_HOST is unset. */
  smtp: SmtpSettings | undefined;
  /** The address people reach this server at, ending in `/` (SIGHTLINE_ROOT_URL, Grafana's `root_url`): links in notifications. */
  rootUrl: string;
}

export class ConfigError extends Error {}

/** How `openStore` reaches the configured database. */
export function storeOptionsOf(config: Config) {
  return {
    secretKey: config.secretKey,
    synchronous: config.sqliteSynchronous,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    versionsToKeep: config.dashboardVersionsToKeep,
  };
}

function integerFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** Grafana's token format with a valid checksum, or any 32+ characters without spaces: guessable tokens are refused. */
export function adminTokenProblem(token: string): string | undefined {
  if (/\s/.test(token)) return 'SIGHTLINE_ADMIN_TOKEN must not contain spaces';
  if (token.startsWith('glsa_')) {
    return hasValidChecksum(token)
      ? undefined
      : 'SIGHTLINE_ADMIN_TOKEN looks like a Grafana service account token (glsa_…) but its checksum is wrong: copy it again, whole';
  }
  if (token.length < 32) {
    return `SIGHTLINE_ADMIN_TOKEN must be a glsa_… token or at least 32 characters (it has ${token.length}); generate one with: openssl rand -hex 24`;
  }
  return undefined;
}

function denyListFromEnv(env: NodeJS.ProcessEnv): string[] {
  const raw = env.SIGHTLINE_DATASOURCE_DENY;
  if (raw === undefined) return DEFAULT_DENY_CIDRS;
  const cidrs = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const cidr of cidrs) {
    try {
      parseCidr(cidr);
    } catch (error) {
      throw new ConfigError(`SIGHTLINE_DATASOURCE_DENY: ${(error as Error).message}`);
    }
  }
  return cidrs;
}

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** Grafana's duration settings: `7d`, `30d`, `12h`, `90m`, `3600s` (a bare number is seconds). */
function durationFromEnv(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackMs;
  const match = /^(\d+)\s*([smhdw]?)$/.exec(raw);
  const ms = match ? Number(match[1]) * DURATION_UNITS[match[2] || 's']! : NaN;
  if (!Number.isSafeInteger(ms) || ms < 60_000) {
    throw new ConfigError(`${name} must be a duration of at least a minute such as 7d, 12h or 90m, got "${raw}"`);
  }
  return ms;
}

function listFromEnv(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function trustedProxiesFromEnv(env: NodeJS.ProcessEnv): string[] {
  const proxies = listFromEnv(env, 'SIGHTLINE_TRUSTED_PROXIES');
  for (const proxy of proxies) {
    try {
      parseCidr(proxy);
    } catch (error) {
      throw new ConfigError(`SIGHTLINE_TRUSTED_PROXIES: ${(error as Error).message}`);
    }
  }
  return proxies;
}

function secureCookieFromEnv(env: NodeJS.ProcessEnv): 'auto' | boolean {
  const raw = env.SIGHTLINE_COOKIE_SECURE?.trim().toLowerCase();
  if (!raw || raw === 'auto') return 'auto';
  return booleanFromEnv(env, 'SIGHTLINE_COOKIE_SECURE', false);
}

function adminPasswordFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SIGHTLINE_ADMIN_PASSWORD;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 8) throw new ConfigError(`SIGHTLINE_ADMIN_PASSWORD must be at least 8 characters (it has ${raw.length})`);
  if (raw.length > 255) throw new ConfigError('SIGHTLINE_ADMIN_PASSWORD must be at most 255 characters');
  return raw;
}

function synchronousFromEnv(env: NodeJS.ProcessEnv): 'NORMAL' | 'FULL' {
  const raw = env.SIGHTLINE_SQLITE_SYNCHRONOUS?.trim().toUpperCase();
  if (!raw) return 'NORMAL';
  if (raw === 'NORMAL' || raw === 'FULL') return raw;
  throw new ConfigError(`SIGHTLINE_SQLITE_SYNCHRONOUS must be normal or full, got "${env.SIGHTLINE_SQLITE_SYNCHRONOUS}"`);
}

function booleanFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function logFormatFromEnv(env: NodeJS.ProcessEnv): LogFormat {
  const raw = env.SIGHTLINE_LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return defaultLogFormat();
  if ((LOG_FORMATS as readonly string[]).includes(raw)) return raw as LogFormat;
  throw new ConfigError(`SIGHTLINE_LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${env.SIGHTLINE_LOG_FORMAT}"`);
}

function metricsAuthFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SIGHTLINE_METRICS_AUTH;
  if (raw === undefined || raw === '') return undefined;
  const colon = raw.indexOf(':');
  if (colon <= 0 || colon === raw.length - 1) throw new ConfigError('SIGHTLINE_METRICS_AUTH must be user:password (both non-empty)');
  return raw;
}

function databaseUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SIGHTLINE_DATABASE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SIGHTLINE_DATABASE_URL must be a URL like postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`SIGHTLINE_DATABASE_URL must start with postgres:// (SQLite needs no URL: unset it), got "${url.protocol}//…"`);
  }
  if (!url.hostname || url.pathname.length <= 1) {
    throw new ConfigError('SIGHTLINE_DATABASE_URL must name a host and a database: postgres://user:password@host:5432/database');
  }
  if (!env.SIGHTLINE_SECRET_KEY) {
    throw new ConfigError(
      'SIGHTLINE_SECRET_KEY is required with PostgreSQL: every instance must unseal the same data source secrets (e.g. `openssl rand -base64 32`)',
    );
  }
  return raw;
}

const STARTTLS_POLICIES: StartTlsPolicy[] = ['OpportunisticStartTLS', 'MandatoryStartTLS', 'NoStartTLS'];

/** SIGHTLINE_ROOT_URL as an absolute http(s) address ending in `/`; by default this machine at PORT. */
export function rootUrlFromEnv(env: NodeJS.ProcessEnv, port: number): string {
  const raw = env.SIGHTLINE_ROOT_URL?.trim();
  if (!raw) return `http://127.0.0.1:${port}/`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SIGHTLINE_ROOT_URL must be an absolute address such as https://sightline.example.com/, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('SIGHTLINE_ROOT_URL must start with http:// or https://');
  if (url.search || url.hash) throw new ConfigError('SIGHTLINE_ROOT_URL must not have a query or a fragment');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.toString();
}

function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  const host = env.SIGHTLINE_SMTP_HOST?.trim();
  if (!host) return undefined;
  const policy = env.SIGHTLINE_SMTP_STARTTLS_POLICY?.trim() || 'OpportunisticStartTLS';
  if (!(STARTTLS_POLICIES as string[]).includes(policy)) {
    throw new ConfigError(`SIGHTLINE_SMTP_STARTTLS_POLICY must be one of ${STARTTLS_POLICIES.join(', ')}, got "${policy}"`);
  }
  const fromAddress = env.SIGHTLINE_SMTP_FROM_ADDRESS?.trim() || 'sightline@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(fromAddress))
    throw new ConfigError(`SIGHTLINE_SMTP_FROM_ADDRESS must be an email address, got "${fromAddress}"`);
  return {
    host,
    port: integerFromEnv(env, 'SIGHTLINE_SMTP_PORT', 25, 1, 65535),
    user: env.SIGHTLINE_SMTP_USER?.trim() || undefined,
    password: env.SIGHTLINE_SMTP_PASSWORD || undefined,
    fromAddress,
    fromName: 'Sightline',
    startTlsPolicy: policy as StartTlsPolicy,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const adminToken = env.SIGHTLINE_ADMIN_TOKEN?.trim() || undefined;
  const tokenProblem = adminToken === undefined ? undefined : adminTokenProblem(adminToken);
  if (tokenProblem) throw new ConfigError(tokenProblem);
  const port = integerFromEnv(env, 'PORT', 3000, 0, 65535);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(cwd, env.SIGHTLINE_DATA_DIR?.trim() || 'data'),
    databaseUrl: databaseUrlFromEnv(env),
    databasePoolSize: integerFromEnv(env, 'SIGHTLINE_DATABASE_POOL_SIZE', 10, 2, 1000),
    dashboardVersionsToKeep: integerFromEnv(env, 'SIGHTLINE_DASHBOARD_VERSIONS_TO_KEEP', DEFAULT_VERSIONS_TO_KEEP, 1, 1_000_000),
    adminToken,
    maxBodyBytes: integerFromEnv(env, 'SIGHTLINE_MAX_BODY_BYTES', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    logLevel: env.SIGHTLINE_LOG_LEVEL?.trim() || 'info',
    webDir: path.resolve(cwd, env.SIGHTLINE_WEB_DIR?.trim() || 'dist/web'),
    secretKey: env.SIGHTLINE_SECRET_KEY || undefined,
    // An empty SIGHTLINE_DATASOURCE_DENY turns the deny list off (e.g. on a laptop).
    datasourceDeny: denyListFromEnv(env),
    outgoingMaxConcurrent: integerFromEnv(env, 'SIGHTLINE_OUTGOING_MAX_CONCURRENT', DEFAULT_MAX_CONCURRENT, 1, 10_000),
    sqlLimits: {
      rowLimit: integerFromEnv(env, 'SIGHTLINE_SQL_ROW_LIMIT', DEFAULT_SQL_LIMITS.rowLimit, 1, 1_000_000_000),
      maxBytesPerQuery: integerFromEnv(env, 'SIGHTLINE_SQL_MAX_BYTES_PER_QUERY', DEFAULT_SQL_LIMITS.maxBytesPerQuery, 1024, 2 ** 40),
      maxBytesPerRequest: integerFromEnv(env, 'SIGHTLINE_SQL_MAX_BYTES_PER_REQUEST', DEFAULT_SQL_LIMITS.maxBytesPerRequest, 1024, 2 ** 40),
    },
    requestTimeoutMs: integerFromEnv(env, 'SIGHTLINE_REQUEST_TIMEOUT_SECONDS', 30, 1, 3600) * 1000,
    headersTimeoutMs: integerFromEnv(env, 'SIGHTLINE_HEADERS_TIMEOUT_SECONDS', 10, 1, 3600) * 1000,
    idleTimeoutMs: integerFromEnv(env, 'SIGHTLINE_IDLE_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
    maxConnections: integerFromEnv(env, 'SIGHTLINE_MAX_CONNECTIONS', 1024, 1, 1_000_000),
    sqliteSynchronous: synchronousFromEnv(env),
    logFormat: logFormatFromEnv(env),
    logRequests: booleanFromEnv(env, 'SIGHTLINE_LOG_REQUESTS', false),
    metrics: { enabled: booleanFromEnv(env, 'SIGHTLINE_METRICS', true), auth: metricsAuthFromEnv(env) },
    provisioningDir: env.SIGHTLINE_PROVISIONING_DIR?.trim() ? path.resolve(cwd, env.SIGHTLINE_PROVISIONING_DIR.trim()) : undefined,
    shutdownTimeoutMs: integerFromEnv(env, 'SIGHTLINE_SHUTDOWN_TIMEOUT_SECONDS', 10, 0, 3600) * 1000,
    adminPassword: adminPasswordFromEnv(env),
    signIn: {
      maxInactiveMs: durationFromEnv(env, 'SIGHTLINE_LOGIN_MAX_INACTIVE', 7 * 86_400_000),
      maxLifetimeMs: durationFromEnv(env, 'SIGHTLINE_LOGIN_MAX_LIFETIME', 30 * 86_400_000),
      secureCookie: secureCookieFromEnv(env),
      trustedOrigins: listFromEnv(env, 'SIGHTLINE_CSRF_TRUSTED_ORIGINS'),
    },
    trustedProxies: trustedProxiesFromEnv(env),
    smtp: smtpFromEnv(env),
    rootUrl: rootUrlFromEnv(env, port),
  };
}
