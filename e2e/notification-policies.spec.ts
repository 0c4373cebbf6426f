/**
 * Notification policies and mute timings against the real server, as one journey: a mute timing is
 * made on its form; a nested policy with a matcher, a contact point and that mute timing is added to
 * the tree and survives a reload; the routing preview names the policy and contact point labels
 * that match reach, and the default policy for labels that don't; deleting the mute timing while
 * the policy uses it shows the server's 409 in its words; renaming the mute timing and the contact
 * point on their forms renames them in the policy too. axe in both themes on the pages.
 */
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('edit the policy tree with a mute timing, preview routing, and meet the 409 of a used mute timing', async ({ page, server }) => {
  const id = unique();
  const contactPoint = `e2e-ops-${id}`;
  const timing = `weekends-${id}`;
  const renamedTiming = `weekend-days-${id}`;
  const renamedContactPoint = `e2e-pager-${id}`;
  // The tree is one resource per org: start from the default one, and leave it so.
  await server.api('DELETE', '/api/v1/provisioning/policies');
  const created = await server.api<{ uid: string }>('POST', '/api/v1/provisioning/contact-points', {
    name: contactPoint,
    type: 'webhook',
    settings: { url: 'http://127.0.0.1:9/hook' },
  });

  try {
    await connect(page, server, server.adminToken, '/alerting/routes');
    await expect(page.getByRole('heading', { level: 1, name: 'Notification policies' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Default policy' })).toContainText('Contact point: grafana-default-email');

    // A mute timing, on its own form.
    await page.getByRole('tab', { name: 'Mute timings' }).click();
    await expect(page).toHaveURL(/tab=mute_timings/);
    await page.getByRole('link', { name: 'Add mute timing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New mute timing' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill(timing);
    const interval = page.getByRole('group', { name: 'Time interval 1' });
    await interval.getByRole('textbox', { name: 'Days of the week' }).fill('saturday:sunday');
    await page.getByRole('button', { name: 'Save mute timing' }).click();
    await expect(interval.getByText(/a week starts on sunday/)).toBeVisible();
    await interval.getByRole('textbox', { name: 'Days of the week' }).fill('saturday, sunday');
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Save mute timing' }).click();
    await expect(page.getByText('Mute timing created')).toBeVisible();
    const timings = page.getByRole('table', { name: 'Mute timings' });
    await expect(timings.getByRole('row', { name: new RegExp(timing) })).toContainText('saturday, sunday');
    await expect(timings.getByRole('row', { name: new RegExp(timing) })).toContainText('Not used');

    // A nested policy with a matcher, a contact point and the mute timing.
    await page.getByRole('tab', { name: 'Notification policies' }).click();
    await page.getByRole('button', { name: 'Add child policy to Default policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'New child policy' });
    await dialog.getByRole('textbox', { name: 'Label 1' }).fill('team');
    await dialog.getByRole('textbox', { name: 'Value 1' }).fill('ops');
    await dialog.getByRole('combobox', { name: 'Contact point' }).click();
    await page.getByRole('option', { name: contactPoint }).click();
    await dialog.getByLabel('Mute timings').click();
    await page.getByRole('option', { name: timing }).click();
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(page.getByText('Notification policies saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    const policy = page.getByRole('article', { name: 'Policy team=ops' });
    await expect(policy).toContainText(`Contact point: ${contactPoint}`);
    await expect(policy).toContainText(`Mute timings: ${timing}`);
    await expect(policy).toContainText('Grouped by: grafana_folder, alertname (inherited)');

    // Preview routing: labels that match, then labels that don't.
    const preview = page.getByRole('region', { name: 'Preview routing' });
    const result = preview.getByRole('status', { name: 'Routing result' });
    await preview.getByRole('textbox', { name: 'Label name 1' }).fill('team');
    await preview.getByRole('textbox', { name: 'Label value 1' }).fill('ops');
    await expect(result).toContainText(`Contact point reached: ${contactPoint}`);
    await expect(result).toContainText('Default policy → Policy team=ops');
    await expect(result).toContainText(`muted during ${timing}`);
    await expectAccessibleInBothThemes(page);
    await preview.getByRole('textbox', { name: 'Label value 1' }).fill('dev');
    await expect(result).toContainText('Contact point reached: grafana-default-email');
    await expect(result).not.toContainText('Policy team=ops');

    // The mute timing is in use: the server refuses to delete it, in its words.
    await page.getByRole('tab', { name: 'Mute timings' }).click();
    const row = timings.getByRole('row', { name: new RegExp(timing) });
    await expect(row).toContainText('Policy team=ops');
    await row.getByRole('button', { name: `Delete mute timing ${timing}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete mute timing' });
    await expect(confirm).toContainText('It is used by Policy team=ops');
    await confirm.getByRole('button', { name: 'Delete mute timing' }).click();
    await expect(page.getByText(`mute time interval '${timing}' is currently used by a notification policy`)).toBeVisible();
    await expect(row).toBeVisible();

    // Renamed on its form, the mute timing stays the policy's.
    await row.getByRole('link', { name: `Edit mute timing ${timing}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit mute timing' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill(renamedTiming);
    await page.getByRole('button', { name: 'Update mute timing' }).click();
    await expect(page.getByText('Mute timing renamed')).toBeVisible();
    await expect(timings.getByRole('row', { name: new RegExp(renamedTiming) })).toContainText('Policy team=ops');
    await expect(timings.getByRole('row', { name: new RegExp(timing) })).toHaveCount(0);

    // Renamed in its editor, the contact point stays the policy's.
    await page.goto(`${server.url}/alerting/notifications/receivers/${encodeURIComponent(contactPoint)}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit contact point ${contactPoint}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamedContactPoint);
    await page.getByRole('button', { name: 'Save contact point' }).click();
    await expect(page.getByText('Contact point renamed')).toBeVisible();
    await page.goto(`${server.url}/alerting/routes`);
    const renamedPolicy = page.getByRole('article', { name: 'Policy team=ops' });
    await expect(renamedPolicy).toContainText(`Contact point: ${renamedContactPoint}`);
    await expect(renamedPolicy).toContainText(`Mute timings: ${renamedTiming}`);
  } finally {
    await server.api('DELETE', '/api/v1/provisioning/policies');
    for (const name of [timing, renamedTiming])
      await fetch(`${server.url}/api/v1/provisioning/mute-timings/${encodeURIComponent(name)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.adminToken}` },
      });
    await server.api('DELETE', `/api/v1/provisioning/contact-points/${created.uid}`);
  }
});
