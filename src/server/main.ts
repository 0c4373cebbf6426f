import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig, storeOptionsOf } from './config';
import { openStore } from './store';
import { DatabaseUnavailable } from './store/databaseUrl';
import { hashToken } from './auth/tokens';
import { configureOutgoing } from './outgoing';
import { configureSqlLimits } from './query/limits';
import { pidFileOf, removePidFile, writePidFile } from './datadir';
import { loggerOptions } from './logging';

async function main(): Promise<void> {
  const config = loadConfig();
  configureOutgoing({ denyCidrs: config.datasourceDeny, maxConcurrent: config.outgoingMaxConcurrent });
  configureSqlLimits(config.sqlLimits);
  // Until the app's logger exists, background database problems go to stderr.
  let warn = (message: string): void => void process.stderr.write(`${message}\n`);
  const store = await openStore(config.dataDir, { ...storeOptionsOf(config), log: (message) => warn(message) });
  const first = await bootstrap(store, config.adminToken, config.adminPassword);
  // Loaded only when configured (the YAML parser is a few MB a server without files never needs).
  const provisioner = config.provisioningDir ? new (await import('./provisioning')).Provisioner(store, config.provisioningDir) : undefined;
  const app = await buildApp({
    store,
    maxBodyBytes: config.maxBodyBytes,
    webDir: config.webDir,
    logger: loggerOptions(config.logLevel, config.logFormat),
    metrics: config.metrics,
    logRequests: config.logRequests,
    provisioner,
    signIn: config.signIn,
    trustProxy: config.trustedProxies,
    // Alert rules are evaluated by every server; with several on one PostgreSQL they share the groups.
    // Links in notifications (generatorURL, silence, dashboard and panel links) start at SIGHTLINE_ROOT_URL.
    alerting: { evaluate: true, baseUrl: config.rootUrl.replace(/\/+$/, '') },
    notifications: { dispatch: true, notifier: { smtp: config.smtp, externalUrl: config.rootUrl } },
    limits: {
      requestTimeoutMs: config.requestTimeoutMs,
      headersTimeoutMs: config.headersTimeoutMs,
      idleTimeoutMs: config.idleTimeoutMs,
      maxConnections: config.maxConnections,
    },
  });
  warn = (message) => app.log.warn(message);
  for (const warning of store.warnings) app.log.warn(warning);
  // Before listening: the first request already sees the provisioned data sources and dashboards.
  // A broken file is logged (file, line, reason); the rest applies and the server starts.
  if (provisioner) {
    const log = app.log.child({ component: 'provisioning' });
    await provisioner.start({ info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) }).catch((error: unknown) => {
      log.error(`provisioning failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  const pidFile = pidFileOf(config.dataDir);
  let stopping = false;
  // SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (each answer
  // then closes its connection), cut what is left after the bounded wait, close the database.
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    provisioner?.stop();
    // Notifications stop first: a receiver that never answers must not hold the exit (the deliveries
    // cut short are recorded as not delivered, and groups not yet claimed stay due for the next start).
    const notifierStopped = app.notifier.stop();
    app.log.info(`${signal}: shutting down; requests in flight have ${config.shutdownTimeoutMs / 1000} s to finish`);
    const cut = setTimeout(() => {
      app.log.warn('shutdown wait is over: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    try {
      await notifierStopped;
      await app.close();
      clearTimeout(cut);
      await provisioner?.idle();
      await store.close();
      app.log.info('stopped');
    } finally {
      removePidFile(pidFile);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Search answers from memory on SQLite: read it now, beside the first requests, not in the first search.
  void store.search.warm().catch((error: unknown) => app.log.warn({ err: error }, 'search: could not read the dashboards at start-up'));
  // The pid file keeps a restore off a running server's SQLite file; PostgreSQL has no such file.
  if (!config.databaseUrl) writePidFile(config.dataDir);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  const lines = [
    ``,
    `Sightline is running at ${url}`,
    config.databaseUrl ? `Database: ${store.file}` : `Data directory: ${config.dataDir}`,
  ];
  const created = config.databaseUrl ? 'A new database was set up' : 'A new data directory was set up';
  if (first.created) {
    lines.push(``, `${created}.`);
    if (first.password !== undefined) {
      lines.push(``, `Sign in at ${url}/login as "admin" with the password (shown this once, save it now):`, ``, `    ${first.password}`);
    } else {
      lines.push(``, `Sign in at ${url}/login as "admin" with the password in SIGHTLINE_ADMIN_PASSWORD.`);
    }
    if (!first.tokenWasGiven) {
      lines.push(
        ``,
        `For scripts, the admin service account token (shown this once, save it now):`,
        ``,
        `    ${first.token}`,
        ``,
        `    curl -H "Authorization: Bearer ${first.token}" ${url}/api/org`,
      );
    } else {
      lines.push(``, `For scripts, the token in SIGHTLINE_ADMIN_TOKEN is the admin service account's.`);
    }
  } else {
    if (config.adminToken && !(await store.tokens.findIdentity(hashToken(config.adminToken)))) {
      lines.push(
        ``,
        `Note: SIGHTLINE_ADMIN_TOKEN is only used when a ${config.databaseUrl ? 'database' : 'data directory'} is created; this one does not know it.`,
      );
    }
    lines.push(
      ``,
      `Sign in at ${url}/login, or use a service account token at ${url}/connect.`,
      `Lost the password? Set a new one offline: npm run password -- --login admin`,
      `Lost the token? Mint a new one offline: npm run token -- --name admin --role Admin`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
  } else if (error instanceof DatabaseUnavailable) {
    process.stderr.write(`Sightline failed to start: ${error.message}\n`);
  } else if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`Cannot listen: the address is already in use (${error.message}). Set PORT to another port.\n`);
  } else {
    process.stderr.write(`Sightline failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
