/**
 * Who is calling, and whether they may: every `/api` route names the action it needs (or is
 * public), and one `onRequest` hook authenticates the caller (a token, the session cookie with its
 * CSRF check, or basic auth) and checks that action before anything runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, authenticateCached, credentialFromHeader, type Identity } from './auth/identity';
import { authorize, permissions, type Action } from './auth/permissions';
import { sessionTokenFromCookie, type SignIn } from './auth/signin';
import { hashToken } from './auth/tokens';
import { ApiError, unauthorized } from './errors';
import { hasBody, isApiPath, pathOf } from './http';
import { basicAuthMatches } from './metrics';
import { requestFacts } from './routes/login';
import type { Store } from './store';

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
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  action: Action;
}

/** Methods that change nothing; cookie-authenticated requests with any other face the CSRF check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often a client address's failed logins are logged at most. */
const FAILED_AUTH_LOG_INTERVAL_MS = 10_000;

const IDENTITY = Symbol('identity');
type Authenticated = { [IDENTITY]?: Identity };

const ROUTE_CONFIG = Symbol('routeConfig');
type RouteConfig = FastifyRequest['routeOptions']['config'];

/**
 * The matched route's config (its `url` and `method` included), read once per request: Fastify's
 * `request.routeOptions` builds a new object on every read, and the hooks read it several times.
 */
export function routeConfig(request: FastifyRequest): RouteConfig {
  const memo = request as unknown as { [ROUTE_CONFIG]?: RouteConfig };
  return (memo[ROUTE_CONFIG] ??= request.routeOptions.config);
}

/** The caller, once the auth hook has found who it is (request lines name them). */
export function authenticatedIdentity(request: FastifyRequest): Identity | undefined {
  return (request as unknown as Authenticated)[IDENTITY];
}

/**
 * Deny by default: an `/api` route must name its action (or be declared public) or the server
 * does not start; any other route that is not public needs a valid token too (see
 * `authenticateRequests`). The UI's files (`uiFileUrls`, uiFiles.ts) are public, by their exact
 * paths, and only those: nothing else becomes public by being registered near them.
 */
export function guardRoutes(app: FastifyInstance, uiFileUrls: Set<string>): void {
  app.decorate('apiRoutes', [] as ApiRoute[]);
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

  app.decorateRequest('identity', {
    getter(this: FastifyRequest) {
      const identity = authenticatedIdentity(this);
      if (!identity) throw unauthorized('Unauthorized: this request was not authenticated');
      return identity;
    },
  });
}

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

/**
 * The auth hook. Every decision is made on the route the router matched (the decoded path it
 * really runs), never on the raw URL: `/%61pi/org` or `GET http://host/api/org` reach the same
 * checks. `metricsAuth` (`user:password`) guards `/metrics` with basic auth instead of a token.
 */
export function authenticateRequests(app: FastifyInstance, deps: { store: Store; signIn: SignIn; metricsAuth: string | undefined }): void {
  const { store, signIn, metricsAuth } = deps;
  const logFailedAuth = failedAuthLogger(app.log);

  /** A refusal on its way out: a 401 is logged (at most a line per address and interval) and closes the connection. */
  const refused = (request: FastifyRequest, reply: FastifyReply, error: unknown): unknown => {
    if (error instanceof ApiError && error.statusCode === 401) {
      logFailedAuth(request.ip, error.message);
      // The body of a refused request is never read: close instead of draining it.
      reply.header('connection', 'close');
    }
    return error;
  };

  const authenticated = async (request: FastifyRequest, reply: FastifyReply): Promise<Identity> => {
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
      throw refused(request, reply, error);
    }
  };

  /**
   * The common case without waiting: a matched route that needs a token, and a token whose
   * identity the identity cache holds with a recent "last used" (the same checks as `check`,
   * expiry included, on the same route). False when `check` must decide.
   */
  const decidedNow = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const header = request.headers.authorization;
    if (header === undefined || request.method === 'OPTIONS' || request.is404) return false;
    const config = routeConfig(request);
    if (config.metricsAuth || config.public) return false;
    const origin = request.headers.origin;
    if (origin && (config.action !== undefined || config.url?.startsWith('/api/') === true)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
    let identity: Identity | undefined;
    try {
      const credential = credentialFromHeader(header);
      if (credential.kind !== 'token') return false;
      identity = authenticateCached(store.tokens, hashToken(credential.token));
    } catch (error) {
      throw refused(request, reply, error);
    }
    if (!identity) return false;
    (request as unknown as Authenticated)[IDENTITY] = identity;
    if (config.action) authorize(identity, config.action);
    return true;
  };

  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
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
    if (request.is404) {
      const isApi = isApiPath(request);
      if (origin && isApi) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      // Which API paths exist is not told to a caller without a token.
      if (isApi) await authenticated(request, reply);
      // Nothing runs; a body sent to nowhere is not read (it could be 16 MB from anyone).
      if (request.method !== 'GET' && request.method !== 'HEAD' && hasBody(request.headers)) {
        return reply
          .code(404)
          .header('connection', 'close')
          .send({ message: isApi ? `Not found: ${request.method} ${pathOf(request.url)}` : 'Not found' });
      }
      return;
    }
    const config = routeConfig(request);
    const isApi = config.action !== undefined || config.url?.startsWith('/api/') === true;
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
    const identity = await authenticated(request, reply);
    (request as unknown as Authenticated)[IDENTITY] = identity;
    if (config.action) authorize(identity, config.action);
  };

  // Takes `done` rather than being async: most requests are decided without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (decidedNow(request, reply)) done();
    else
      check(request, reply).then(
        () => done(),
        (error: Error) => done(error),
      );
  });
}
