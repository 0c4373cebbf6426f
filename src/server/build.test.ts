/**
 * The compiled server (issue 18 item 3): `npm run build` compiles src/server into
 * dist/server/main.js, which plain node runs without TypeScript tooling.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/backends';
import { ADMIN_TOKEN, tempDataDir } from './testing/harness';

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('compiled server', () => {
  it('builds dist/server/main.js, which plain node runs (no tsx loaded)', async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { buildServer } = (await import('../../scripts/build-server.mjs')) as {
      buildServer: (o: { quiet: boolean }) => Promise<unknown>;
    };
    await buildServer({ quiet: true });
    const main = path.join(root, 'dist/server/main.js');
    expect(fs.existsSync(main)).toBe(true);
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ["']tsx/);

    const dataDir = tempDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const child = spawn(process.execPath, [main], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SIGHTLINE_DATA_DIR: dataDir,
        SIGHTLINE_ADMIN_TOKEN: ADMIN_TOKEN,
        SIGHTLINE_LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited: ${output}`);
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const org = await fetch(`http://127.0.0.1:${port}/api/org`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(org.status).toBe(200);
    // No TypeScript loader among the process's modules.
    const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
    expect(cmdline).not.toContain('tsx');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
