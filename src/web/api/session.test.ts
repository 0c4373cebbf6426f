import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../test/server';
import { createSessionStore, parseSession, type Session, type TabChannel } from './session';

const token: Session = { kind: 'token', serverUrl: '', token: 'glsa_test', orgId: 1, orgName: 'Main Org.', role: 'Admin', login: 'sa-ci' };
const cookie: Session = { kind: 'cookie', serverUrl: '', orgId: 1, orgName: 'Main Org.', role: 'Editor', login: 'alice' };

describe('parseSession', () => {
  it('reads a stored session, and one stored before sign-in existed as a token session', () => {
    expect(parseSession(token)).toEqual(token);
    expect(parseSession(cookie)).toEqual(cookie);
    const { kind: _kind, ...stored } = token;
    expect(parseSession({ ...stored, addedLater: true })).toEqual(token);
  });

  it('refuses anything a session cannot start from', () => {
    for (const broken of [
      null,
      'glsa_test',
      { ...token, token: '' },
      { ...token, role: 'Owner' },
      { ...token, orgId: '1' },
      { ...token, login: undefined },
      { ...token, serverUrl: null },
      { ...token, kind: 'magic' },
      // A cookie only works with the server that served the page.
      { ...cookie, serverUrl: 'http://elsewhere.test' },
    ]) {
      expect(parseSession(broken)).toBeNull();
    }
  });
});

/** Two browser tabs of one origin: a storage each, one channel name between them. */
const opened: BroadcastChannel[] = [];
let channels = 0;
function tabs(askForMs = 10_000) {
  const name = `sightline.session.test.${++channels}`;
  const tab = (stored: Session | null = null) => {
    const storage = new Map<string, string>(stored ? [['sightline.session', JSON.stringify(stored)]] : []);
    const channel = new BroadcastChannel(name);
    opened.push(channel);
    const store = createSessionStore(
      {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
      channel as unknown as TabChannel,
      { askForMs },
    );
    return { store, storage };
  };
  return tab;
}

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('tabs share the sign-in', () => {
  it('a new tab takes an open tab’s session instead of asking the person or the cookie', async () => {
    const tab = tabs();
    const open = tab(cookie);
    const fresh = tab();
    const probe = vi.fn(async () => null);
    expect(fresh.store.getLookup()).toBe('pending');
    fresh.store.findSession(probe);
    expect(fresh.store.getLookup()).toBe('finding');
    await vi.waitFor(() => expect(fresh.store.getSession()).toEqual(cookie));
    expect(fresh.store.getLookup()).toBe('done');
    expect(probe).not.toHaveBeenCalled();
    expect(JSON.parse(fresh.storage.get('sightline.session')!)).toEqual(cookie);
    expect(open.store.getSession()).toEqual(cookie);
  });

  it('probes the cookie only when no tab answers, and then knows there is no session', async () => {
    const tab = tabs(50);
    tab(); // an open tab without a session keeps quiet
    const fresh = tab();
    const probe = vi.fn(async () => null);
    fresh.store.findSession(probe);
    await vi.waitFor(() => expect(fresh.store.getLookup()).toBe('done'));
    expect(probe).toHaveBeenCalledTimes(1);
    expect(fresh.store.getSession()).toBeNull();
    fresh.store.findSession(probe);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('starts the session the cookie still opens', async () => {
    const fresh = tabs(50)();
    fresh.store.findSession(async () => cookie);
    await vi.waitFor(() => expect(fresh.store.getSession()).toEqual(cookie));
  });

  it('signing out in one tab signs every tab out, and ends the cookie’s session on the server', async () => {
    const loggedOut: string[] = [];
    server.use(
      http.post(`${API}/logout`, ({ request }) => {
        loggedOut.push(request.method);
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const tab = tabs();
    const first = tab(cookie);
    const second = tab(cookie);
    const third = tab();
    third.store.findSession(async () => null);
    await vi.waitFor(() => expect(third.store.getSession()).toEqual(cookie));

    await first.store.signOut();
    expect(loggedOut).toEqual(['POST']);
    expect(first.store.getSession()).toBeNull();
    expect(first.store.lastEndReason()).toBeNull();
    await vi.waitFor(() => {
      expect(second.store.getSession()).toBeNull();
      expect(third.store.getSession()).toBeNull();
    });
    expect(second.store.lastEndReason()).toBe('You signed out in another tab.');
    expect(second.storage.size).toBe(0);
    expect(third.storage.size).toBe(0);
  });

  it('a token session signs out without calling the server', async () => {
    // Any request here would fail the test (unhandled by the mock server).
    const only = tabs()(token);
    await only.store.signOut();
    expect(only.store.getSession()).toBeNull();
  });

  it('ignores an answer that is not a whole session', async () => {
    const tab = tabs(200);
    const liar = new BroadcastChannel(`sightline.session.test.${channels}`);
    opened.push(liar);
    liar.onmessage = () => liar.postMessage({ type: 'session', session: { kind: 'token', token: '' } });
    const fresh = tab();
    fresh.store.findSession(async () => null);
    await vi.waitFor(() => expect(fresh.store.getLookup()).toBe('done'));
    expect(fresh.store.getSession()).toBeNull();
  });

  it('never asks again once a session ended: a refused credential is not fetched back from another tab', async () => {
    const tab = tabs();
    tab(token);
    const refused = tab(token);
    refused.store.endSession('Invalid API key: this token has been revoked');
    const probe = vi.fn(async () => null);
    refused.store.findSession(probe);
    expect(refused.store.getLookup()).toBe('done');
    expect(refused.store.getSession()).toBeNull();
    expect(probe).not.toHaveBeenCalled();
  });
});
