/**
 * A transformation added in the panel editor is kept: Group by on a TestData table (CSV content),
 * picked per field in its form, saved with the dashboard, and applied again after a reload.
 */
import { connect, expect, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** The first draw waits for the editor's chunks and the query: on a loaded 2-core machine that can pass 20 s. */
const FIRST_DRAW_MS = 60_000;

test('Group by is added in the panel editor, saved, and groups the table after a reload', async ({ page, server }) => {
  test.setTimeout(240_000);
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData ${unique()}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const ref = { type: 'grafana-testdata-datasource', uid: created.datasource.uid };
  const dashboard = await server.api<{ uid: string; slug: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Transformations ${unique()}`,
      panels: [
        {
          id: 1,
          type: 'table',
          title: 'Services',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: [{ refId: 'A', datasource: ref, scenarioId: 'csv_content', csvContent: 'team,service,errors\na,x,3\na,y,5\nb,z,7' }],
        },
      ],
    },
  });
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `/d/${dashboard.uid}/${dashboard.slug}?editPanel=1&tab=transform`);
  const table = page.getByRole('table', { name: 'Services' });
  await expect(table.getByRole('row')).toHaveCount(4, { timeout: FIRST_DRAW_MS });

  await page.getByRole('button', { name: 'Add transformation' }).click();
  await page.getByRole('textbox', { name: 'Search transformations' }).fill('group');
  await page.getByRole('button', { name: 'Group by', exact: true }).click();
  const form = page.getByRole('region', { name: '1. Group by' });
  await form.getByLabel('team', { exact: true }).click();
  await page.getByRole('option', { name: 'Group by', exact: true }).click();
  await form.getByLabel('errors', { exact: true }).click();
  await page.getByRole('option', { name: 'Calculate', exact: true }).click();
  await form.getByLabel('Calculations of errors', { exact: true }).click();
  await page.getByRole('option', { name: 'Total', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'errors (sum)' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).not.toHaveURL(/editPanel=/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Dashboard saved')).toBeVisible();

  await page.reload();
  const saved = page.getByRole('table', { name: 'Services' });
  await expect(saved.getByRole('columnheader', { name: 'errors (sum)' })).toBeVisible({ timeout: FIRST_DRAW_MS });
  await expect(saved.getByRole('row')).toHaveCount(3);
  await expect(saved.getByRole('row').nth(1)).toContainText('8');
  const { dashboard: stored } = await server.api<{ dashboard: { panels: Array<{ transformations?: unknown[] }> } }>(
    'GET',
    `/api/dashboards/uid/${dashboard.uid}`,
  );
  expect(stored.panels[0]!.transformations).toEqual([
    {
      id: 'groupBy',
      options: {
        fields: {
          team: { aggregations: [], operation: 'groupby' },
          errors: { aggregations: ['sum'], operation: 'aggregate' },
        },
      },
    },
  ]);
});
