/**
 * Contact points against a webhook receiver in this test: one made in the editor, tested (the
 * receiver gets the test notification and the page says so), its URL broken (the test shows the
 * receiver's own answer), its secret kept as "configured" then reset, and deleted after a confirm.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { receiver?: string; status?: string; alerts?: Array<{ labels: Record<string, string> }> };
}

let receiver: http.Server | undefined;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(body || '{}') as Received['body'],
      });
      if (request.url === '/broken') response.writeHead(503).end('receiver is down for maintenance');
      else response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

test('a webhook contact point: made, tested against a live receiver, broken, its secret kept then reset, deleted', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const name = `Webhook e2e ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const address = `127.0.0.1:${(receiver!.address() as AddressInfo).port}`;
  const { token } = await server.tokenFor('Admin');
  await connect(page, server, token, '/alerting/list');
  const card = page.getByRole('region', { name, exact: true });

  await test.step('the navigation leads to the contact points; Add opens the editor', async () => {
    await page.getByRole('link', { name: 'Contact points' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact points' })).toBeVisible();
    await expect(page).toHaveURL(/\/alerting\/notifications$/);
    await page.getByRole('link', { name: 'Add contact point' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New contact point' })).toBeVisible();
  });

  await test.step('a webhook with basic authentication: Test reaches the receiver and the page says so', async () => {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    const integration = page.getByRole('region', { name: 'Integration 1: Webhook' });
    await integration.getByRole('textbox', { name: 'URL', exact: true }).fill(`http://${address}/hook`);
    await integration.getByRole('button', { name: 'Optional Webhook settings' }).click();
    await integration.getByRole('textbox', { name: 'HTTP Basic Authentication - Username' }).fill('bot');
    await integration.getByLabel('HTTP Basic Authentication - Password', { exact: true }).fill('hunter22');
    await integration.getByRole('button', { name: 'Test integration 1 (Webhook)' }).click();
    await expect(integration.getByRole('status')).toContainText('Test notification sent');
    const test = received.find((r) => r.path === '/hook' && r.body.receiver === name);
    expect(test?.body.alerts?.[0]?.labels.alertname).toBe('TestAlert');
    expect(test?.authorization).toBe(basic('bot', 'hunter22'));
    await page.getByRole('button', { name: 'Save contact point' }).click();
    await expect(page.getByText('Contact point created')).toBeVisible();
    await expect(card.getByText(`Webhook (${address})`)).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  await test.step('the stored secret reads "configured"; with the URL broken, Test shows the receiver’s answer and still uses the secret', async () => {
    await card.getByRole('link', { name: `Edit contact point ${name}` }).click();
    const integration = page.getByRole('region', { name: 'Integration 1: Webhook' });
    const password = integration.getByLabel('HTTP Basic Authentication - Password', { exact: true });
    await expect(password).toHaveValue('configured');
    await expect(page.getByText('hunter22')).toHaveCount(0);
    await integration.getByRole('textbox', { name: 'URL', exact: true }).fill(`http://${address}/broken`);
    await integration.getByRole('button', { name: 'Test integration 1 (Webhook)' }).click();
    await expect(integration.getByRole('alert')).toContainText(`http://${address} answered 503: receiver is down for maintenance`);
    expect(received.filter((r) => r.path === '/broken').at(-1)?.authorization).toBe(basic('bot', 'hunter22'));
    await expectAccessibleInBothThemes(page);
  });

  await test.step('Reset replaces the secret; saved, the list’s Test sends the new one and shows the failure there', async () => {
    const integration = page.getByRole('region', { name: 'Integration 1: Webhook' });
    await integration.getByRole('button', { name: 'Reset HTTP Basic Authentication - Password' }).click();
    const password = integration.getByLabel('HTTP Basic Authentication - Password', { exact: true });
    await expect(password).toHaveValue('');
    await password.fill('n3wpass');
    await page.getByRole('button', { name: 'Save contact point' }).click();
    await expect(page.getByText('Contact point updated')).toBeVisible();
    await expect(card.getByText(`Webhook (${address})`)).toBeVisible();
    const before = received.length;
    await card.getByRole('button', { name: `Test Webhook integration of ${name}` }).click();
    await expect(card.getByRole('alert')).toContainText('answered 503: receiver is down for maintenance');
    expect(received.slice(before).at(-1)?.authorization).toBe(basic('bot', 'n3wpass'));
  });

  await test.step('Delete asks first, naming what is lost, then the contact point is gone', async () => {
    await card.getByRole('button', { name: `Delete contact point ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete contact point ${name}` });
    await expect(dialog.getByText(`Webhook (${address})`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete contact point' }).click();
    await expect(page.getByText('Contact point deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    const left = await server.api<Array<{ name: string }>>('GET', `/api/v1/provisioning/contact-points?name=${encodeURIComponent(name)}`);
    expect(left).toEqual([]);
  });
});
