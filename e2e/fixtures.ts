import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';

export interface ServerInfo {
  url: string;
  adminToken: string;
  /** Calls the API as the admin (or `token`), for setting up what a test needs. */
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  /** A new service account with `role` and a token for it. */
  tokenFor(role: 'None' | 'Viewer' | 'Editor' | 'Admin', secondsToLive?: number): Promise<{ id: number; token: string; tokenId: number }>;
}

let counter = 0;

export const test = base.extend<{ server: ServerInfo }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const url = process.env.SIGHTLINE_E2E_URL!;
    const adminToken = process.env.SIGHTLINE_E2E_ADMIN_TOKEN!;
    const api: ServerInfo['api'] = async (method, path, body, token = adminToken) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const tokenFor: ServerInfo['tokenFor'] = async (role, secondsToLive = 0) => {
      // Unique across the workers (processes) that share the server, not only within one.
      const account = await api<{ id: number }>('POST', '/api/serviceaccounts', {
        name: `e2e ${role} ${process.pid} ${Date.now()} ${++counter}`,
        role,
      });
      const minted = await api<{ id: number; key: string }>('POST', `/api/serviceaccounts/${account.id}/tokens`, {
        name: 'e2e',
        secondsToLive,
      });
      return { id: account.id, token: minted.key, tokenId: minted.id };
    };
    await use({ url, adminToken, api, tokenFor });
  },
});

export { expect };

/**
 * Connects through the connect page, as a person does, and waits until the page has either moved
 * on (connected) or shown why not. Only the connect page's own tests need this; others use `connect`.
 */
export async function connectThroughPage(page: Page, server: ServerInfo, token: string): Promise<void> {
  await page.goto(`${server.url}/connect`);
  await page.getByLabel('Service account token').fill(token);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect
    .poll(
      async () => !new URL(page.url()).pathname.startsWith('/connect') || (await page.locator('.mantine-InputWrapper-error').count()) > 0,
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** The stored session a tab holds after connecting with `token` (src/web/api/session.ts), asked as the connect page asks. */
async function tokenSession(server: ServerInfo, token: string): Promise<Record<string, unknown> | null> {
  try {
    const user = await server.api<{ login: string; orgId: number }>('GET', '/api/user', undefined, token);
    const orgs = await server.api<Array<{ orgId: number; role: string }>>('GET', '/api/user/orgs', undefined, token);
    const role = (orgs.find((o) => o.orgId === user.orgId) ?? orgs[0])?.role;
    if (!role || role === 'None') return null;
    const org = await server.api<{ id: number; name: string }>('GET', '/api/org', undefined, token);
    return { kind: 'token', serverUrl: '', token, orgId: org.id, orgName: org.name, role, login: user.login };
  } catch {
    return null;
  }
}

/**
 * Opens `at` (a path or a whole URL; the dashboards by default) already connected with `token`:
 * the tab's session is stored before the first page runs, as the connect page would have stored
 * it, which spares every test the connect page's load. A token the connect page would refuse goes
 * through the connect page instead, so its error shows as it would to a person.
 */
export async function connect(page: Page, server: ServerInfo, token: string, at = '/dashboards'): Promise<void> {
  const session = await tokenSession(server, token);
  if (!session) return connectThroughPage(page, server, token);
  // Once per tab (the tab's name survives its navigations): a test that signs out stays signed out.
  await page.addInitScript((value) => {
    if (window.name === 'e2e-connected') return;
    window.name = 'e2e-connected';
    sessionStorage.setItem('sightline.session', value);
  }, JSON.stringify(session));
  await page.goto(at.startsWith('http') ? at : `${server.url}${at}`);
}

/**
 * Signs in at /login with a password, as a person does, and waits until the page has either moved
 * on (signed in) or said why not.
 */
export async function signIn(page: Page, server: ServerInfo, user: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto(`${server.url}/login`);
  await page.getByRole('textbox', { name: 'Email or username' }).fill(user);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect
    .poll(async () => !new URL(page.url()).pathname.startsWith('/login') || (await page.getByRole('alert').count()) > 0, {
      timeout: 10_000,
    })
    .toBe(true);
}

/** axe-core's browser bundle, read once per worker. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * No axe violations on the page as it is now: every rule axe runs by default, on the whole document.
 * axe runs in the page itself, injected once per document (a client-side navigation keeps it) and
 * asked for violations only. `@axe-core/playwright` re-injected it into every frame and finished
 * each run in a new blank page, collecting every passing node too: 1.7 s per run on an idle machine
 * against 0.2 s here (the app has no frames, so nothing is left unchecked).
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Still seconds of CPU on a busy machine: each run adds to the test's budget.
  test.info().setTimeout(test.info().timeout + 15_000);
  // Colours as they settle: a theme switch starts CSS colour transitions, and axe measuring
  // halfway through one reads a contrast no one sees. Endless animations (spinners) never settle.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`).join(' | ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * No axe violations on the page as it is now, in the light theme and then in the dark one. The app
 * follows the system's theme until a person picks one, so one journey checks both, and ends dark.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(`axe in the ${scheme} theme`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expectAccessible(page);
    });
  }
}
