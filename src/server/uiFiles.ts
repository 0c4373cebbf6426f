/**
 * The built UI (`dist/web`): its files served as they are, public to everyone, and `index.html`
 * for every other path a browser asks for (client-side routes are the UI's to resolve). API paths
 * and missing assets get a 404 instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, isUnderPath, pathOf } from './http';

/** URL paths (`/assets/x.js`) of every file under `root`, as @fastify/static (wildcard: false) routes them. */
export function filesUnder(root: string): Set<string> {
  const urls = new Set<string>();
  if (!fs.existsSync(root)) return urls;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    urls.add('/' + relative.split(path.sep).join('/'));
  }
  return urls;
}

/** Serves the UI of `webDir` when it holds an index.html, and answers every path no route has. */
export async function serveUi(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const indexHtml = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasUi = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasUi) {
    // The UI's files are public (they are the same for everyone): see guardRoutes (requestAuth.ts).
    // The build writes a Brotli and a gzip copy beside each text file (scripts/precompress.ts):
    // sent to browsers that accept them, with `Vary: Accept-Encoding`; the file itself otherwise.
    await app.register(fastifyStatic, { root: webDir!, wildcard: false, index: false, maxAge: 0, preCompressed: true });
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
      // `cacheControl: false`: otherwise the file's own `public, max-age=0` replaces ours, and a
      // shared cache may hand out a page that names scripts a deploy removed.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({ message: isApi ? `Not found: ${request.method} ${pathOf(request.url)}` : 'Not found' });
  });
}
