/**
 * Panel chrome as Grafana draws it (issue 28 item 5): the description behind an ⓘ, an error as a
 * mark in the header while the panel keeps its body, panel links in the menu, transparent panels,
 * and multi-value variables in titles as text.
 */
import { connect, expect, expectAccessible, test } from './fixtures';

test('a panel shows its description, its error mark, its links, and reads variables in its title as text', async ({ page, server }) => {
  test.setTimeout(90_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const testData = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData chrome ${n}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const ref = { type: 'grafana-testdata-datasource', uid: testData.datasource.uid };
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Chrome ${n}`,
      time: { from: 'now-1h', to: 'now' },
      templating: {
        list: [
          {
            name: 'zone',
            type: 'custom',
            query: 'eu,us,ap',
            multi: true,
            includeAll: true,
            current: { text: ['eu', 'us'], value: ['eu', 'us'] },
            options: [],
          },
        ],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Requests $zone',
          description: 'Requests per second served by the checkout service in $zone.',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: [{ refId: 'A', datasource: ref, scenarioId: 'random_walk' }],
          links: [
            { title: 'Runbook', url: 'https://runbooks.example/checkout?zone=${zone}', targetBlank: true },
            { title: 'Sneaky', url: 'javascript:alert(1)' },
          ],
        },
        {
          id: 2,
          type: 'stat',
          title: 'Broken',
          transparent: true,
          gridPos: { x: 12, y: 0, w: 12, h: 8 },
          datasource: { type: 'prometheus', uid: `missing-${n}` },
          targets: [{ refId: 'A', datasource: { type: 'prometheus', uid: `missing-${n}` }, expr: 'up' }],
        },
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  // Several values read "a + b" in the title, as Grafana writes them.
  const requests = page.getByRole('region', { name: 'Requests eu + us', exact: true });
  await expect(requests).toBeVisible();
  await expect(requests).toHaveAccessibleDescription('Requests per second served by the checkout service in eu + us.');
  const info = requests.getByRole('button', { name: 'Description of Requests eu + us' });
  await info.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Requests per second served by the checkout service in eu + us.');
  await info.blur();

  // The error is a mark in the header; its whole message is one focus away, and nothing prints in the body.
  const broken = page.getByRole('region', { name: 'Broken', exact: true });
  const mark = broken.getByRole('button', { name: /^Query error in Broken: / });
  await expect(mark).toBeVisible({ timeout: 30_000 });
  const message = (await mark.getAttribute('aria-label'))!.replace('Query error in Broken: ', '');
  expect(message.length).toBeGreaterThan(5);
  await mark.focus();
  await expect(page.getByRole('tooltip')).toHaveText(message);
  await expect(broken.getByRole('alert')).toHaveCount(0);
  await mark.blur();
  // Transparent: no border, no background.
  const box = await broken.evaluate((element) => {
    const style = getComputedStyle(element);
    return { border: style.borderTopWidth, background: style.backgroundColor };
  });
  expect(box).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)' });

  // Panel links lead the menu, interpolated; a javascript: link is never offered.
  await requests.getByRole('button', { name: 'Menu for panel Requests eu + us' }).click();
  const runbook = page.getByRole('menuitem', { name: 'Runbook' });
  await expect(runbook).toHaveAttribute('href', /^https:\/\/runbooks\.example\/checkout\?zone=/);
  await expect(runbook).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('menuitem', { name: 'Sneaky' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('dashboard links: plain links keep the time range, tagged dashboards list in a dropdown with the variables', async ({
  page,
  server,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const tag = `linked-${n}`;
  await server.api('POST', '/api/dashboards/db', { dashboard: { title: `Linked A ${n}`, tags: [tag] } });
  await server.api('POST', '/api/dashboards/db', { dashboard: { title: `Linked B ${n}`, tags: [tag] } });
  const saved = await server.api<{ url: string; uid: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Links ${n}`,
      tags: [tag],
      time: { from: 'now-3h', to: 'now' },
      templating: { list: [{ name: 'env', type: 'custom', query: 'prod,dev', current: { text: 'dev', value: 'dev' }, options: [] }] },
      links: [
        { type: 'link', title: 'Docs for $env', url: 'https://docs.example/$env', keepTime: true, targetBlank: true },
        { type: 'dashboards', title: 'Related', tags: [tag], asDropdown: true, includeVars: true },
        { type: 'link', title: 'Never', url: 'javascript:alert(1)' },
      ],
      panels: [],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);
  const links = page.getByRole('navigation', { name: 'Dashboard links' });
  const docs = links.getByRole('link', { name: 'Docs for dev' });
  await expect(docs).toHaveAttribute('href', 'https://docs.example/dev?from=now-3h&to=now');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(links.getByRole('link', { name: 'Never' })).toHaveCount(0);
  await links.getByRole('button', { name: 'Related' }).click();
  // The other two dashboards with the tag, not this one; the variables travel along.
  await expect(page.getByRole('menuitem')).toHaveText([`Linked A ${n}`, `Linked B ${n}`]);
  await page.getByRole('menuitem', { name: `Linked B ${n}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Linked B ${n}` })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('var-env')).toBe('dev');
  await expectAccessible(page);
});
