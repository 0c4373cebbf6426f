import { createRequire } from 'node:module';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Notifier, type NotifierOptions } from './alerting/notify/notifier';
import { AlertScheduler } from './alerting/scheduler';
import type { AlertSink } from './alerting/types';
import { DEFAULT_SIGN_IN_SETTINGS, SignIn, type SignInSettings } from './auth/signin';
import { createMetrics, type Metrics } from './metrics';
import type { Provisioner } from './provisioning';
import { authenticateRequests, guardRoutes } from './requestAuth';
import { addResponseHeaders, answerErrors, observeRequests, parseBodiesAsJson, refuseNulInUrls } from './requestPipeline';
import { registerRoutes } from './routes';
import type { Store } from './store';
import { serveUi, uiFilesUnder } from './uiFiles';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert rule scheduler (ticking only when `alerting.evaluate` is set; tests call `tick`). */
    alertScheduler: AlertScheduler;
    /** Alerting's notifier: the AlertSink the rules half sends alerts to. */
    notifier: Notifier;
  }
}

export interface AppDeps {
  store: Store;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Folder of the built UI; when it holds an index.html, it is served at `/`. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Slow-client limits (config.ts documents the defaults). */
  limits?: Partial<ConnectionLimits>;
  /** `/metrics` (on unless `enabled: false`); `auth` (`user:password`) asks for basic auth. */
  metrics?: { enabled?: boolean; auth?: string };
  /** One log line per request (5xx answers are logged either way). */
  logRequests?: boolean;
  /** Provisioning from files (SIGHTLINE_PROVISIONING_DIR), for the reload endpoints. */
  provisioner?: Provisioner;
  /** Sessions, throttling and CSRF of password sign-in (auth/signin.ts has the defaults). */
  signIn?: Partial<SignInSettings>;
  /**
   * Proxies whose `X-Forwarded-For`/`-Proto`/`-Host` are believed (Fastify's `trustProxy`: CIDRs or
   * addresses). Without it the client address is the socket's, and cookies get `Secure` only on TLS.
   */
  trustProxy?: string[];
  /**
   * Alert rule evaluation: `evaluate` starts the scheduler with the server (main.ts); `sink`
   * receives firing and resolved alerts (the notifier, when there is one); `tickMs` and `clock`
   * for tests.
   */
  alerting?: { evaluate?: boolean; sink?: AlertSink; tickMs?: number; clock?: () => number; instanceId?: string; baseUrl?: string };
  /** Alerting's notifications: delivery settings (SMTP, links), and `dispatch` to flush groups on a timer (tests tick by hand). */
  notifications?: { notifier?: NotifierOptions; dispatch?: boolean };
}

export interface ConnectionLimits {
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  idleTimeoutMs: number;
  /** Connections beyond this are refused at once. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1024,
};

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** What @fastify/ajv-compiler and @fastify/fast-json-stringify-compiler export: a factory of compiler builders. */
type CompilerBuilder = (externalSchemas: unknown, options: unknown) => unknown;

/**
 * Fastify's JSON-schema compilers (ajv for validation, fast-json-stringify for responses), loaded
 * the first time a route with a Fastify `schema` is compiled rather than when Fastify starts: no
 * route declares one (bodies are checked with zod), and ajv alone is about 4 MB of allocations
 * at start-up and about 100 modules kept in memory. Fastify's own copies, resolved from it.
 */
function lazyCompilers(): CompilersFactory {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const lazy = (name: string): CompilerBuilder => {
    let builder: CompilerBuilder | undefined;
    return (externalSchemas, options) => {
      builder ??= (fromFastify(name) as () => CompilerBuilder)();
      return builder(externalSchemas, options);
    };
  };
  return {
    buildValidator: lazy('@fastify/ajv-compiler') as CompilersFactory['buildValidator'],
    buildSerializer: lazy('@fastify/fast-json-stringify-compiler') as CompilersFactory['buildSerializer'],
  };
}

/** The whole server, ready for `listen()` or `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { store } = deps;
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  // Node refuses a header timeout longer than the whole-request timeout; the shorter one governs anyway.
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const app = Fastify({
    logger: deps.logger ?? false,
    // Per-request lines would drown the log (and cost throughput); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.maxBodyBytes ?? 16 * 1024 * 1024,
    // Grafana clients send ids and uids in paths with or without a trailing slash. Names travel
    // in paths too (rule groups, mute timings, templates): a parameter as long as node lets a
    // request line be must reach its route, not fall through to a catch-all (the default is 100).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    // Slow clients (a body trickled a byte at a time, headers never finished) must not hold a
    // connection: node checks these every second and closes the socket.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    // While closing, a request that arrives on a kept-alive connection is still answered (with
    // `connection: close`, see onSend) rather than refused with 503: the client sent it before it
    // could know. New connections are refused, and main.ts bounds the wait.
    return503OnClosing: false,
    schemaController: { compilersFactory: lazyCompilers() },
    ...(deps.trustProxy && deps.trustProxy.length > 0 ? { trustProxy: deps.trustProxy } : {}),
  });
  const signIn = new SignIn(store, { ...DEFAULT_SIGN_IN_SETTINGS, ...deps.signIn }, app.log);
  app.server.maxConnections = limits.maxConnections;
  app.server.headersTimeout = limits.headersTimeoutMs;

  // Hooks of one kind run in the order they are added: the calls below keep that order.
  parseBodiesAsJson(app);
  const uiFiles = uiFilesUnder(deps.webDir);
  const uiFileUrls = new Set(uiFiles.keys());
  guardRoutes(app, uiFileUrls);

  const metrics: Metrics | undefined = deps.metrics?.enabled === false ? undefined : createMetrics(store);
  const metricsAuth = deps.metrics?.auth;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  observeRequests(app, { metrics, logRequests: deps.logRequests ?? false, uiFileUrls });
  app.addHook('onClose', async () => metrics?.close());

  // The notifier is where evaluated alerts go (unless a test gives its own sink).
  const notifier = new Notifier(store.alertingNotify, {
    log: app.log,
    deliveryLog: store.alertingDelivery,
    ...deps.notifications?.notifier,
  });
  app.decorate('notifier', notifier);
  const alertScheduler = new AlertScheduler({
    store,
    sink: deps.alerting?.sink ?? notifier,
    log: app.log,
    clock: deps.alerting?.clock,
    tickMs: deps.alerting?.tickMs,
    instanceId: deps.alerting?.instanceId,
    baseUrl: deps.alerting?.baseUrl,
    observer: metrics?.alerting,
  });
  app.decorate('alertScheduler', alertScheduler);
  if (deps.alerting?.evaluate) app.addHook('onReady', async () => alertScheduler.start());
  // Before the store closes: a tick in flight finishes, and the instance leaves the heartbeat table.
  app.addHook('preClose', async () => alertScheduler.stop());

  authenticateRequests(app, { store, signIn, metricsAuth });
  refuseNulInUrls(app);
  addResponseHeaders(app, () => closing);
  answerErrors(app);

  registerRoutes(app, { store, signIn, notifier, metrics, metricsAuth, provisioner: deps.provisioner });
  if (deps.notifications?.dispatch) {
    app.addHook('onReady', async () => notifier.start());
    app.addHook('onClose', async () => notifier.stop());
  }

  serveUi(app, uiFiles);
  return app;
}
