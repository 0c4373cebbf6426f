/**
 * What every request goes through besides authentication (requestAuth.ts): its body read as JSON,
 * its URL checked for NUL, its answer's security headers, the one error handler, and the metrics
 * and log line of each request.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { TooManyAttemptsError } from './auth/signin';
import { ApiError, badRequest, httpError } from './errors';
import { isApiPath, jsonTooDeep, MAX_JSON_DEPTH, nulCharacterAt, nulCharacterInUrl, pathOf } from './http';
import { requestLoggersOnUse } from './logging';
import type { Metrics } from './metrics';
import { OutgoingBusyError } from './outgoing';
import { authenticatedIdentity, routeConfig } from './requestAuth';
import { DomainError } from './store/errors';

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

/**
 * Every body is read as JSON whatever its content type (Grafana does the same: `curl -d` sends
 * form encoding). Prototype-poisoning keys are refused rather than silently dropped.
 */
export function parseBodiesAsJson(app: FastifyInstance): void {
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
}

/**
 * Counts requests in flight and observes each one's duration by route template (`metrics`), and
 * writes a line per request (`logRequests`; 5xx answers are logged either way). The first
 * `onRequest` hook, so refused requests count too.
 */
export function observeRequests(
  app: FastifyInstance,
  options: { metrics: Metrics | undefined; logRequests: boolean; uiFileUrls: Set<string> },
): void {
  const { metrics, logRequests, uiFileUrls } = options;
  requestLoggersOnUse(app);
  const COUNTED = Symbol('counted');
  type Counted = { [COUNTED]?: boolean };
  // Hooks on every request take `done` rather than being async: no promise and no extra turn of
  // the microtask queue per hook (Fastify treats a throw in either kind alike).
  app.addHook('onRequest', (request, _reply, done) => {
    if (metrics) {
      metrics.requestStarted();
      (request as unknown as Counted)[COUNTED] = true;
    }
    done();
  });
  const ended = (request: FastifyRequest) => {
    const counted = request as unknown as Counted;
    if (!counted[COUNTED]) return;
    counted[COUNTED] = false;
    metrics?.requestEnded();
  };
  /** The route template that answered; never the raw URL (its cardinality is the caller's to choose). */
  const handlerLabel = (request: FastifyRequest, status: number): string => {
    if (request.is404) return status === 200 ? 'ui' : 'notfound';
    const config = routeConfig(request);
    const url = config.url ?? 'notfound';
    return uiFileUrls.has(url) && config.public ? 'static' : url;
  };
  app.addHook('onRequestAbort', async (request) => ended(request));
  app.addHook('onResponse', (request, reply, done) => {
    ended(request);
    const handler = handlerLabel(request, reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    metrics?.observeRequest(handler, request.method, reply.statusCode, seconds);
    if (logRequests || reply.statusCode >= 500) {
      const identity = authenticatedIdentity(request);
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
    done();
  });
}

/**
 * NUL bytes (`%00`) in the decoded path or query: no uid, name or filter holds one, and PostgreSQL
 * text cannot; refused after the token check, so both stores answer the same 400.
 */
export function refuseNulInUrls(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const part = nulCharacterInUrl(request.url);
    done(part ? badRequest(`bad request data: the ${part} contains a NUL character (%00)`) : undefined);
  });
}

/** Headers for every answer (API and UI); docs/security.md explains each. `closing`: the server is shutting down. */
export function addResponseHeaders(app: FastifyInstance, closing: () => boolean): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    // Shutting down: this answer is the connection's last.
    if (closing()) reply.header('connection', 'close');
    // The router matched the decoded path, so a route whose template is under `/api/` answered a
    // path under `/api`; anything else (no route, a wildcard) is decided on the path itself.
    const isUi = !(request.is404 === false && routeConfig(request).url?.startsWith('/api/') === true) && !isApiPath(request);
    reply.header('content-security-policy', isUi ? UI_CSP : API_CSP);
    if (isUi) reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });
}

/**
 * The one place errors become answers: a store's domain error by its kind (`httpError`), an
 * ApiError as the route built it, a client's mistake Fastify found with its message, else a 500.
 */
export function answerErrors(app: FastifyInstance): void {
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
}
