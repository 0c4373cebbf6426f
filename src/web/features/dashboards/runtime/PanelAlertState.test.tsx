import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { RuleStatesResponse } from '../../../../contract/alerting';
import { startSession } from '../../../api/session';
import { renderWithProviders } from '../../../test/render';
import { answer, connectedSession, server } from '../../../test/server';
import { PanelAlertState } from './PanelAlertState';

const rule = (uid: string, state: string, panelId: string, health = 'ok') => ({
  uid,
  name: `Rule ${uid}`,
  state,
  health,
  type: 'alerting',
  annotations: { __dashboardUid__: 'dash', __panelId__: panelId },
});

function renderPanels() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <section aria-label="Panel 1">
            <PanelAlertState dashboardUid="dash" panelId={1} />
          </section>
          <section aria-label="Panel 2">
            <PanelAlertState dashboardUid="dash" panelId={2} />
          </section>
          <section aria-label="Panel 3">
            <PanelAlertState dashboardUid="dash" panelId={3} />
          </section>
        </>
      ),
    },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
}

describe('a panel’s alert rule state', () => {
  it('names the worst state of the panel’s rules, links to the rule in that state, and shows nothing on a panel without rules', async () => {
    startSession(connectedSession('Viewer'));
    const states: RuleStatesResponse = {
      status: 'success',
      data: {
        groups: [
          {
            name: 'g',
            file: 'Ops',
            folderUid: 'ops',
            interval: 60,
            rules: [rule('a', 'inactive', '1'), rule('b', 'firing', '1'), rule('c', 'pending', '2')],
          },
        ],
      },
    };
    server.use(answer('get', '/api/prometheus/grafana/api/v1/rules', states));
    renderPanels();
    const firing = await screen.findByRole('link', { name: 'Alert rule Firing' });
    expect(firing.closest('section')).toHaveAccessibleName('Panel 1');
    expect(firing).toHaveAttribute('href', '/alerting/grafana/b/view');
    expect(screen.getByRole('link', { name: 'Alert rule Pending' })).toHaveAttribute('href', '/alerting/grafana/c/view');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
