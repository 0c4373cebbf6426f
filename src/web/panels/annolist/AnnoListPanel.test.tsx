import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../contract/annotations';
import { startSession } from '../../api/session';
import { renderRoutes } from '../../test/render';
import { API, connectedSession, server } from '../../test/server';
import AnnoListPanel from './AnnoListPanel';
import { annoListOptionsOf, annotationsRequest, offsetTime, plainText } from './annoListOptions';

const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };
const annotation = (id: number, extra: Partial<Annotation>): Annotation => ({
  id,
  dashboardId: 1,
  dashboardUID: 'here',
  panelId: 0,
  userId: 1,
  login: 'alice',
  email: 'alice@example.com',
  avatarUrl: '',
  time: range.from + 60_000,
  timeEnd: range.from + 60_000,
  text: 'Deployed',
  tags: [],
  created: range.from,
  updated: range.from,
  ...extra,
});

describe('annotation list panel', () => {
  it('asks for annotations as the options say', () => {
    const options = annoListOptionsOf({ onlyFromThisDashboard: true, onlyInTimeRange: true, tags: ['$env'], limit: 5 });
    expect(
      annotationsRequest(options, {
        dashboardUID: 'here',
        timeRange: range,
        extraTags: ['db'],
        replaceVariables: (t) => t.replace('$env', 'prod'),
      }),
    ).toBe(`/api/annotations?limit=5&type=annotation&dashboardUID=here&from=${range.from}&to=${range.to}&tags=prod&tags=db`);
    expect(annotationsRequest(annoListOptionsOf({}), { timeRange: range, extraTags: [] })).toBe(
      '/api/annotations?limit=10&type=annotation',
    );
    expect(offsetTime(600_000, '10m', true)).toBe(0);
    expect(offsetTime(0, '1h', false)).toBe(3_600_000);
    expect(plainText('<b>Deploy</b> &amp; <i>roll</i>')).toBe('Deploy & roll');
  });

  it('lists annotations with user, time and tags; a tag filters; choosing one opens its dashboard around its time', async () => {
    startSession(connectedSession('Viewer'));
    const asked: string[] = [];
    server.use(
      http.get(`${API}/api/annotations`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const all = [
          annotation(1, { text: '<b>Deployed</b> v2', tags: ['deploy'], panelId: 4 }),
          annotation(2, { text: 'Elsewhere', dashboardUID: 'other', tags: ['db'] }),
        ];
        return HttpResponse.json(params.getAll('tags').length ? all.filter((a) => a.tags.includes(params.get('tags')!)) : all);
      }),
      http.get(`${API}/api/search`, () =>
        HttpResponse.json([
          {
            id: 9,
            uid: 'other',
            title: 'Other',
            uri: '',
            url: '/d/other/other',
            slug: 'other',
            type: 'dash-db',
            tags: [],
            isStarred: false,
          },
        ]),
      ),
    );
    const { router } = renderRoutes(
      [
        {
          path: '/d/:uid/:slug?',
          element: (
            <AnnoListPanel
              panel={{ type: 'annolist', title: 'Changes', options: {} }}
              frames={[]}
              width={400}
              height={300}
              timeRange={range}
              timeZone="utc"
            />
          ),
        },
      ],
      '/d/here/home?from=now-1h&to=now',
    );
    const list = await screen.findByRole('list', { name: 'Changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('aliceDeployed v22023-11-14 22:14:20deploy');
    // A tag narrows the list.
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Show only annotations tagged db' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem')).toHaveLength(1));
    expect(asked.at(-1)).toBe('limit=10&type=annotation&tags=db');
    fireEvent.click(screen.getByRole('button', { name: 'Remove db tag' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem')).toHaveLength(2));
    // One of this dashboard: the time range moves to 10 minutes either side, and its panel opens.
    fireEvent.click(screen.getByRole('button', { name: /Deployed v2/ }));
    const time = range.from + 60_000;
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${time - 600_000}&to=${time + 600_000}&viewPanel=4`));
    // One of another dashboard: that dashboard opens at the annotation's time.
    fireEvent.click(screen.getByRole('button', { name: /Elsewhere/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/other/other'));
    expect(router.state.location.search).toBe(`?from=${time - 600_000}&to=${time + 600_000}`);
  });
});
