/**
 * The real server as its own process (compiled as `npm start` runs it, see `serverEntry`), on a
 * free loopback port, with everything it writes kept for the test to read.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './backends';
import { ADMIN_PASSWORD, ADMIN_TOKEN, testStoreEnv } from './harness';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * `node` arguments that run the server (`main`) or the CLI (`cli`) from the run's compiled build
 * (server-build-setup.ts), or from the sources through tsx where no build was made.
 */
export function serverEntry(entry: 'main' | 'cli'): string[] {
  const built = inject('serverBuildDir');
  return built ? [path.join(built, `${entry}.js`)] : ['--import', 'tsx', `src/server/${entry}.ts`];
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** `fetch` with the admin token unless `token` says otherwise (null: none). */
  api(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGKILL if still running (test clean-up). */
  kill(): void;
}

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  // In the PostgreSQL test project, the data dir's test database.
  const storeEnv = await testStoreEnv(dataDir);
  const child = spawnServer(
    port,
    dataDir,
    {
      SIGHTLINE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SIGHTLINE_WEB_DIR: path.join(dataDir, 'no-ui'),
      SIGHTLINE_LOG_FORMAT: 'json',
      ...storeEnv,
      ...env,
    },
    ['ignore', 'pipe', 'pipe'],
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    output: () => output,
    api: (p, { token = ADMIN_TOKEN, headers, ...init } = {}) =>
      fetch(`${url}${p}`, { ...init, headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers } }),
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  await untilHealthy(child, url, () => output);
  return server;
}

/** The server on a loopback `port` over `dataDir`, with the tests' admin token; `env` adds to its environment. */
export function spawnServer(port: number, dataDir: string, env: NodeJS.ProcessEnv, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, serverEntry('main'), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_ADMIN_TOKEN: ADMIN_TOKEN,
      ...env,
    },
    stdio,
  });
}

/** Ready: the server at `url` answers /api/health; if the process exits first, the test learns why from `output`. */
export async function untilHealthy(child: ChildProcess, url: string, output: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
