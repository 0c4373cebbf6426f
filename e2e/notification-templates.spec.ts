/**
 * Notification templates against the real server, as one journey: a template is made on its form
 * (the parser's refusal shown beside the text first), a contact point's message calls it, deleting
 * it is refused with the server's 409 in its words, and once the contact point's message no longer
 * calls it, it is deleted. axe in both themes on the list and the form.
 */
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('a template made, called by a contact point, refused deletion while called, then deleted', async ({ page, server }) => {
  test.setTimeout(240_000);
  const id = unique();
  const templateName = `e2e-template-${id}`;
  const defined = `e2e.message.${id}`;
  const contactPoint = `e2e-templated-${id}`;
  let contactPointUid: string | undefined;
  // The template's own row, not the refusal's row under it (which names the template too).
  const row = page.getByRole('row', { name: new RegExp(`^${templateName}`) });

  try {
    await connect(page, server, server.adminToken, '/alerting/list');

    await test.step('the navigation leads to the templates; New template opens the form', async () => {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Notification templates' }).click();
      await expect(page).toHaveURL(/\/alerting\/notifications\/templates$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notification templates' })).toBeVisible();
      await page.getByRole('link', { name: 'New template' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New notification template' })).toBeVisible();
    });

    await test.step('the parser’s refusal shows beside the text; a valid template saves without provenance', async () => {
      await page.getByRole('textbox', { name: 'Name' }).fill(templateName);
      const text = page.getByRole('textbox', { name: 'Template' });
      await text.fill(`{{ define "${defined}" }}{{ range .Alerts }}{{ .Labels.alertname }}`);
      await page.getByRole('button', { name: 'Save template' }).click();
      await expect(text).toHaveAccessibleDescription(/invalid template: /);
      await expectAccessibleInBothThemes(page);
      await text.fill(
        `{{ define "${defined}" }}{{ len .Alerts.Firing }} firing: {{ range .Alerts }}{{ .Labels.alertname }} {{ end }}{{ end }}`,
      );
      await page.getByRole('button', { name: 'Save template' }).click();
      await expect(page.getByText('Template created')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Notification templates' })).toBeVisible();
      await expect(row.getByText(defined)).toBeVisible();
      const stored = await server.api<{ template: string; provenance?: string }>(
        'GET',
        `/api/v1/provisioning/templates/${encodeURIComponent(templateName)}`,
      );
      expect(stored.template).toContain(`{{ define "${defined}" }}`);
      expect(stored.provenance).toBeUndefined();
    });

    await test.step('while a contact point’s message calls it, Delete shows the server’s 409 at its row', async () => {
      const created = await server.api<{ uid: string }>('POST', '/api/v1/provisioning/contact-points', {
        name: contactPoint,
        type: 'webhook',
        settings: { url: 'http://127.0.0.1:9/hook', message: `{{ template "${defined}" . }}` },
      });
      contactPointUid = created.uid;
      await row.getByRole('button', { name: `Delete template ${templateName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete template ${templateName}` });
      await expect(dialog.getByText(defined)).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete template' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: `Could not delete ${templateName}` });
      await expect(refusal).toContainText(`template '${templateName}' is currently used by contact points: '${contactPoint}' (webhook`);
      await expect(row.getByText(defined)).toBeVisible();
      await expectAccessibleInBothThemes(page);
    });

    await test.step('with the contact point’s message changed, the template is deleted', async () => {
      await page.goto(`${server.url}/alerting/notifications/receivers/${encodeURIComponent(contactPoint)}/edit`);
      const integration = page.getByRole('region', { name: 'Integration 1: Webhook' });
      const message = integration.getByRole('textbox', { name: 'Message' });
      await expect(message).toHaveValue(`{{ template "${defined}" . }}`);
      await message.fill('{{ template "default.message" . }}');
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await expect(page.getByText('Contact point updated')).toBeVisible();

      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Notification templates' }).click();
      await row.getByRole('button', { name: `Delete template ${templateName}` }).click();
      await page
        .getByRole('dialog', { name: `Delete template ${templateName}` })
        .getByRole('button', { name: 'Delete template' })
        .click();
      await expect(page.getByText('Template deleted')).toBeVisible();
      await expect(row).toHaveCount(0);
      const left = await server.api<Array<{ name: string }>>('GET', '/api/v1/provisioning/templates');
      expect(left.map((t) => t.name)).not.toContain(templateName);
    });
  } finally {
    // The server is shared by the specs: leave nothing behind, whatever step failed.
    if (contactPointUid) await server.api('DELETE', `/api/v1/provisioning/contact-points/${contactPointUid}`).catch(() => undefined);
    await server.api('DELETE', `/api/v1/provisioning/templates/${encodeURIComponent(templateName)}`).catch(() => undefined);
  }
});
