import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataSourceIdParamsSchema, dataSourceUidParamsSchema } from '../../contract/datasources';
import { queryRequestSchema } from '../../contract/query';
import { badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import { withOutgoingSlot } from '../outgoing';
import { closeAllPools } from '../query/pools';
import { proxyCall } from '../query/proxy';
import { runQueryRequest, targetOf } from '../query/service';
import type { Store } from '../store';

/**
 * The raw remainder of each proxy route's path, after the data source part: the security checks
 * need it still percent-encoded (the router has decoded `*`). Keyed by the matched route.
 */
const remainderOf: Record<string, RegExp> = {
  '/api/datasources/proxy/uid/:uid/*': /^\/api\/datasources\/proxy\/uid\/[^/]+\/(.*)$/,
  '/api/datasources/proxy/:id/*': /^\/api\/datasources\/proxy\/[^/]+\/(.*)$/,
  '/api/datasources/uid/:uid/resources/*': /^\/api\/datasources\/uid\/[^/]+\/resources\/(.*)$/,
};

/** Grafana's query API (`POST /api/ds/query`), data source proxy and resource routes. */
export function registerQueryRoutes(app: FastifyInstance, store: Store): void {
  // SQL connection pools live as long as the server.
  app.addHook('onClose', async () => closeAllPools());

  app.post('/api/ds/query', { config: { action: 'datasources:query' } }, async (request, reply) => {
    const body = parseBody(queryRequestSchema, request.body);
    const answer = await runQueryRequest({ store, log: request.log }, request.identity, body);
    // The body is QueryResponse JSON (contract/query.ts), already written out.
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });

  async function proxy(request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url!;
    const params = request.params as Record<string, string>;
    const ds = route.includes(':uid')
      ? await store.dataSources.find(request.identity.orgId, { uid: parseInput(dataSourceUidParamsSchema, params).uid })
      : await store.dataSources.find(request.identity.orgId, { id: parseInput(dataSourceIdParamsSchema, params).id });
    if (!ds) throw notFound('Data source not found');
    const [rawPath, rawQuery = ''] = splitOnce(request.raw.url ?? '', '?');
    const match = remainderOf[route]!.exec(rawPath);
    if (!match) throw badRequest('the proxy path could not be read; send /api/datasources/proxy/uid/<uid>/<path of the data source API>');
    const answer = await withOutgoingSlot(async () =>
      proxyCall({
        target: await targetOf(store, ds),
        via: route.includes('/resources/') ? 'resources' : 'proxy',
        rawPath: match[1]!,
        rawQuery,
        method: request.method,
        headers: request.headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
      }),
    );
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  }

  // Bodies pass through as they came (the Prometheus API takes form-encoded POSTs), so these
  // routes live in their own scope without the app's JSON body parser.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const url of Object.keys(remainderOf)) {
      scope.route({ method: ['GET', 'POST'], url, config: { action: 'datasources:query' }, handler: proxy });
    }
  });
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at === -1 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
