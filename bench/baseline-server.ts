/**
 * The baseline of the load bench: a bare Fastify server (default options, no logger, no auth,
 * no storage) whose routes answer with the exact bytes Sightline answered to the same URLs, as
 * recorded by run.ts. What Sightline does beyond this (auth, SQLite, building JSON) is what the
 * ratio in the load table measures.
 *
 * `node --import tsx bench/baseline-server.ts <responses.json>`; prints "baseline listening at <url>".
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface RecordedRoute {
  method: 'GET' | 'POST';
  /** Fastify route pattern, e.g. /api/dashboards/uid/:uid */
  route: string;
  /** Response body per request URL (path and query); `fallback` for any other URL. */
  bodies: Record<string, string>;
  fallback: string;
  status: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: baseline-server.ts <responses.json>');
const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedRoute[];

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.get('/__ready', async () => 'ok');
for (const recorded of routes) {
  const bodies = new Map(Object.entries(recorded.bodies).map(([url, body]) => [url, Buffer.from(body)]));
  const fallback = Buffer.from(recorded.fallback);
  app.route({
    method: recorded.method,
    url: recorded.route,
    handler: (request, reply) => {
      reply
        .code(recorded.status)
        .type('application/json; charset=utf-8')
        .send(bodies.get(request.url) ?? fallback);
    },
  });
}

const shutdown = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`baseline listening at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
