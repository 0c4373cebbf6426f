import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../api/session';
import { renderWithProviders } from '../../test/render';
import { API, connectedSession, server } from '../../test/server';
import { StarToggle } from './StarToggle';

function serveStars(initial: string[], options: { failWith?: string } = {}) {
  let stars = initial;
  const calls: string[] = [];
  server.use(
    http.get(`${API}/api/user/stars`, () => HttpResponse.json(stars)),
    http.post(`${API}/api/user/stars/dashboard/uid/:uid`, ({ params }) => {
      calls.push(`POST ${params.uid}`);
      if (options.failWith) return HttpResponse.json({ message: options.failWith }, { status: 403 });
      stars = [...stars, String(params.uid)];
      return HttpResponse.json({ message: 'Dashboard starred!' });
    }),
    http.delete(`${API}/api/user/stars/dashboard/uid/:uid`, ({ params }) => {
      calls.push(`DELETE ${params.uid}`);
      stars = stars.filter((s) => s !== params.uid);
      return HttpResponse.json({ message: 'Dashboard unstarred' });
    }),
  );
  return calls;
}

describe('StarToggle', () => {
  it('marks and unmarks a dashboard as a favorite, saying which in its name and pressed state', async () => {
    startSession(connectedSession());
    const calls = serveStars(['other']);
    renderWithProviders(<StarToggle uid="web" title="Web" />);
    const star = await screen.findByRole('button', { name: 'Mark as favorite' });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    const starred = await screen.findByRole('button', { name: 'Unmark as favorite' });
    expect(starred).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(starred);
    expect(await screen.findByRole('button', { name: 'Mark as favorite' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['POST web', 'DELETE web']);
  });

  it('puts the star back and says why when the server refuses', async () => {
    startSession(connectedSession());
    serveStars([], { failWith: "You'll need additional permissions to perform this action. Permissions needed: dashboards:read" });
    renderWithProviders(<StarToggle uid="web" />);
    const star = await screen.findByRole('button', { name: 'Mark as favorite' });
    await waitFor(() => expect(star).toBeEnabled());
    await userEvent.click(star);
    expect(await screen.findByRole('alert')).toHaveTextContent('Permissions needed: dashboards:read');
    expect(screen.getByRole('button', { name: 'Mark as favorite' })).toHaveAttribute('aria-pressed', 'false');
  });
});
