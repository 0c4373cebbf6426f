/**
 * The servers under test run as their own processes (the load generator must not share their
 * event loop): the real Sightline server, and the bare Fastify baseline. Both listen on
 * 127.0.0.1 on a port the OS picks. Every process started here is stopped by `stopAll`, which
 * run.ts calls on success, failure and interruption.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './seed';

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }
  running.delete(child);
}

/** Stops every process this module started and is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

/** Synchronous last resort (process 'exit' handlers cannot wait). */
export function killAllNow(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts `node --import tsx <script>` with `env`, and resolves once its stdout printed a line
 * matching `ready` (whose first group is the URL) and the URL answers `probe`.
 */
async function startNode(
  name: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  probe: string,
): Promise<ServerProcess> {
  // TypeScript through tsx; the compiled server (.js) with plain node, as `npm start` runs it.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let url: string | undefined;
  const onData = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
    url ??= ready.exec(output)?.[1];
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${output}`);
      if (
        url &&
        (await fetch(`${url}${probe}`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        break;
      if (Date.now() > deadline) throw new Error(`${name} did not become ready within 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { name, url: url!, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * The real server on `dataDir`, serving the UI from `webDir` when given: the compiled
 * dist/server/main.js (built first when stale, as `npm start` does), or `script` (the sources).
 */
export async function startSightline(
  dataDir: string,
  webDir: string | undefined,
  token: string,
  script = 'dist/server/main.js',
  /** More environment, e.g. SIGHTLINE_DATABASE_URL for PostgreSQL. */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  if (script.endsWith('.js')) await ensureServerBuilt();
  return startNode(
    'sightline',
    script,
    [],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_ADMIN_TOKEN: token,
      SIGHTLINE_WEB_DIR: webDir ?? path.join(dataDir, 'no-ui'),
      SIGHTLINE_LOG_LEVEL: 'warn',
      ...env,
    },
    /Sightline is running at (http:\/\/\S+)/,
    '/api/health',
  );
}

/** The bare Fastify baseline (baseline-server.ts) answering with the recorded responses in `file`. */
export function startBaseline(file: string): Promise<ServerProcess> {
  return startNode('baseline', 'bench/baseline-server.ts', [file], {}, /baseline listening at (http:\/\/\S+)/, '/__ready');
}

export interface ProcessMemory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since the process started, bytes. */
  peak: number;
}

/** VmRSS and VmHWM of a process, from /proc (Linux). */
export function memoryOf(pid: number): ProcessMemory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks / 100; // USER_HZ is 100 on Linux
}

let built: Promise<unknown> | undefined;
/** Builds dist/server once per bench run (esbuild takes about half a second). */
export function ensureServerBuilt(): Promise<unknown> {
  // @ts-expect-error: a plain .mjs script without types
  built ??= import('../../scripts/build-server.mjs').then((m: { buildServer: (o: { quiet: boolean }) => Promise<unknown> }) =>
    m.buildServer({ quiet: true }),
  );
  return built;
}
