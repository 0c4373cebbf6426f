import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyContextConfig,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import secureJson from 'secure-json-parse';
import { authenticate, credentialFromHeader, type Identity } from './auth/identity';
import { authorize, permissions, type Action } from './auth/permissions';
import { DEFAULT_SIGN_IN_SETTINGS, SignIn, sessionTokenFromCookie, TooManyAttemptsError, type SignInSettings } from './auth/signin';
import { ApiError, badRequest, httpError, unauthorized } from './errors';
import { jsonTooDeep, MAX_JSON_DEPTH, nulCharacterAt, nulCharacterInUrl } from './http';
import { basicAuthMatches, createMetrics, type Metrics } from './metrics';
import { Notifier, type NotifierOptions } from './alerting/notify/notifier';
import { OutgoingBusyError } from './outgoing';
import { AlertScheduler } from './alerting/scheduler';
import type { AlertSink } from './alerting/types';
import { registerAlertingRoutes } from './routes/alerting';
import { registerAlertingNotifyRoutes } from './routes/alertingNotify';
import { registerReceiverStatusRoutes } from './routes/alertingReceivers';
import { registerAnnotationRoutes } from './routes/annotations';
import { registerCompatRoutes } from './routes/compat';
import { registerDashboardRoutes } from './routes/dashboards';
import { registerDataSourceRoutes } from './routes/datasources';
import { registerFolderRoutes } from './routes/folders';
import { registerImportRoutes } from './routes/import';
import { registerLoginRoutes, requestFacts } from './routes/login';
import { registerOrgRoutes } from './routes/org';
import { registerDashboardPermissionRoutes } from './routes/permissions';
import { registerProvisioningRoutes } from './routes/provisioning';
import { registerQueryRoutes } from './routes/query';
import { registerSearchRoutes } from './routes/search';
import { registerServiceAccountRoutes } from './routes/serviceaccounts';
import { registerStarRoutes } from './routes/stars';
import { registerTeamRoutes } from './routes/teams';
import { registerSignedInUserRoutes } from './routes/user';
import { registerUserRoutes } from './routes/users';
import type { Provisioner } from './provisioning';
import type { Store } from './store';
import { DomainError } from './store/errors';
import { healthVersions } from './version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs (auth/permissions.ts); every `/api` route names one... */
    action?: Action;
    /** ...unless it is public: answered without a token (`/api/health` and the UI's files). */
    public?: boolean;
    /** `/metrics` behind SIGHTLINE_METRICS_AUTH: basic auth with that user and password instead of a token. */
    metricsAuth?: boolean;
  }
  interface FastifyRequest {
    /** Who is calling. Reading it on a request that was not authenticated throws a 401, so no handler runs without one. */
    readonly identity: Identity;
  }
  interface FastifyInstance {
    /** Every `/api` route with the action it needs, in registration order. */
    apiRoutes: ApiRoute[];
    /** The alert rule scheduler (ticking only when `alerting.evaluate` is set; tests call `tick`). */
    alertScheduler: AlertScheduler;
    /** Alerting's notifier: the AlertSink the rules half sends alerts to. */
    notifier: Notifier;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  action: Action;
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

/**
 * The UI's Content-Security-Policy. Scripts only from the server itself; styles also inline,
 * because Mantine (and its CSS variables resolver) writes `<style>` elements and `style`
 * attributes at run time. The connect page may talk to any Sightline or Grafana server the person
 * names, so `connect-src` allows http(s) anywhere; a token travels in a header, and the session
 * cookie is honoured only for this server's own origin (see the CSRF check in the auth hook).
 */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Methods that change nothing; cookie-authenticated requests with any other face the CSRF check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often a client address's failed logins are logged at most. */
const FAILED_AUTH_LOG_INTERVAL_MS = 10_000;

/** One warn line per client address per interval, with how many failures it stands for. */
function failedAuthLogger(log: FastifyInstance['log']) {
  const seen = new Map<string, { loggedAt: number; unlogged: number }>();
  return (address: string, reason: string, now = Date.now()) => {
    const entry = seen.get(address);
    if (entry && now - entry.loggedAt < FAILED_AUTH_LOG_INTERVAL_MS) {
      entry.unlogged++;
      return;
    }
    const failures = (entry?.unlogged ?? 0) + 1;
    seen.set(address, { loggedAt: now, unlogged: 0 });
    // Bounded memory under a spray from many addresses: forget those whose window has passed.
    if (seen.size > 10_000) {
      for (const [key, value] of seen) if (now - value.loggedAt >= FAILED_AUTH_LOG_INTERVAL_MS) seen.delete(key);
    }
    log.warn(
      { address, reason, failures },
      `authentication failed from ${address}: ${reason}${failures > 1 ? ` (${failures} failures since the last line)` : ''}`,
    );
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
    // Grafana clients send ids and uids in paths with or without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    // Slow clients (a body trickled a byte at a time, headers never finished) must not hold a
    // connection: node checks these every second and closes the socket.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    // While closing, a request that arrives on a kept-alive connection is still answered (with
    // `connection: close`, see onSend) rather than refused with 503: the client sent it before it
    // could know. New connections are refused, and main.ts bounds the wait.
    return503OnClosing: false,
    ...(deps.trustProxy && deps.trustProxy.length > 0 ? { trustProxy: deps.trustProxy } : {}),
  });
  const signIn = new SignIn(store, { ...DEFAULT_SIGN_IN_SETTINGS, ...deps.signIn }, app.log);
  app.server.maxConnections = limits.maxConnections;
  app.server.headersTimeout = limits.headersTimeoutMs;

  // Every body is read as JSON whatever its content type (Grafana does the same: `curl -d` sends
  // form encoding). Prototype-poisoning keys are refused rather than silently dropped.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    // Deep nesting would overflow the stack later (JSON.stringify, zod); refused before parsing.
    if (jsonTooDeep(text)) return done(badRequest(`bad request data: JSON is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      return done(badRequest(`bad request data: the body is not valid JSON (${(error as Error).message})`), undefined);
    }
    // NUL is in no name, title or text anyone means, and PostgreSQL cannot store it: refused on both stores alike.
    const nulAt = text.includes('\\u0000') ? nulCharacterAt(parsed) : undefined;
    if (nulAt !== undefined) {
      const where = nulAt === '' ? 'the body' : nulAt;
      return done(badRequest(`bad request data: ${where} contains a NUL character`, nulAt === '' ? {} : { field: nulAt }), undefined);
    }
    done(null, parsed);
  });

  app.decorate('apiRoutes', [] as ApiRoute[]);
  // Deny by default: an `/api` route must name its action (or be declared public) or the server
  // does not start; any other route that is not public needs a valid token too (see onRequest).
  // The UI's files are public, by their exact paths: a flag set while @fastify/static registers
  // would also catch routes of other plugins that Fastify loads during that same await.
  const uiFileUrls = deps.webDir ? filesUnder(deps.webDir) : new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && uiFileUrls.has(route.url) && route.config?.action === undefined) {
      route.config = { ...route.config, public: true };
      return;
    }
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    const action = route.config?.action;
    if (!action || !(action in permissions)) throw new Error(`route ${route.method} ${route.url} names no permission action`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, action });
    }
  });

  const IDENTITY = Symbol('identity');
  type Authenticated = { [IDENTITY]?: Identity };
  app.decorateRequest('identity', {
    getter(this: FastifyRequest) {
      const identity = (this as unknown as Authenticated)[IDENTITY];
      if (!identity) throw unauthorized('Unauthorized: this request was not authenticated');
      return identity;
    },
  });
  const logFailedAuth = failedAuthLogger(app.log);

  // Metrics and request lines. First of the onRequest hooks, so refused requests count too.
  const metrics: Metrics | undefined = deps.metrics?.enabled === false ? undefined : createMetrics(store);
  const metricsAuth = deps.metrics?.auth;
  const logRequests = deps.logRequests ?? false;
  const COUNTED = Symbol('counted');
  type Counted = { [COUNTED]?: boolean };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request) => {
    if (!metrics) return;
    metrics.requestStarted();
    (request as unknown as Counted)[COUNTED] = true;
  });
  const ended = (request: FastifyRequest) => {
    const counted = request as unknown as Counted;
    if (!counted[COUNTED]) return;
    counted[COUNTED] = false;
    metrics?.requestEnded();
  };
  app.addHook('onRequestAbort', async (request) => ended(request));
  app.addHook('onResponse', async (request, reply) => {
    ended(request);
    const handler = handlerLabel(request, reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    metrics?.observeRequest(handler, request.method, reply.statusCode, seconds);
    if (logRequests || reply.statusCode >= 500) {
      const identity = (request as unknown as Authenticated)[IDENTITY];
      const line = {
        method: request.method,
        handler,
        status: reply.statusCode,
        duration_ms: Number(reply.elapsedTime.toFixed(1)),
        account: identity?.login,
        org: identity?.orgId,
        remote_addr: request.ip,
      };
      const text = `${request.method} ${handler} ${reply.statusCode} ${line.duration_ms} ms`;
      if (reply.statusCode >= 500) request.log.error(line, text);
      else request.log.info(line, text);
    }
  });
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
  /** The route template that answered; never the raw URL (its cardinality is the caller's to choose). */
  const handlerLabel = (request: FastifyRequest, status: number): string => {
    if (request.is404) return status === 200 ? 'ui' : 'notfound';
    const url = request.routeOptions.url ?? 'notfound';
    return uiFileUrls.has(url) && request.routeOptions.config.public ? 'static' : url;
  };

  // Every decision is made on the route the router matched (the decoded path it really runs),
  // never on the raw URL: `/%61pi/org` or `GET http://host/api/org` reach the same checks.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    // A CORS preflight carries no credentials and runs nothing; it is answered for any path.
    if (request.method === 'OPTIONS' && origin && request.headers['access-control-request-method']) {
      return reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('vary', 'Origin')
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .send();
    }
    const authenticated = async (): Promise<Identity> => {
      try {
        // A header wins over a cookie: a script's token is what it means, whatever the browser holds.
        const header = request.headers.authorization;
        const sessionToken = header === undefined ? sessionTokenFromCookie(request.headers.cookie) : undefined;
        if (sessionToken !== undefined) {
          const identity = await signIn.authenticateSession(sessionToken);
          if (!SAFE_METHODS.has(request.method)) {
            const problem = signIn.crossSiteWriteProblem(request.headers, request.host);
            if (problem) throw new ApiError(403, problem, { title: 'Access denied' });
          }
          return identity;
        }
        const credential = credentialFromHeader(header);
        if (credential.kind === 'token') return await authenticate(store.tokens, credential.token);
        return await signIn.authenticateBasic(credential.login, credential.password, requestFacts(request));
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) {
          logFailedAuth(request.ip, error.message);
          // The body of a refused request is never read: close instead of draining it.
          reply.header('connection', 'close');
        }
        throw error;
      }
    };
    if (request.is404) {
      const isApi = isApiPath(request);
      if (origin && isApi) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      // Which API paths exist is not told to a caller without a token.
      if (isApi) await authenticated();
      // Nothing runs; a body sent to nowhere is not read (it could be 16 MB from anyone).
      if (request.method !== 'GET' && request.method !== 'HEAD' && hasBody(request.headers)) {
        return reply
          .code(404)
          .header('connection', 'close')
          .send({ message: isApi ? `Not found: ${request.method} ${pathOf(request.url)}` : 'Not found' });
      }
      return;
    }
    const config = request.routeOptions.config;
    const isApi = config.action !== undefined || request.routeOptions.url?.startsWith('/api/') === true;
    // The UI may talk to another server than the one that served it (its connect page takes an
    // address). Tokens travel in a header; the session cookie is never honoured across origins:
    // no `Access-Control-Allow-Credentials`, so another origin cannot read a cookie-authenticated
    // answer, and the CSRF check refuses its writes.
    if (origin && isApi) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (config.metricsAuth) {
      if (metricsAuth && basicAuthMatches(request.headers.authorization, metricsAuth)) return;
      logFailedAuth(request.ip, 'wrong or missing basic auth for /metrics');
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="sightline metrics"')
        .header('connection', 'close')
        .send({ message: 'Unauthorized: /metrics needs the basic auth set in SIGHTLINE_METRICS_AUTH' });
    }
    if (config.public) return;
    const identity = await authenticated();
    (request as unknown as Authenticated)[IDENTITY] = identity;
    if (config.action) authorize(identity, config.action);
  });

  // NUL bytes (`%00`) in the decoded path or query: no uid, name or filter holds one, and PostgreSQL
  // text cannot; refused here, after the token check, so both stores answer the same 400.
  app.addHook('onRequest', async (request) => {
    const part = nulCharacterInUrl(request.url);
    if (part) throw badRequest(`bad request data: the ${part} contains a NUL character (%00)`);
  });

  // Headers for every answer (API and UI); docs/security.md explains each.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    // Shutting down: this answer is the connection's last.
    if (closing) reply.header('connection', 'close');
    const isUi = !isApiPath(request);
    reply.header('content-security-policy', isUi ? UI_CSP : API_CSP);
    if (isUi) reply.header('x-frame-options', 'DENY');
  });

  // The one place errors become answers: a store's domain error by its kind (`httpError`), an
  // ApiError as the route built it, a client's mistake Fastify found with its message, else a 500.
  app.setErrorHandler((thrown: FastifyError | ApiError | DomainError | OutgoingBusyError, request, reply) => {
    const error: Error = thrown instanceof DomainError ? httpError(thrown) : thrown;
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body());
    if (error instanceof OutgoingBusyError) return reply.code(429).header('retry-after', '1').send({ message: error.message });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const tooLarge = (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      const message = tooLarge ? `request body is too large: the limit is ${app.initialConfig.bodyLimit} bytes` : error.message;
      // The rest of a body that is too large is not read.
      if (tooLarge) reply.header('connection', 'close');
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error, method: request.method, url: pathOf(request.url) }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  // Grafana's health endpoint, for load balancers and start-up scripts: no token needed.
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const database = await store.ping().then(
      () => 'ok',
      () => 'failing',
    );
    return reply.code(database === 'ok' ? 200 : 503).send({ database, ...healthVersions() });
  });
  if (metrics) {
    // Public only when no credentials are configured; decided on this route, like every other.
    const config: FastifyContextConfig = metricsAuth ? { metricsAuth: true } : { public: true };
    app.get('/metrics', { config }, async (_request, reply) =>
      reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.render()),
    );
  }
  registerLoginRoutes(app, store, signIn);
  registerSignedInUserRoutes(app, store, signIn);
  registerOrgRoutes(app, store);
  registerUserRoutes(app, store, signIn);
  registerServiceAccountRoutes(app, store);
  registerDashboardRoutes(app, store);
  registerFolderRoutes(app, store);
  registerSearchRoutes(app, store);
  registerAnnotationRoutes(app, store);
  registerDataSourceRoutes(app, store);
  registerTeamRoutes(app, store);
  registerDashboardPermissionRoutes(app, store);
  registerStarRoutes(app, store);
  registerImportRoutes(app, store);
  registerCompatRoutes(app, store);
  registerAlertingRoutes(app, store);
  registerQueryRoutes(app, store);
  registerProvisioningRoutes(app, deps.provisioner);
  registerAlertingNotifyRoutes(app, store, notifier);
  registerReceiverStatusRoutes(app, store);
  if (deps.notifications?.dispatch) {
    app.addHook('onReady', async () => notifier.start());
    app.addHook('onClose', async () => notifier.stop());
  }

  const indexHtml = deps.webDir ? path.join(deps.webDir, 'index.html') : undefined;
  const hasUi = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasUi) {
    // The UI's files are public (they are the same for everyone): see uiFileUrls above.
    await app.register(fastifyStatic, { root: deps.webDir!, wildcard: false, index: false, maxAge: 0 });
    // Hashed assets never change under their name; said only of a file really served (a 404 may become one).
    app.addHook('onSend', async (request, reply) => {
      if (!request.is404 && reply.statusCode < 400 && request.routeOptions.url?.startsWith('/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // Serving index.html or a 404 grants nothing, so the raw path is fine to decide between them.
    const isApi = isApiPath(request);
    // A missing asset (an old hashed name after a deploy) is a 404, never the page in its place.
    const isAsset = isUnderPath(request, '/assets');
    if (!isApi && !isAsset && hasUi && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/dashboards, /d/<uid>/...) are the UI's to resolve.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: isApi ? `Not found: ${request.method} ${pathOf(request.url)}` : 'Not found' });
  });

  return app;
}

/** The path of a request URL without its query, for messages and logs (absolute-form too). */
function pathOf(url: string): string {
  const path = url.split('?')[0]!;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/' : path;
}

/** Whether the request's path, decoded as the router decodes it, is under `/api`. */
function isApiPath(request: { url: string }): boolean {
  return isUnderPath(request, '/api');
}

/** Whether the request's path, decoded as the router decodes it, is `prefix` or under it. */
function isUnderPath(request: { url: string }, prefix: string): boolean {
  let path = pathOf(request.url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is not a path the API or the UI answers either way.
  }
  return path === prefix || path.startsWith(`${prefix}/`);
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/** URL paths (`/assets/x.js`) of every file under `root`, as @fastify/static (wildcard: false) routes them. */
function filesUnder(root: string): Set<string> {
  const urls = new Set<string>();
  if (!fs.existsSync(root)) return urls;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    urls.add('/' + relative.split(path.sep).join('/'));
  }
  return urls;
}
