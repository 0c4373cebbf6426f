/**
 * Vitest global setup of the server projects: compiles the server once per run, as `npm run build`
 * does (scripts/build-server.mjs), into a folder of the run's own. Tests that start the server or
 * the CLI as a process run that build with plain node (`serverEntry` in serverProcess.ts): it is
 * up in about a third of the time `node --import tsx` takes, which compiles every source on the way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's compiled server: `main.js` and `cli.js`. */
    serverBuildDir: string | undefined;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

export default async function setup(project: TestProject) {
  // Two levels below the repository, as dist/server: the server reads ../../package.json, and
  // node finds the packages (left external) in the repository's node_modules.
  const outdir = `dist/test-server-${process.pid}-${project.name}`;
  // @ts-expect-error: a plain .mjs script without types
  const { buildServer } = (await import('../../../scripts/build-server.mjs')) as {
    buildServer: (options: { quiet: boolean; outdir: string }) => Promise<unknown>;
  };
  await buildServer({ quiet: true, outdir });
  project.provide('serverBuildDir', path.join(root, outdir));
  return () => fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
}
