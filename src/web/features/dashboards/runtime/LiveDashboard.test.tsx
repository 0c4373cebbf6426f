import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { stubIntersectionObserver } from '../../../test/browserStubs';
import { renderRoutes } from '../../../test/render';
import { userEvent } from '../../../test/user';
import { connectedSession, fixtures, serveDashboard } from '../../../test/server';

stubIntersectionObserver();
// CodeMirror (the inspector's JSON tab) measures text ranges; jsdom's Range has no layout.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const text = (id: number, title: string, y: number) => ({
  id,
  type: 'text',
  title,
  gridPos: { x: 0, y, w: 12, h: 4 },
  options: { content: title },
});

describe('repeated rows', () => {
  it('title each copy with its own value, as their panels are', async () => {
    startSession(connectedSession('Viewer'));
    serveDashboard(
      fixtures.storedDashboard({
        uid: 'abc',
        id: 7,
        title: 'Environments',
        version: 1,
        templating: {
          list: [
            {
              type: 'custom',
              name: 'env',
              query: 'prod,staging',
              multi: true,
              includeAll: true,
              current: { text: ['All'], value: ['$__all'] },
            },
          ],
        },
        panels: [
          { id: 10, type: 'row', title: 'Row $env', repeat: 'env', collapsed: false, gridPos: { x: 0, y: 0, w: 24, h: 1 } },
          text(11, 'Notes in $env', 1),
        ],
      }),
    );
    renderRoutes(appRoutes, '/d/abc/environments');
    // The first test also waits for the lazy route's code.
    expect(await screen.findByRole('heading', { level: 2, name: 'Row prod' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Row staging' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Row All' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notes in prod' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notes in staging' })).toBeInTheDocument();
  });
});

describe('panel ids in the URL', () => {
  const serveTwoPanels = () =>
    serveDashboard(
      fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Checkout', version: 1, panels: [text(1, 'First', 0), text(2, 'Second', 4)] }),
    );

  it.each(['2', 'panel-2'])('viewPanel=%s shows that panel alone', async (viewPanel) => {
    startSession(connectedSession('Viewer'));
    serveTwoPanels();
    renderRoutes(appRoutes, `/d/abc/checkout?viewPanel=${viewPanel}`);
    expect(await screen.findByRole('region', { name: 'Second' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'First' })).not.toBeInTheDocument();
  });

  it('inspect=panel-2 opens the inspector of that panel', async () => {
    startSession(connectedSession('Viewer'));
    serveTwoPanels();
    renderRoutes(appRoutes, '/d/abc/checkout?inspect=panel-2&inspectTab=json');
    const inspector = await screen.findByRole('dialog', { name: /Second/ });
    expect(within(inspector).getByRole('tab', { name: 'JSON' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("the inspector's panel JSON, read-only", () => {
  const serveNotes = (meta: { canEdit: boolean; canSave: boolean }) =>
    serveDashboard(fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Checkout', version: 1, panels: [text(2, 'Notes', 0)] }, meta));

  it('tells someone who may edit that the dashboard is in view mode, and takes them to edit mode', async () => {
    startSession(connectedSession('Admin'));
    serveNotes({ canEdit: true, canSave: true });
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout?inspect=2&inspectTab=json');
    const inspector = await screen.findByRole('dialog', { name: /Notes/ });
    expect(within(inspector).getByText(/The dashboard is in view mode\. Enter edit mode to apply changes/)).toBeInTheDocument();
    expect(within(inspector).queryByText(/permission/)).not.toBeInTheDocument();

    await userEvent.click(within(inspector).getByRole('button', { name: 'Edit dashboard' }));
    expect(new URLSearchParams(router.state.location.search).has('edit')).toBe(true);
    // The inspector stays open, now able to apply.
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('speaks of permission only to someone who lacks it', async () => {
    startSession(connectedSession('Viewer'));
    serveNotes({ canEdit: false, canSave: false });
    renderRoutes(appRoutes, '/d/abc/checkout?inspect=2&inspectTab=json');
    const inspector = await screen.findByRole('dialog', { name: /Notes/ });
    expect(within(inspector).getByText(/changing it needs permission to edit the dashboard/)).toBeInTheDocument();
    expect(within(inspector).queryByRole('button', { name: 'Edit dashboard' })).not.toBeInTheDocument();
  });
});

describe("a panel menu's Edit in view mode", () => {
  const serveNotes = (meta: { canEdit: boolean; canSave: boolean }) =>
    serveDashboard(fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Checkout', version: 1, panels: [text(2, 'Notes', 0)] }, meta));

  it('opens that panel in the panel editor, as Grafana does, for someone who may edit', async () => {
    startSession(connectedSession('Admin'));
    serveNotes({ canEdit: true, canSave: true });
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu for panel Notes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Edit(?! panel)/ }));
    expect(new URLSearchParams(router.state.location.search).get('editPanel')).toBe('2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit panel: Notes' })).toBeInTheDocument();
  });

  it('is not offered to someone who may not', async () => {
    startSession(connectedSession('Viewer'));
    serveNotes({ canEdit: false, canSave: false });
    renderRoutes(appRoutes, '/d/abc/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu for panel Notes' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: /^Edit(?! panel)/ })).not.toBeInTheDocument();
  });
});
