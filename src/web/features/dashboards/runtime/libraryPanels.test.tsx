import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryElementResponseSchema } from '../../../../contract/libraryElements';
import type { ErrorResponse } from '../../../../contract/errors';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { stubVisibleSizedElements } from '../../../test/browserStubs';
import { libraryElement } from '../../../test/libraryElements';
import { renderRoutes } from '../../../test/render';
import { answer, connectedSession, failWith, fixtures, serveDashboard, server } from '../../../test/server';
import { keepLibraryPanelReferences, libraryPanelChanged, resolveLibraryPanels } from './libraryPanels';

stubVisibleSizedElements(600, 300);

const reference = (id: number, uid: string, name: string, y = 0) => ({
  id,
  gridPos: { x: 0, y, w: 12, h: 4 },
  libraryPanel: { uid, name },
});

describe('library panels on a dashboard', () => {
  it('draw the element’s panel in the dashboard panel’s place', async () => {
    startSession(connectedSession('Viewer'));
    server.use(
      answer<typeof libraryElementResponseSchema>('get', '/api/library-elements/lp-notes', {
        result: libraryElement('lp-notes', 'Shared notes', {
          type: 'text',
          title: 'Shared notes',
          options: { content: 'From the library' },
        }),
      }),
    );
    serveDashboard(
      fixtures.storedDashboard({
        uid: 'abc',
        id: 7,
        title: 'Uses a library panel',
        version: 1,
        panels: [reference(3, 'lp-notes', 'Shared notes')],
      }),
    );
    renderRoutes(appRoutes, '/d/abc/uses');
    const panel = await screen.findByRole('region', { name: 'Shared notes' });
    expect(await within(panel).findByText('From the library')).toBeInTheDocument();
  });

  it('say so in the panel when the element does not exist', async () => {
    startSession(connectedSession('Viewer'));
    server.use(
      failWith('get', '/api/library-elements/lp-gone', 404, { message: 'library element could not be found' } satisfies ErrorResponse),
    );
    serveDashboard(
      fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Lost one', version: 1, panels: [reference(4, 'lp-gone', 'Gone panel')] }),
    );
    renderRoutes(appRoutes, '/d/abc/lost');
    const panel = await screen.findByRole('region', { name: 'Gone panel' });
    expect(await within(panel).findByText(/Library panel not found/)).toBeInTheDocument();
    expect(within(panel).getByText(/lp-gone/)).toBeInTheDocument();
  });
});

describe('resolveLibraryPanels', () => {
  it('takes everything from the element but the dashboard’s gridPos and id, in rows too', () => {
    const model = { type: 'stat', title: 'CPU', id: 99, gridPos: { x: 9, y: 9, w: 1, h: 1 }, options: { a: 1 } };
    const panels = [{ id: 1, type: 'row', collapsed: true, panels: [reference(2, 'lp', 'Old name', 3)] }];
    const resolved = resolveLibraryPanels(panels, () => ({ state: 'ready', name: 'CPU lib', model })) as Array<{ panels: unknown[] }>;
    expect(resolved[0]!.panels[0]).toEqual({
      type: 'stat',
      title: 'CPU',
      options: { a: 1 },
      id: 2,
      gridPos: { x: 0, y: 3, w: 12, h: 4 },
      libraryPanel: { uid: 'lp', name: 'CPU lib' },
    });
    const plain = [{ id: 5, type: 'text' }];
    expect(resolveLibraryPanels(plain, () => ({ state: 'missing' }))).toBe(plain);
  });
});

describe('saving library panels', () => {
  it('a dashboard keeps only the reference of each library panel, rows’ panels too', () => {
    const linked = { ...reference(3, 'lp-notes', 'Shared notes'), type: 'text', title: 'Notes', options: { content: 'x' } };
    const row = { id: 9, type: 'row', title: 'Row', gridPos: { x: 0, y: 5, w: 24, h: 1 }, panels: [{ ...linked, id: 4 }] };
    expect(keepLibraryPanelReferences([linked, row])).toEqual([
      { id: 3, gridPos: linked.gridPos, title: 'Notes', libraryPanel: { uid: 'lp-notes', name: 'Shared notes' } },
      { ...row, panels: [{ id: 4, gridPos: linked.gridPos, title: 'Notes', libraryPanel: { uid: 'lp-notes', name: 'Shared notes' } }] },
    ]);
  });

  it('a library panel is changed when its model differs from the element’s, whatever the key order, position or id', () => {
    const element = { type: 'text', title: 'Notes', options: { mode: 'markdown', content: 'x' }, libraryPanel: { uid: 'lp-notes' } };
    const panel = {
      ...reference(3, 'lp-notes', 'Shared notes'),
      options: { content: 'x', mode: 'markdown' },
      title: 'Notes',
      type: 'text',
    };
    expect(libraryPanelChanged(panel as never, element)).toBe(false);
    expect(libraryPanelChanged({ ...panel, title: 'Renamed' } as never, element)).toBe(true);
  });
});
