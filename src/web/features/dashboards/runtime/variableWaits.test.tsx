import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { renderRoutes } from '../../../test/render';
import { API, answer, connectedSession, fixtures, server } from '../../../test/server';
import { LiveDashboard } from './LiveDashboard';
import { stubVisibleSizedElements } from '../../../test/browserStubs';

// Every panel is on screen and 400 × 200 px, so it draws and asks for its data at once.
stubVisibleSizedElements(400, 200);

const prometheus = { uid: 'prom', type: 'prometheus' };
const model = {
  uid: 'abc',
  title: 'Jobs',
  templating: { list: [{ type: 'query', name: 'job', datasource: prometheus, query: 'label_values(job)', refresh: 1 }] },
  panels: [
    {
      id: 1,
      type: 'timeseries',
      title: 'Per job',
      datasource: prometheus,
      gridPos: { x: 0, y: 0, w: 12, h: 8 },
      targets: [{ refId: 'A', expr: 'up{job="$job"}' }],
    },
    {
      id: 2,
      type: 'timeseries',
      title: 'Everything',
      datasource: prometheus,
      gridPos: { x: 12, y: 0, w: 12, h: 8 },
      targets: [{ refId: 'A', expr: 'up' }],
    },
  ],
};

/** Serves the data sources and records the expression of every panel query, in order. */
function recordPanelQueries(): string[] {
  const asked: string[] = [];
  server.use(
    answer('get', '/api/datasources', [fixtures.dataSource()]),
    answer('get', '/api/annotations', []),
    http.post(`${API}/api/ds/query`, async ({ request }) => {
      const body = (await request.json()) as { queries: Array<{ expr: string }> };
      asked.push(...body.queries.map((query) => query.expr));
      return HttpResponse.json({ results: { A: { status: 200, frames: [] } } });
    }),
  );
  return asked;
}

const renderDashboard = () =>
  renderRoutes(
    [{ path: '/d/:uid', element: <LiveDashboard model={model} uid="abc" canEdit={false} canAnnotate={false} onModelChange={() => {}} /> }],
    '/d/abc',
  );

describe('panels and the variables they wait for', () => {
  it('a panel that does not use a variable still loading asks at once; one that uses it waits', async () => {
    startSession(connectedSession('Viewer'));
    const asked = recordPanelQueries();
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom/api/v1/label/job/values`, async () => {
        await delay('infinite');
        return HttpResponse.json({ status: 'success', data: [] });
      }),
    );
    renderDashboard();
    await waitFor(() => expect(asked).toEqual(['up']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual(['up']);
  });

  it('a variable query refused with a 4xx is asked once, and its panels go ahead without waiting for retries', async () => {
    startSession(connectedSession('Viewer'));
    const asked = recordPanelQueries();
    let variableAsked = 0;
    let refusedAt = 0;
    server.use(
      http.get(`${API}/api/datasources/proxy/uid/prom/api/v1/label/job/values`, () => {
        variableAsked += 1;
        refusedAt = Date.now();
        return HttpResponse.json({ status: 'error', errorType: 'bad_data', error: 'no such label' }, { status: 400 });
      }),
    );
    renderDashboard();
    await waitFor(() => expect(asked).toHaveLength(2));
    // A retry would wait a second first, then two.
    expect(Date.now() - refusedAt).toBeLessThan(900);
    expect(asked).toContain('up');
    expect(variableAsked).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(variableAsked).toBe(1);
  });
});
