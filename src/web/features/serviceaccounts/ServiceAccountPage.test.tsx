import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CreateTokenRequest,
  CreateTokenResponse,
  serviceAccountSchema,
  serviceAccountTokenListSchema,
} from '../../../contract/serviceaccounts';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../test/server';
import { dateInputValue } from './MintTokenModal';
import { accountDto, tokenDto } from './testing';

const account = accountDto({ id: 7, name: 'ci-deploy', tokens: 4 });

function serveAccount(tokens = [tokenDto()]) {
  server.use(
    answer<typeof serviceAccountSchema>('get', '/api/serviceaccounts/7', account),
    answer<typeof serviceAccountTokenListSchema>('get', '/api/serviceaccounts/7/tokens', tokens),
  );
}

/** Answers every mint with a new key and keeps the bodies sent. */
function recordMints(): CreateTokenRequest[] {
  const bodies: CreateTokenRequest[] = [];
  server.use(
    http.post(`${API}/api/serviceaccounts/7/tokens`, async ({ request }) => {
      const body = (await request.json()) as CreateTokenRequest;
      bodies.push(body);
      const minted: CreateTokenResponse = { id: 100 + bodies.length, name: body.name, key: `glsa_secret_${bodies.length}` };
      return HttpResponse.json(minted);
    }),
  );
  return bodies;
}

async function openMintDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add token' }));
  return screen.findByRole('dialog', { name: 'Add service account token' });
}

// Notifications live in a store outside React; each test starts with none queued.
afterEach(() => notifications.clean());

