import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';
import { routePreload } from './scripts/route-preload.ts';

/**
 * The server's Content-Security-Policy allows no eval (`script-src 'self'`). Zod probes
 * `new Function` when it defines its first object schema unless `jitless` is set, and the browser
 * reports a CSP violation on every page load. Schemas are defined while modules load, before any
 * code of ours could call `z.config`, so the built UI starts zod with `jitless` already on.
 */
function zodWithoutEval(): Plugin {
  const pattern = '(_a.__zod_globalConfig = {})';
  return {
    name: 'sightline-zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(pattern))
        throw new Error(`zod's core.js changed: update zodWithoutEval in vite.config.ts (looked for ${pattern})`);
      return code.replace(pattern, '(_a.__zod_globalConfig = { jitless: true })');
    },
  };
}

/** Server test files and what they say about the store they need (`// store: sqlite only` or `postgres only`). */
function serverTestFiles(): Array<{ file: string; text: string }> {
  return fs
    .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/server/${file.replaceAll('\\', '/')}`)
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

/** Files that open a store, and are not about the SQLite file itself. */
const serverTestsOverPostgres = serverTestFiles()
  .filter(({ text }) => /\b(startTestServer|startServerProcess|openStore)\(/.test(text) && !text.includes('// store: sqlite only'))
  .map(({ file }) => file);
const postgresOnlyTests = serverTestFiles()
  .filter(({ text }) => text.includes('// store: postgres only'))
  .map(({ file }) => file);

/** Component test files that replace modules (`vi.mock`): they need a module graph of their own. */
const webTestsMockingModules = fs
  .readdirSync('src/web', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/web/${file.replaceAll('\\', '/')}`)
  .filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8')))
  .sort();

const apiTarget = process.env.SIGHTLINE_API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), zodWithoutEval(), routePreload({ router: 'src/web/app/router.tsx' }), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // No source maps in production builds: the server would hand the whole source to anyone (`vite build --sourcemap` for debugging).
    sourcemap: false,
    // Rolldown splits shared code into one chunk per set of importers: 220 files, 47 of the 74 a
    // first visit of /dashboards loads under 2 kB (icons, hooks). Each file costs the page a
    // request, a module record and its link, so common chunks under 8 kB of source are copied into
    // the chunks that use them (one shared module state across copies, says Rolldown): 110 files,
    // 22 for /dashboards, its list shown 100-130 ms sooner; 25% more JS in all, each page loading
    // about what it did.
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } } } },
  },
  server: {
    // `npm run dev`: the UI from Vite, every /api call to a Sightline (or any Grafana-compatible) server.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      // Password sign-in and sign-out are the server's; a GET of /login is the UI's page. The
      // server refuses cookie-authenticated writes from an Origin not its own, such as this dev
      // server's, unless it is in SIGHTLINE_CSRF_TRUSTED_ORIGINS (e.g. http://localhost:5173).
      '^/log(in|out)$': {
        target: apiTarget,
        changeOrigin: true,
        bypass: (req) => (req.method === 'GET' && req.url === '/login' ? req.url : undefined),
      },
    },
  },
  test: {
    // Most server tests wait (on started processes, PostgreSQL, real backends) rather than compute:
    // three workers keep 2 cores busy where the default (cores - 1) left one idle.
    maxWorkers: 3,
    // Hooks start servers, PostgreSQL schemas and backends: on a loaded machine that takes more than
    // the default 10 s. A hook that finishes never waits for this limit.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          pool: 'forks',
          // Files of a worker share its loaded modules: importing the server for each file took 114 of
          // this project's 132 s. Server tests keep no state in modules (each opens its own store).
          isolate: false,
          testTimeout: 60_000,
          // Tests that start the server or the CLI as a process run it compiled (serverProcess.ts).
          globalSetup: ['src/server/testing/server-build-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The same server tests over PostgreSQL (one throwaway cluster for the run): every file
          // that opens a store, except those about the SQLite file itself (marked `sqlite only`).
          name: 'server-postgres',
          environment: 'node',
          include: serverTestsOverPostgres,
          pool: 'forks',
          isolate: false, // as `server`
          testTimeout: 60_000,
          globalSetup: ['src/server/testing/server-build-setup.ts', 'src/server/testing/postgres-setup.ts'],
          env: { SIGHTLINE_TEST_STORE: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...webTestsMockingModules],
          setupFiles: ['src/web/test/setup.ts'],
          css: false,
          isolate: false,
          // Whole interactions (typing a form, saving, navigating) on a busy 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          include: webTestsMockingModules,
          setupFiles: ['src/web/test/setup.ts'],
          css: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
