import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { renderWithProviders } from '../../../test/render';
import { API, connectedSession, fixtures, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { downloadText } from '../runtime/csv';
import { ShareModal, type ShareModalProps } from './ShareModal';

vi.mock('../runtime/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../runtime/csv')>()),
  downloadText: vi.fn(),
}));

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  startSession(connectedSession());
  window.history.replaceState({}, '', '/d/svc/service?var-job=api&inspect=1');
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  writeText.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  notifications.clean();
  vi.mocked(downloadText).mockClear();
});

const model = {
  uid: 'svc',
  id: 3,
  title: 'Service',
  panels: [{ id: 1, type: 'stat', title: 'Up', datasource: { type: 'prometheus', uid: 'p1' }, targets: [{ refId: 'A', expr: 'up' }] }],
};

function renderShare(overrides: Partial<ShareModalProps> = {}) {
  renderWithProviders(
    <ShareModal opened onClose={vi.fn()} title="Service" raw={{ from: 'now-6h', to: 'now' }} timeZone="utc" model={model} {...overrides} />,
  );
}

function linkUrl(): URL {
  return new URL((screen.getByRole('textbox', { name: 'Link URL' }) as HTMLInputElement).value);
}

describe('ShareModal', () => {
  it('links to the dashboard with its variables, the range locked to absolute ms by default, or relative', async () => {
    renderShare();
    const dialog = await screen.findByRole('dialog', { name: 'Share Service' });
    expect(within(dialog).getByRole('tab', { name: 'Link', selected: true })).toBeVisible();
    expect(linkUrl().pathname).toBe('/d/svc/service');
    expect(linkUrl().searchParams.get('var-job')).toBe('api');
    expect(linkUrl().searchParams.has('inspect')).toBe(false);
    const from = Number(linkUrl().searchParams.get('from'));
    expect(Number(linkUrl().searchParams.get('to')) - from).toBe(6 * 3_600_000);

    await userEvent.click(screen.getByRole('switch', { name: 'Lock time range' }));
    expect(linkUrl().searchParams.get('from')).toBe('now-6h');
    expect(linkUrl().searchParams.get('to')).toBe('now');

    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(linkUrl().toString());
    expect(await screen.findByText('Link copied')).toBeVisible();
  });

  it('says next to the button why the clipboard refused', async () => {
    writeText.mockRejectedValue(new Error('Write permission denied.'));
    renderShare();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy: Write permission denied.');
  });

  it('shares a panel as a link that opens it alone, without an export', async () => {
    renderShare({ panelId: 1, title: 'Up', model: undefined });
    await screen.findByRole('dialog', { name: 'Share panel Up' });
    expect(linkUrl().searchParams.get('viewPanel')).toBe('1');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('exports the dashboard for sharing externally, to view, copy and save', async () => {
    server.use(http.get(`${API}/api/datasources`, () => HttpResponse.json([fixtures.dataSource({ uid: 'p1', name: 'Prom' })])));
    renderShare();
    await userEvent.click(await screen.findByRole('tab', { name: 'Export' }));
    await userEvent.click(screen.getByRole('button', { name: 'View JSON' }));
    // Not external: the model as it is.
    expect(screen.getByLabelText('Exported JSON')).toHaveTextContent('"uid": "p1"');

    await userEvent.click(screen.getByRole('switch', { name: 'Export for sharing externally' }));
    const json = await screen.findByText(/"__inputs"/);
    const exported = JSON.parse(json.textContent ?? '');
    expect(exported.__inputs[0]).toMatchObject({ name: 'DS_PROM', pluginId: 'prometheus', pluginName: 'Prometheus' });
    expect(exported.panels[0].datasource).toEqual({ type: 'prometheus', uid: '${DS_PROM}' });
    expect(exported.__requires[0]).toEqual({ type: 'grafana', id: 'grafana', name: 'Grafana', version: '11.6.0' });

    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual(exported);
    expect(await screen.findByText('Dashboard JSON copied')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Save to file' }));
    const [filename, text] = vi.mocked(downloadText).mock.calls[0]!;
    expect(filename).toMatch(/^Service-\d+\.json$/);
    expect(JSON.parse(text)).toEqual(exported);
    expect(await screen.findByText('Dashboard JSON saved')).toBeVisible();
  });
});