describe('the service account page', () => {
  it('lists tokens with their expiry: never, a date, days left, expired', async () => {
    startSession(connectedSession());
    serveAccount([
      tokenDto({ id: 1, name: 'forever' }),
      tokenDto({ id: 2, name: 'monthly', secondsLeft: 30 * 86400, lastUsedAt: '2026-03-05T08:00:00.000Z' }),
      tokenDto({ id: 3, name: 'soon', secondsLeft: 3 * 86400 - 30 }),
      tokenDto({ id: 4, name: 'old', secondsLeft: -60 }),
    ]);
    renderRoutes(appRoutes, '/serviceaccounts/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'ci-deploy' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tokens of ci-deploy' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name} `) });
    expect(within(row('forever')).getAllByText('Never')).toHaveLength(2);
    expect(
      within(row('monthly')).getByText(new Date(Date.now() + 30 * 86400_000).toLocaleDateString(undefined, { dateStyle: 'medium' })),
    ).toBeInTheDocument();
    expect(within(row('monthly')).queryAllByText('Never')).toHaveLength(0);
    expect(within(row('soon')).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(row('old')).getByText('Expired')).toBeInTheDocument();
  });

  it('mints a token with the secondsToLive of each expiry choice', async () => {
    startSession(connectedSession());
    serveAccount();
    const bodies = recordMints();
    renderRoutes(appRoutes, '/serviceaccounts/7');
    const choices: Array<[string, number | undefined]> = [
      ['No expiration', undefined],
      ['1 day', 86400],
      ['7 days', 7 * 86400],
      ['30 days', 30 * 86400],
      ['90 days', 90 * 86400],
    ];
    for (const [label, seconds] of choices) {
      const dialog = await openMintDialog();
      await userEvent.click(within(dialog).getByRole('radio', { name: label }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }));
      await within(dialog).findByRole('button', { name: 'Copy and close' });
      expect(bodies.at(-1)?.secondsToLive).toBe(seconds);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(bodies.map((body) => body.name)).toEqual(bodies.map(() => expect.stringMatching(/^sa-ci-deploy-[0-9a-f]{6}$/)));
  });

  it('mints a token with a custom lifetime in seconds or minutes', async () => {
    startSession(connectedSession());
    serveAccount();
    const bodies = recordMints();
    renderRoutes(appRoutes, '/serviceaccounts/7');
    for (const [amount, unit, seconds] of [
      ['5', 'seconds', 5],
      ['2', 'minutes', 120],
    ] as const) {
      const dialog = await openMintDialog();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Custom lifetime' }));
      const lifetime = within(dialog).getByRole('textbox', { name: 'Lifetime' });
      await userEvent.clear(lifetime);
      await userEvent.type(lifetime, amount);
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), unit);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }));
      await within(dialog).findByRole('button', { name: 'Copy and close' });
      expect(bodies.at(-1)?.secondsToLive).toBe(seconds);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('mints a token that stops working at the start of a chosen date', async () => {
    startSession(connectedSession());
    serveAccount();
    const bodies = recordMints();
    renderRoutes(appRoutes, '/serviceaccounts/7');
    const dialog = await openMintDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Until a date' }));
    const date = dateInputValue(Date.now(), 10);
    const input = within(dialog).getByLabelText(/Expires on/);
    await userEvent.clear(input);
    await userEvent.type(input, date);
    const sentAt = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }));
    await within(dialog).findByRole('button', { name: 'Copy and close' });
    const [year, month, day] = date.split('-').map(Number);
    const expected = (new Date(year!, month! - 1, day!).getTime() - sentAt) / 1000;
    expect(bodies[0]!.secondsToLive).toBeGreaterThan(expected - 5);
    expect(bodies[0]!.secondsToLive).toBeLessThan(expected + 5);
  });

  it('refuses a custom lifetime that is not a whole number, without calling the server', async () => {
    startSession(connectedSession());
    serveAccount();
    const bodies = recordMints();
    renderRoutes(appRoutes, '/serviceaccounts/7');
    const dialog = await openMintDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Custom lifetime' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Lifetime' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }));
    expect(within(dialog).getByRole('textbox', { name: 'Lifetime' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a whole number, 1 or more'),
    );
    expect(bodies).toHaveLength(0);
  });

  it('shows the key once, copies it, and forgets it when the dialog closes', async () => {
    startSession(connectedSession());
    server.use(answer<typeof serviceAccountSchema>('get', '/api/serviceaccounts/7', account));
    // The token list is empty until the mint; then the server lists the new token.
    const bodies = recordMints();
    server.use(
      http.get(`${API}/api/serviceaccounts/7/tokens`, () =>
        HttpResponse.json(bodies.map((body, index) => tokenDto({ id: 101 + index, name: body.name }))),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/serviceaccounts/7');
    await user.click((await screen.findAllByRole('button', { name: 'Add token' }))[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Add service account token' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }));
    dialog = await screen.findByRole('dialog', { name: 'Token created' });
    expect(within(dialog).getByText('Copy the token now')).toBeInTheDocument();
    expect(within(dialog).getByText(/It will not be shown again/)).toBeInTheDocument();
    const key = within(dialog).getByRole('textbox', { name: 'Token' });
    expect(key).toHaveValue('glsa_secret_1');
    expect(key).toHaveAttribute('readonly');
    // The page's list shows the new token behind the dialog at once.
    const table = await screen.findByRole('table', { name: 'Tokens of ci-deploy', hidden: true });
    expect(within(table).getByText(bodies[0]!.name)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Copied to the clipboard')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('glsa_secret_1');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('glsa_secret_1')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add token' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Add service account token' });
    expect(within(dialog).queryByRole('textbox', { name: 'Token' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('glsa_secret_1')).not.toBeInTheDocument();
  });

  it('shows a taken token name next to the name field, in the server’s words', async () => {
    startSession(connectedSession());
    serveAccount();
    server.use(
      failWith('post', '/api/serviceaccounts/7/tokens', 409, {
        message: 'this service account already has a token named "dup"; choose another name',
        field: 'name',
      }),
    );
    renderRoutes(appRoutes, '/serviceaccounts/7');
    const dialog = await openMintDialog();
    const name = within(dialog).getByRole('textbox', { name: /Token name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'dup');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('already has a token named "dup"')));
  });

  it('revokes a token after a confirm that names it', async () => {
    startSession(connectedSession());
    serveAccount([tokenDto({ id: 5, name: 'deploy-bot' })]);
    let revoked = false;
    server.use(
      http.delete(`${API}/api/serviceaccounts/7/tokens/5`, () => {
        revoked = true;
        return HttpResponse.json({ message: 'Service account token deleted' });
      }),
    );
    renderRoutes(appRoutes, '/serviceaccounts/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token deploy-bot' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(confirm).toHaveTextContent('Revoke token deploy-bot of ci-deploy? Anything using it stops working at once.');
    server.use(answer<typeof serviceAccountTokenListSchema>('get', '/api/serviceaccounts/7/tokens', []));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(revoked).toBe(true);
    expect(await screen.findByText('No tokens')).toBeInTheDocument();
  });

  it('tells a non-Admin that it needs the Admin role, and asks the server nothing', async () => {
    startSession(connectedSession('Editor'));
    renderRoutes(appRoutes, '/serviceaccounts/7');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('says plainly when the account does not exist', async () => {
    startSession(connectedSession());
    server.use(
      failWith('get', '/api/serviceaccounts/99', 404, { message: 'service account not found' }),
      answer<typeof serviceAccountTokenListSchema>('get', '/api/serviceaccounts/99/tokens', []),
    );
    renderRoutes(appRoutes, '/serviceaccounts/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service account not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All service accounts' })).toBeInTheDocument();
  });
});
