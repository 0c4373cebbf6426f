/**
 * The two ways a dashboard used to come back without anyone asking: importing an export of it
 * over itself (same uid, same version) and going Back to it after deleting it.
 */
import { connect, expect, test } from './fixtures';

test('importing an export of an existing dashboard replaces it only through Import (Overwrite)', async ({ page, server }) => {
  const n = Date.now().toString(36);
  const folder = await server.api<{ uid: string }>('POST', '/api/folders', { title: `Kept ${n}` });
  const saved = await server.api<{ uid: string }>('POST', '/api/dashboards/db', {
    dashboard: { title: `Original ${n}`, panels: [] },
    folderUid: folder.uid,
  });
  const { dashboard } = await server.api<{ dashboard: Record<string, unknown> }>('GET', `/api/dashboards/uid/${saved.uid}`);
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${server.url}/dashboard/import`);

  await page.getByRole('textbox', { name: 'Dashboard JSON' }).fill(JSON.stringify({ ...dashboard, id: null, title: `Imported ${n}` }));
  const clash = page.getByRole('status').filter({ hasText: 'A dashboard has the same uid' });
  await expect(clash).toContainText(`“Original ${n}” in folder Kept ${n}`);
  await expect(clash).toContainText('moves it to General');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  // A new uid imports a copy; the original stays as it was, where it was.
  await page.getByLabel('uid', { exact: true }).fill(`${saved.uid}-copy`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Imported ${n}` })).toBeVisible();
  const original = await server.api<{ dashboard: { title: string; version: number }; meta: { folderUid: string } }>(
    'GET',
    `/api/dashboards/uid/${saved.uid}`,
  );
  expect(original).toMatchObject({ dashboard: { title: `Original ${n}`, version: 1 }, meta: { folderUid: folder.uid } });
});

test('Back after deleting a dashboard says it is gone, and does not show it again', async ({ page, server }) => {
  const n = Date.now().toString(36);
  const saved = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
    dashboard: { title: `Doomed ${n}`, panels: [] },
  });
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${server.url}${saved.url}`);
  await expect(page.getByRole('heading', { level: 1, name: `Doomed ${n}` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard not found' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Doomed ${n}` })).toHaveCount(0);
});
