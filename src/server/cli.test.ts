import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDataDir, testStoreEnv } from './testing/harness';
import { serverEntry } from './testing/serverProcess';

const run = promisify(execFile);
const dir = tempDataDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// On the PostgreSQL project, the CLI reaches the test database as a server would.
const cli = async (...args: string[]) =>
  run(process.execPath, [...serverEntry('cli'), 'token', '--data-dir', dir, ...args], {
    env: { ...process.env, SIGHTLINE_ADMIN_TOKEN: '', ...(await testStoreEnv(dir)) },
  });

// Each case starts the compiled CLI (well under a second, more on a busy machine).
describe('npm run token', { timeout: 90_000 }, () => {
  it('mints a token into a data dir offline, and the server accepts it', async () => {
    const { stdout, stderr } = await cli('--name', 'deployer', '--role', 'Editor', '--ttl', '3600');
    const token = stdout.trim();
    expect(token).toMatch(/^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/);
    expect(stderr).toMatch(/Created service account "deployer" .*role Editor.*expires in 3600 s/);

    // The CLI set the data dir up itself; its admin account takes another token the same way.
    const admin = (await cli('--name', 'admin', '--role', 'Admin')).stdout.trim();
    const server = await startTestServer({ dataDir: dir });
    try {
      const org = await server.call({ method: 'GET', url: '/api/org', token });
      expect(org.statusCode).toBe(200);
      // An Editor may not list service accounts.
      expect((await server.call({ method: 'GET', url: '/api/serviceaccounts/search', token })).statusCode).toBe(403);
      const [minted] = (await server.call({ method: 'GET', url: '/api/serviceaccounts/search?query=deployer', token: admin })).json()
        .serviceAccounts;
      const tokens = (await server.call({ method: 'GET', url: `/api/serviceaccounts/${minted.id}/tokens`, token: admin })).json();
      expect(tokens[0].secondsUntilExpiration).toBeGreaterThan(3500);
    } finally {
      await server.close();
    }
  });

  it('explains a bad role or a role that does not match the existing account', async () => {
    await expect(cli('--name', 'x', '--role', 'root')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/invalid role specified/),
    });
    await expect(cli('--name', 'deployer', '--role', 'Admin')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/already exists with role Editor/),
    });
    await expect(cli('--role', 'Admin')).rejects.toMatchObject({ stderr: expect.stringMatching(/--name is required/) });
    await expect(cli('--name', 'x', '--role', 'Viewer', '--ttl=-5')).rejects.toMatchObject({
      stderr: expect.stringMatching(/cannot be negative/),
    });
  });
});

describe('npm run password', { timeout: 90_000 }, () => {
  const password = async (input: string | undefined, ...args: string[]) => {
    const child = execFile(process.execPath, [...serverEntry('cli'), 'password', '--data-dir', dir, ...args], {
      env: { ...process.env, SIGHTLINE_ADMIN_TOKEN: '', ...(await testStoreEnv(dir)) },
    });
    child.stdin!.end(input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, stdout, stderr };
  };

  it("sets a person's password offline (random, or read from stdin) and ends their sessions", async () => {
    await cli('--name', 'admin', '--role', 'Admin');
    const random = await password(undefined, '--login', 'admin');
    expect(random.code, random.stderr).toBe(0);
    const generated = random.stdout.trim();
    expect(generated.length).toBeGreaterThanOrEqual(16);
    const server = await startTestServer({ dataDir: dir });
    try {
      const login = (pw: string) => server.call({ method: 'POST', url: '/login', token: null, payload: { user: 'admin', password: pw } });
      const signedIn = await login(generated);
      expect(signedIn.statusCode).toBe(200);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
      const given = await password('chosen by the operator\n', '--login', 'admin', '--password-stdin');
      expect(given.code, given.stderr).toBe(0);
      expect(given.stdout).toBe('');
      expect((await server.call({ method: 'GET', url: '/api/org', token: null, headers: { cookie } })).statusCode).toBe(401);
      expect((await login('chosen by the operator')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
    expect(await password('abc', '--login', 'admin', '--password-stdin')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/too short/),
    });
    expect(await password(undefined, '--login', 'nobody')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no person has the login/),
    });
  });
});
