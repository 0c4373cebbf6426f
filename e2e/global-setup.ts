/**
 * Builds the UI (unless `npm test` built it already, beside its checks, and says where in
 * SIGHTLINE_E2E_WEB_DIR), then starts the real server on a free loopback port with a temp data dir
 * and a known admin token. Tests find it through the environment.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const E2E_ADMIN_TOKEN = 'sightline-e2e-admin-token-0123456789';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  // A fresh build per run, in its own folder: what is tested is the code as it is now, and two
  // runs at once never share a half-written build.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-'));
  const given = process.env.SIGHTLINE_E2E_WEB_DIR;
  const webDir = given && fs.existsSync(path.join(given, 'index.html')) ? given : path.join(workDir, 'web');
  const dataDir = path.join(workDir, 'data');
  if (webDir !== given) {
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', webDir, '--sourcemap', 'false'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('building the UI failed');
  }

  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_WEB_DIR: webDir,
      SIGHTLINE_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      SIGHTLINE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine (load 28 was seen) the server took over 30 s to start.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ready = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.SIGHTLINE_E2E_URL = url;
  process.env.SIGHTLINE_E2E_ADMIN_TOKEN = E2E_ADMIN_TOKEN;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
