import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardWithMeta } from '../../../../../contract/dashboards';
import { startSession } from '../../../../api/session';
import { appRoutes } from '../../../../app/router';
import { tableFrame } from '../../../../panels/testing';
import { renderRoutes } from '../../../../test/render';
import { API, connectedSession, fixtures, serveDashboard, server } from '../../../../test/server';
import { userEvent } from '../../../../test/user';
import { stubVisibleSizedElements } from '../../../../test/browserStubs';

// Every panel is on screen and 600 × 300 px, so it draws and asks for its data at once.
stubVisibleSizedElements(600, 300);

const testdata = { uid: 'td', name: 'TestData', type: 'grafana-testdata-datasource', isDefault: true };

const services = tableFrame([
  { name: 'team', values: ['a', 'a', 'b'] },
  { name: 'service', values: ['x', 'y', 'z'] },
  { name: 'errors', values: [3, 5, 7] },
]);

function stored(): DashboardWithMeta {
  return fixtures.storedDashboard({
    uid: 'abc',
    id: 7,
    title: 'Checkout',
    version: 1,
    panels: [
      {
        id: 2,
        type: 'table',
        title: 'Services',
        gridPos: { x: 0, y: 0, w: 12, h: 8 },
        datasource: { type: testdata.type, uid: 'td' },
        targets: [{ refId: 'A', datasource: { type: testdata.type, uid: 'td' }, scenarioId: 'csv_content' }],
      },
    ],
  });
}

function open() {
  startSession(connectedSession('Editor'));
  serveDashboard(stored());
  server.use(
    http.get(`${API}/api/datasources`, () => HttpResponse.json([fixtures.dataSource({ ...testdata, typeName: 'TestData', url: '' })])),
    http.post(`${API}/api/ds/query`, () => HttpResponse.json({ results: { A: { status: 200, frames: [services] } } })),
  );
  return renderRoutes(appRoutes, '/d/abc/checkout?editPanel=2&tab=transform');
}

/** The first column of the preview's table, row by row. */
const firstColumn = () =>
  within(screen.getByRole('table', { name: 'Services' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const headers = () =>
  within(screen.getByRole('table', { name: 'Services' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

async function add(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add transformation' }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Search transformations' }), name);
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('region', { name: `1. ${name}` });
}

/** Picks an option of a Mantine select inside `scope`, in the list that input opens (other selects keep theirs mounted). */
async function pick(scope: HTMLElement, label: string, option: string) {
  const input = within(scope)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT')!;
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

beforeAll(async () => {
  await import('./PanelEditor');
  await import('../../DashboardPage');
}, 120_000);

// Whole editing sessions in jsdom, each change drawn again in the preview: slow on a loaded machine.
describe('the Transform tab', { timeout: 120_000 }, () => {
  it('adds Group by, groups by a field and calculates another, and the preview shows the groups', async () => {
    open();
    await screen.findByRole('table', { name: 'Services' }, { timeout: 20_000 });
    expect(firstColumn()).toEqual(['a', 'a', 'b']);
    const groupBy = await add('Group by');
    await pick(groupBy, 'team', 'Group by');
    await waitFor(() => expect(firstColumn()).toEqual(['a', 'b']));
    await pick(groupBy, 'errors', 'Calculate');
    await pick(groupBy, 'Calculations of errors', 'Total');
    await waitFor(() => expect(headers()).toEqual(['team', 'errors (sum)']));
    expect(screen.getByRole('tab', { name: 'Transformations (1)' })).toBeInTheDocument();
  });

  it('adds Filter data by values with a condition, then excludes the rows it matches', async () => {
    open();
    await screen.findByRole('table', { name: 'Services' }, { timeout: 20_000 });
    expect(firstColumn()).toEqual(['a', 'a', 'b']);
    const filter = await add('Filter data by values');
    await userEvent.click(within(filter).getByRole('button', { name: 'Add condition' }));
    const condition = within(filter).getByRole('group', { name: 'Condition 1' });
    await pick(condition, 'Field', 'service');
    await pick(condition, 'Match', 'Regex');
    await userEvent.type(within(condition).getByRole('textbox', { name: 'Value' }), 'x|z');
    await waitFor(() => expect(firstColumn()).toEqual(['a', 'b']));
    await userEvent.click(within(filter).getByRole('radio', { name: 'Exclude' }));
    await waitFor(() => expect(firstColumn()).toEqual(['a']));
  });

  it('adds Convert field type, converts a field, and the preview shows it as it was once the conversion is removed', async () => {
    open();
    await screen.findByRole('table', { name: 'Services' }, { timeout: 20_000 });
    const convert = await add('Convert field type');
    const conversion = within(convert).getByRole('group', { name: 'Conversion 1' });
    await pick(conversion, 'Field', 'team');
    await pick(conversion, 'As', 'Boolean');
    await waitFor(() => expect(firstColumn()).toEqual(['true', 'true', 'true']));
    await userEvent.click(within(convert).getByRole('button', { name: 'Remove conversion 1' }));
    await waitFor(() => expect(firstColumn()).toEqual(['a', 'a', 'b']));
    expect(within(convert).queryByRole('group', { name: 'Conversion 1' })).not.toBeInTheDocument();
  });
});
