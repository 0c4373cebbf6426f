#!/usr/bin/env node
// Compiles the server (src/server/main.ts and what it imports, src/contract included) into one
// ES module, dist/server/main.js, that plain `node` runs: no TypeScript compiler in the production
// process. Packages stay external (node_modules is there at run time; better-sqlite3 is native),
// but for Kysely (BUNDLED below).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `outdir` (relative to the repository) must sit two levels below it, as dist/server does: the
 * server reads ../../package.json from its own file. Tests build into one of their own.
 */
export async function buildServer({ quiet = false, outdir = 'dist/server' } = {}) {
  const started = Date.now();
  // Chunk names carry content hashes: clear the old ones rather than let them pile up.
  fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Modules imported with import() (provisioning) become chunks of their own, loaded on use.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    // Packages stay in node_modules, imported at run time, except those in BUNDLED.
    plugins: [externalPackagesExcept(BUNDLED)],
    sourcemap: 'linked',
    // Stack traces name our functions as written.
    keepNames: true,
    logLevel: quiet ? 'warning' : 'info',
    metafile: true,
  });
  latin1Only(Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')));
  if (!quiet) process.stdout.write(`server built into ${outdir} in ${Date.now() - started} ms\n`);
  return result;
}

/**
 * Packages compiled into the bundle rather than imported from node_modules. Kysely ships as about
 * 250 small ES modules, and Node keeps a module record, a namespace and a source for each: imported
 * whole it cost about 9 MB of resident memory at start-up; bundled (it declares no side effects)
 * it is one chunk of the parts the store uses. Bundling zod (also ES modules) kept all of it and
 * saved nothing; CommonJS packages (Fastify and its dependencies) neither.
 */
const BUNDLED = new Set(['kysely']);

/** esbuild's `packages: 'external'`, but for the packages in `bundled`. */
function externalPackagesExcept(bundled) {
  return {
    name: 'external-packages',
    setup(build) {
      // A bare specifier: `node:fs`, `fastify`, `@mantine/core`, `kysely/migration`.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        return bundled.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/**
 * V8 keeps each module's source in memory, two bytes per character as soon as one character is
 * beyond Latin-1. esbuild escapes such characters in strings but leaves them in comments (an arrow
 * or an ellipsis), which doubled the bundle's share of the heap; they are escaped here too
 * (`\\uXXXX` reads the same in a comment, a string or a regular expression).
 */
function latin1Only(files) {
  for (const file of files) {
    const full = path.join(root, file);
    const code = fs.readFileSync(full, 'utf8');
    const escaped = code.replace(/[\u0100-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (escaped !== code) fs.writeFileSync(full, escaped);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
