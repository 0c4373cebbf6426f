import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CreateServiceAccountRequest,
  SearchServiceAccountsResponse,
  serviceAccountSchema,
  serviceAccountTokenListSchema,
  ServiceAccount,
} from '../../../contract/serviceaccounts';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../test/server';
import { accountDto } from './testing';

// Notifications live in a store outside React; each test starts with none queued.
afterEach(() => notifications.clean());

/** Answers searches from `accounts` as the server pages them, and keeps each query string asked. */
function serveSearch(accounts: ServiceAccount[]): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/api/serviceaccounts/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const perPage = Number(params.get('perpage'));
      const page = Number(params.get('page'));
      const body: SearchServiceAccountsResponse = {
        totalCount: accounts.length,
        serviceAccounts: accounts.slice((page - 1) * perPage, page * perPage),
        page,
        perPage,
      };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

const many = Array.from({ length: 45 }, (_, i) =>
  accountDto({ id: 100 + i, name: `bot-${String(i + 1).padStart(2, '0')}`, tokens: i % 3 }),
);

describe('the service accounts list', () => {
  it('keeps search, filter, page and page size in the URL and sends them to the server', async () => {
    startSession(connectedSession());
    const asked = serveSearch(many);
    const { router } = renderRoutes(appRoutes, '/serviceaccounts?query=bot&filter=disabled&page=2&perpage=10');
    expect(await screen.findByRole('link', { name: 'bot-11' })).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ query: 'bot', disabled: 'true', page: '2', perpage: '10' });
    expect(screen.getByLabelText('Search by name')).toHaveValue('bot');
    expect(screen.getByRole('radio', { name: 'Disabled' })).toBeChecked();
    expect(screen.getByTestId('service-account-count')).toHaveTextContent('11–20 of 45 service accounts');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'bot-21' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?query=bot&filter=disabled&page=3&perpage=10');

    await userEvent.click(screen.getByRole('radio', { name: 'With expiring tokens' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=bot&filter=expiring&perpage=10'));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1)!)).toEqual({ query: 'bot', expiringTokens: 'true', page: '1', perpage: '10' }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() => expect(router.state.location.search).toBe('?query=bot&filter=expiring&perpage=50'));
    expect(await screen.findByRole('link', { name: 'bot-45' })).toBeInTheDocument();
  });

  it('asks before deleting, naming how many tokens go with the account', async () => {
    startSession(connectedSession());
    const target = accountDto({ id: 9, name: 'grafana-agent', tokens: 3 });
    serveSearch([target]);
    let deleted = false;
    server.use(
      http.delete(`${API}/api/serviceaccounts/9`, () => {
        deleted = true;
        return HttpResponse.json({ message: 'Service account deleted' });
      }),
    );
    renderRoutes(appRoutes, '/serviceaccounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete service account grafana-agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete service account' });
    expect(confirm).toHaveTextContent('Delete service account grafana-agent and its 3 tokens? Anything using them stops working.');
    serveSearch([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete service account' }));
    expect(await screen.findByText('Service account deleted')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText('No service accounts yet')).toBeInTheDocument();
  });

  it('asks before disabling, saying its tokens will be refused', async () => {
    startSession(connectedSession());
    serveSearch([accountDto({ id: 9, name: 'grafana-agent', tokens: 1 })]);
    const patches: unknown[] = [];
    server.use(
      http.patch(`${API}/api/serviceaccounts/9`, async ({ request }) => {
        patches.push(await request.json());
        const updated = accountDto({ id: 9, name: 'grafana-agent', tokens: 1, isDisabled: true });
        return HttpResponse.json({ id: 9, name: updated.name, message: 'Service account updated', serviceaccount: updated });
      }),
    );
    renderRoutes(appRoutes, '/serviceaccounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable grafana-agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable service account' });
    expect(confirm).toHaveTextContent('Its 1 token is refused until you enable it again');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable service account' }));
    expect(await screen.findByText('Service account disabled')).toBeInTheDocument();
    expect(patches).toEqual([{ isDisabled: true }]);
  });

  it('changes a role in place, and shows a refusal next to the role in the server’s words', async () => {
    startSession(connectedSession());
    serveSearch([accountDto({ id: 9, name: 'grafana-agent', role: 'Viewer' })]);
    server.use(
      failWith('patch', '/api/serviceaccounts/9', 403, {
        message: 'You cannot give a service account the role Admin: it is above your own role (Editor)',
      }),
    );
    renderRoutes(appRoutes, '/serviceaccounts');
    const role = await screen.findByRole('combobox', { name: 'Role of grafana-agent' });
    await userEvent.selectOptions(role, 'Admin');
    await waitFor(() => expect(role).toHaveAccessibleDescription(expect.stringContaining('it is above your own role (Editor)')));
    expect(role).toHaveValue('Viewer');
  });

  it('creates an account with name, role and disabled switch, then opens its page', async () => {
    startSession(connectedSession());
    serveSearch([]);
    const bodies: CreateServiceAccountRequest[] = [];
    const created = accountDto({ id: 12, name: 'exporter', role: 'Editor', isDisabled: true });
    server.use(
      http.post(`${API}/api/serviceaccounts`, async ({ request }) => {
        bodies.push((await request.json()) as CreateServiceAccountRequest);
        return HttpResponse.json(created, { status: 201 });
      }),
      answer<typeof serviceAccountSchema>('get', '/api/serviceaccounts/12', created),
      answer<typeof serviceAccountTokenListSchema>('get', '/api/serviceaccounts/12/tokens', []),
    );
    const { router } = renderRoutes(appRoutes, '/serviceaccounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Add service account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: /Display name/ })).toHaveAccessibleDescription(
      expect.stringContaining('Name cannot be empty'),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Display name/ }), 'exporter');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'Editor');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Disabled/ }));
    // Watched from the click on: the notification closes by itself after 4 s, which a busy
    // machine can spend loading the account's page.
    const notified = screen.findByText('Service account created');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await notified;
    expect(await screen.findByRole('heading', { level: 1, name: 'exporter' })).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'exporter', role: 'Editor', isDisabled: true }]);
    expect(router.state.location.pathname).toBe('/serviceaccounts/12');
  });

  it('offers the four roles, None included', async () => {
    startSession(connectedSession());
    serveSearch([accountDto({ id: 9, name: 'grafana-agent' })]);
    renderRoutes(appRoutes, '/serviceaccounts');
    const role = await screen.findByRole('combobox', { name: 'Role of grafana-agent' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Viewer', 'Editor', 'Admin']);
  });

  it('tells a non-Admin that it needs the Admin role, with no actions', async () => {
    startSession(connectedSession('Viewer'));
    renderRoutes(appRoutes, '/serviceaccounts');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add service account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
