/**
 * Beside each text file of the built UI, a Brotli (`.br`) and a gzip (`.gz`) copy, which the server
 * sends to browsers that accept them (`src/server/uiFiles.ts`): a first visit's scripts travel as
 * about a third of their bytes, and the server compresses nothing per request. Written once per
 * build, at Brotli's highest quality (about 2 s for the whole UI).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`. */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // zlib's work runs on libuv's thread pool: all at once keeps every core busy.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** The Vite plugin: compresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sightline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
