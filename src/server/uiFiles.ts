/**
 * The built UI (`dist/web`): its files served as they are, public to everyone, and `index.html`
 * for every other path a browser asks for (client-side routes are the UI's to resolve). API paths
 * and missing assets get a 404 instead.
 *
 * Each file is read once, on its first request, and answered from memory after that: a first
 * visit asks for dozens of files, and reading each from disk through streams cost the server
 * 0.3–0.7 ms of CPU per file while the browser needed the same two cores. The build's files do
 * not change while the server runs (a new build is deployed with a restart; the routes are fixed
 * at start-up either way), and the cache holds at most the build's size (about 6 MB, with its
 * compressed copies).
 */
import fs from 'node:fs/promises';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, isUnderPath, pathOf } from './http';

/** The compressed copies the build writes beside a text file (scripts/precompress.ts), best first. */
const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof COPIES)[number]['encoding'] | 'identity';

/** Content types of what a build holds; anything else is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** One file of the UI as it is sent in one encoding. */
interface Variant {
  body: Buffer;
  /** The same validator @fastify/static gave (size and modification time), so browsers' caches stay valid. */
  etag: string;
  lastModified: string;
  modifiedSeconds: number;
}

interface UiFile {
  diskPath: string;
  contentType: string;
  /** The compressed copies the build wrote for this file. */
  encodings: Encoding[];
  loaded: Map<Encoding, Variant>;
  loading: Map<Encoding, Promise<Variant>>;
}

/** The UI's files by URL path (`/assets/x.js`); compressed copies are not files of their own. */
export type UiFiles = Map<string, UiFile>;

/** Every file under `root` by URL path, with the compressed copies the build wrote beside it. */
export function uiFilesUnder(root: string | undefined): UiFiles {
  const files: UiFiles = new Map();
  if (!root || !existsSync(root)) return files;
  const onDisk = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) onDisk.add(path.join(entry.parentPath, entry.name));
  }
  const isCopy = (file: string) => COPIES.some(({ suffix }) => file.endsWith(suffix) && onDisk.has(file.slice(0, -suffix.length)));
  for (const diskPath of [...onDisk].sort()) {
    if (isCopy(diskPath)) continue;
    const url = '/' + path.relative(root, diskPath).split(path.sep).join('/');
    files.set(url, {
      diskPath,
      contentType: CONTENT_TYPES[path.extname(diskPath).toLowerCase()] ?? 'application/octet-stream',
      encodings: COPIES.filter(({ suffix }) => onDisk.has(diskPath + suffix)).map(({ encoding }) => encoding),
      loaded: new Map(),
      loading: new Map(),
    });
  }
  return files;
}

/**
 * The copy to send for an `Accept-Encoding` header: the acceptable one with the highest weight
 * (Brotli on a tie), or the file itself. `br;q=0` refuses Brotli; `*` stands for any other.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header || available.length === 0) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

async function readVariant(file: UiFile, encoding: Encoding): Promise<Variant> {
  const diskPath = encoding === 'identity' ? file.diskPath : file.diskPath + COPIES.find((copy) => copy.encoding === encoding)!.suffix;
  const [body, stat] = await Promise.all([fs.readFile(diskPath), fs.stat(diskPath)]);
  const modified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
  return {
    body,
    etag: `W/"${body.length.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: modified.toUTCString(),
    modifiedSeconds: modified.getTime() / 1000,
  };
}

/** The variant from memory, read on first use; a failed read (the file went away) is tried again next time. */
function variantOf(file: UiFile, encoding: Encoding): Variant | Promise<Variant> {
  const loaded = file.loaded.get(encoding);
  if (loaded) return loaded;
  let loading = file.loading.get(encoding);
  if (!loading) {
    loading = readVariant(file, encoding).then(
      (variant) => {
        file.loaded.set(encoding, variant);
        file.loading.delete(encoding);
        return variant;
      },
      (error: unknown) => {
        file.loading.delete(encoding);
        throw error;
      },
    );
    file.loading.set(encoding, loading);
  }
  return loading;
}

/** Whether the browser's copy is current: `If-None-Match` (weak comparison) wins over `If-Modified-Since`. */
function notModified(request: FastifyRequest, variant: Variant): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const mine = opaque(variant.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && variant.modifiedSeconds <= since / 1000;
}

function send(request: FastifyRequest, reply: FastifyReply, file: UiFile, variant: Variant, encoding: Encoding, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('last-modified', variant.lastModified).header('etag', variant.etag);
  reply.header('content-type', file.contentType);
  if (file.encodings.length > 0) reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (notModified(request, variant)) return reply.code(304).send();
  return reply.send(variant.body);
}

/** Answers with `file` from memory (reading it first if need be); a file gone from disk is a 404. */
function sendUiFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: UiFile,
  cacheControl: string,
): FastifyReply | Promise<FastifyReply> {
  const encoding = chooseEncoding(request.headers['accept-encoding'], file.encodings);
  const variant = variantOf(file, encoding);
  if (!(variant instanceof Promise)) return send(request, reply, file, variant, encoding, cacheControl);
  return variant.then(
    (read) => send(request, reply, file, read, encoding, cacheControl),
    () => reply.code(404).send({ message: 'Not found' }),
  );
}

/** Serves the UI `files` when they hold an index.html, and answers every path no route has. */
export function serveUi(app: FastifyInstance, files: UiFiles): void {
  const indexHtml = files.get('/index.html');
  // The UI's files are public (they are the same for everyone): see guardRoutes (requestAuth.ts).
  for (const [url, file] of indexHtml ? files : []) {
    // Hashed assets never change under their name; other files may change with a new build.
    const cacheControl = url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0';
    app.get(url, (request, reply) => sendUiFile(request, reply, file, cacheControl));
  }

  app.setNotFoundHandler((request, reply) => {
    // Serving index.html or a 404 grants nothing, so the raw path is fine to decide between them.
    const isApi = isApiPath(request);
    // A missing asset (an old hashed name after a deploy) is a 404, never the page in its place.
    const isAsset = isUnderPath(request, '/assets');
    if (!isApi && !isAsset && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/dashboards, /d/<uid>/...) are the UI's to resolve. `no-cache`: a
      // shared cache must not hand out a page that names scripts a deploy removed.
      return sendUiFile(request, reply, indexHtml, 'no-cache');
    }
    return reply.code(404).send({ message: isApi ? `Not found: ${request.method} ${pathOf(request.url)}` : 'Not found' });
  });
}
