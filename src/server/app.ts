import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import secureJson from 'secure-json-parse';
import { authenticate, tokenFromHeader, type Identity } from './auth/identity';
import { authorize, permissions, type Action } from './auth/permissions';
import { ApiError, badRequest } from './errors';
import { registerAnnotationRoutes } from './routes/annotations';
import { registerDashboardRoutes } from './routes/dashboards';
import { registerDataSourceRoutes } from './routes/datasources';
import { registerFolderRoutes } from './routes/folders';
import { registerOrgRoutes } from './routes/org';
import { registerSearchRoutes } from './routes/search';
import { registerServiceAccountRoutes } from './routes/serviceaccounts';
import { registerSignedInUserRoutes } from './routes/user';
import { registerUserRoutes } from './routes/users';
import type { Store } from './store';
import { SIGHTLINE_VERSION } from './version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs (auth/permissions.ts); every `/api` route names one... */
    action?: Action;
    /** ...unless it is public: answered without a token (only `/api/health`). */
    public?: boolean;
  }
  interface FastifyRequest {
    identity: Identity;
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

export interface AppDeps {
  store: Store;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Folder of the built UI; when it holds an index.html, it is served at `/`. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server, ready for `listen()` or `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { store } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Per-request lines would drown the log (and cost throughput); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.maxBodyBytes ?? 16 * 1024 * 1024,
    // Grafana clients send ids and uids in paths with or without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Every body is read as JSON whatever its content type (Grafana does the same: `curl -d` sends
  // form encoding). Prototype-poisoning keys are refused rather than silently dropped.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      done(badRequest(`bad request data: the body is not valid JSON (${(error as Error).message})`), undefined);
    }
  });

  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    const action = route.config?.action;
    if (!action || !(action in permissions)) throw new Error(`route ${route.method} ${route.url} names no permission action`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, action });
    }
  });

  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    // The UI may talk to another server than the one that served it (its connect page takes an
    // address). Tokens travel in a header, never in cookies, so allowing any origin lends a
    // page no ambient authority.
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600')
          .send();
      }
    }
    if (request.routeOptions.config.public) return;
    request.identity = await authenticate(store.tokens, tokenFromHeader(request.headers.authorization));
    const action = request.routeOptions.config.action;
    if (action) authorize(request.identity, action);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `request body is too large: the limit is ${app.initialConfig.bodyLimit} bytes`
          : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error, method: request.method, url: request.url.split('?')[0] }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  // Grafana's health endpoint, for load balancers and start-up scripts: no token needed.
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const database = await store.ping().then(
      () => 'ok',
      () => 'failing',
    );
    return reply.code(database === 'ok' ? 200 : 503).send({ database, version: SIGHTLINE_VERSION });
  });
  registerSignedInUserRoutes(app, store);
  registerOrgRoutes(app, store);
  registerUserRoutes(app, store);
  registerServiceAccountRoutes(app, store);
  registerDashboardRoutes(app, store);
  registerFolderRoutes(app, store);
  registerSearchRoutes(app, store);
  registerAnnotationRoutes(app, store);
  registerDataSourceRoutes(app, store);

  const indexHtml = deps.webDir ? path.join(deps.webDir, 'index.html') : undefined;
  const hasUi = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasUi) {
    await app.register(fastifyStatic, { root: deps.webDir!, wildcard: false, index: false, maxAge: 0 });
    // Hashed assets never change under their name.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasUi && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/dashboards, /d/<uid>/...) are the UI's to resolve.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: isApi ? `Not found: ${request.method} ${request.url.split('?')[0]}` : 'Not found' });
  });

  return app;
}
