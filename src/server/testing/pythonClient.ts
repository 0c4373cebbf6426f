/**
 * Runs a script of the vendored grafana-client (Python, under testing/clients/grafana-client, MIT)
 * against a server: each line it prints is one call's JSON outcome. Needs python3 with requests
 * (Debian's python3-requests, which `npm test` installs as root).
 */
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const clientDir = path.resolve(import.meta.dirname, 'clients/grafana-client');

export const hasPythonRequests = spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0;

export interface CallResult {
  call: string;
  result?: unknown;
  error?: number;
  message?: string;
}

/**
 * The script's outcomes by call name. Asynchronous: a server in this process answers from its event
 * loop while the script runs.
 */
export async function runClientScript(script: string, args: string[]): Promise<Map<string, CallResult>> {
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      'python3',
      [path.join(clientDir, script), ...args],
      { env: { ...process.env, PYTHONPATH: clientDir, PYTHONDONTWRITEBYTECODE: '1' }, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    ),
  );
  return new Map(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CallResult)
      .map((result) => [result.call, result]),
  );
}

/** A call's result; the test fails, naming the call and the library's message, when it raised. */
export function callResult<T = Record<string, unknown>>(calls: Map<string, CallResult>, call: string): T {
  const outcome = calls.get(call);
  expect(outcome?.error, `${call}: ${outcome?.message}`).toBeUndefined();
  return outcome!.result as T;
}
