#!/usr/bin/env node
// Compiles the server (src/server/main.ts and what it imports, src/contract included) into one
// ES module, dist/server/main.js, that plain `node` runs: no TypeScript compiler in the production
// process. Packages stay external (node_modules is there at run time; better-sqlite3 is native).
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
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces name our functions as written.
    keepNames: true,
    logLevel: quiet ? 'warning' : 'info',
    metafile: true,
  });
  if (!quiet) process.stdout.write(`server built into ${outdir} in ${Date.now() - started} ms\n`);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
