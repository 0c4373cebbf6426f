import { connect, expect, expectAccessible, test } from './fixtures';

/**
 * The UI under its Content-Security-Policy: pages render, Mantine's runtime styles apply, and the
 * browser reports no violation while a person connects and moves through the app in both themes.
 */
test('the UI works under its Content-Security-Policy, with no violation reported', async ({ page, server }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  const response = await page.goto(`${server.url}/connect`);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');

  await connect(page, server, server.adminToken);
  const saved = await server.api<{ uid: string }>('POST', '/api/dashboards/db', { dashboard: { title: `CSP ${Date.now()}`, panels: [] } });
  await page.goto(`${server.url}/d/${saved.uid}?editview=json`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const path of ['/dashboards', '/datasources', '/datasources/new', '/annotations', '/serviceaccounts']) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Mantine's styles arrived (they are injected at run time): the navigation is laid out, not unstyled.
  const display = await page.getByRole('main').evaluate((element) => getComputedStyle(element).display);
  expect(display).not.toBe('');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${server.url}/datasources`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  expect(violations).toEqual([]);
});
