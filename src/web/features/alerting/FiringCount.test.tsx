import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { searchResultSchema } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, connectedSession, server } from '../../test/server';
import { serveRuleStates, stateGroup, stateRule } from './testing';

// These pages draw many Mantine parts at once; on a loaded 2-core machine a first page was seen to take 9 s.
configure({ asyncUtilTimeout: 30_000 });

// The list's folder picker asks for folders.
beforeEach(() => server.use(answer<typeof searchResultSchema>('get', '/api/search', [])));

describe('the Alerting section of the navigation', () => {
  it('lists the alerting pages and counts the firing alerts beside "Alerting"', async () => {
    startSession(connectedSession('Viewer'));
    const asked = serveRuleStates([
      stateGroup('Ops', 'cpu', [
        stateRule({ uid: 'a', name: 'A', state: 'firing', totals: { alerting: 2, normal: 4 } }),
        stateRule({ uid: 'b', name: 'B', state: 'firing', totals: { alerting: 1 } }),
      ]),
    ]);
    renderRoutes(appRoutes, '/alerting/list');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(await within(nav).findByRole('button', { name: 'Alerting 3 firing alerts' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Alert rules' })).toHaveAttribute('href', '/alerting/list');
    expect(within(nav).getByRole('link', { name: 'Silences' })).toHaveAttribute('href', '/alerting/silences');
    expect(asked.some((params) => params.getAll('state').join() === 'firing' && params.get('limit_alerts') === '0')).toBe(true);
  }, 120_000);

  it('shows no count when nothing fires', async () => {
    startSession(connectedSession('Viewer'));
    serveRuleStates([stateGroup('Ops', 'cpu', [stateRule({ uid: 'a', name: 'A', totals: { normal: 1 } })])]);
    renderRoutes(appRoutes, '/alerting/list');
    await screen.findByRole('button', { name: 'Normal: 1' });
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('button', { name: 'Alerting' })).toBeInTheDocument();
    expect(within(nav).queryByText(/firing/)).not.toBeInTheDocument();
  }, 120_000);
});
