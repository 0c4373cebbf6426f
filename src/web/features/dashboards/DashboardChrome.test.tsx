import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { stubIntersectionObserver } from '../../test/browserStubs';
import { connectedSession, fixtures, serveDashboard } from '../../test/server';

stubIntersectionObserver();

function serveCheckout(settings: Record<string, unknown> = {}) {
  serveDashboard(
    fixtures.storedDashboard({
      uid: 'abc',
      id: 7,
      title: 'Checkout',
      version: 1,
      refresh: '30s',
      panels: [{ id: 1, type: 'text', title: 'Notes', gridPos: { x: 0, y: 0, w: 12, h: 4 }, options: { content: 'hello' } }],
      ...settings,
    }),
  );
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('the dashboard header, kiosk mode and shortcuts', () => {
  it('shows title, time controls and a refresh picker that reads its interval in one header', async () => {
    startSession(connectedSession('Editor'));
    serveCheckout();
    renderRoutes(appRoutes, '/d/abc/checkout');
    // The first test also waits for the lazy route's code.
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Time controls' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auto refresh: 30s' })).toHaveTextContent('30s');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // At the top level: Dashboards, then the title (Grafana's crumbs; no "General" between).
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboards']);
  });

  it("leads from a dashboard in a folder to the folder's page", async () => {
    startSession(connectedSession('Viewer'));
    serveDashboard(
      fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Checkout', version: 1, panels: [] }, { folderUid: 'ops', folderTitle: 'Ops' }),
    );
    renderRoutes(appRoutes, '/d/abc/checkout');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Ops' })).toHaveAttribute('href', '/dashboards/f/ops/');
  });

  it('honours the dashboard’s time picker settings: its refresh choices, and no time controls when hidden', async () => {
    startSession(connectedSession('Editor'));
    serveCheckout({ timepicker: { refresh_intervals: ['30s', '5m'] } });
    const { unmount } = renderRoutes(appRoutes, '/d/abc/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Auto refresh: 30s' }));
    const menu = await screen.findByRole('menu');
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(['Off', '30s', '5m']);
    unmount();

    serveCheckout({ timepicker: { hidden: true } });
    renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByRole('region', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Time controls' })).toBeNull();
  });

  it('in kiosk mode shows only the panels, and Esc leaves it', async () => {
    startSession(connectedSession('Editor'));
    serveCheckout();
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout?kiosk');
    expect(await screen.findByRole('region', { name: 'Notes' })).toBeInTheDocument();
    // The heading stays for assistive technology; the controls and the app's frame do not show.
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Time controls' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await screen.findByRole('group', { name: 'Time controls' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(search(router).has('kiosk')).toBe(false);
  });

  it('? opens the shortcuts, d k enters kiosk mode, v views the panel under the mouse, d s opens the settings', async () => {
    startSession(connectedSession('Editor'));
    serveCheckout();
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout');
    const notes = await screen.findByRole('region', { name: 'Notes' });

    fireEvent.keyDown(document.body, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.getByText('Dashboard settings')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: 'd' });
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(search(router).has('kiosk')).toBe(true));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(search(router).has('kiosk')).toBe(false));

    fireEvent.mouseOver(notes);
    fireEvent.keyDown(document.body, { key: 'v' });
    await waitFor(() => expect(search(router).get('viewPanel')).toBe('1'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(search(router).has('viewPanel')).toBe(false));

    fireEvent.keyDown(document.body, { key: 'd' });
    fireEvent.keyDown(document.body, { key: 's' });
    await waitFor(() => expect(search(router).get('editview')).toBe('settings'));
  });
});
