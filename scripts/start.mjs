#!/usr/bin/env node
// `npm start`: builds the UI and the server when they are missing or older than their sources,
// then runs the compiled server (dist/server/main.js) with plain node: no TypeScript compiler in
// the production process. `npm run dev` runs the sources with hot reload instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const uiSources = ['index.html', 'vite.config.ts', 'public', 'src/web', 'src/contract'];
const builtServer = path.join(root, 'dist/server/main.js');
const serverSources = ['src/server', 'src/contract', 'scripts/build-server.mjs', 'package.json'];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...uiSources.map(newestChange))) {
  process.stdout.write(builtAt ? 'The UI changed since its last build; rebuilding…\n' : 'Building the UI (first start)…\n');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBuiltAt = fs.existsSync(builtServer) ? fs.statSync(builtServer).mtimeMs : 0;
if (serverBuiltAt < Math.max(...serverSources.map(newestChange))) {
  process.stdout.write(serverBuiltAt ? 'The server changed since its last build; rebuilding…\n' : 'Building the server (first start)…\n');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer({ quiet: true });
}

const server = spawn(process.execPath, [builtServer], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
