import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { endSession } from '../api/session';
// Providers loads the notification stack and the dialog host beside the first page (app/Overlays).
// In the app it has long loaded when a person acts; here a test acts at once, so load it first.
import '../app/Overlays';
import { ensurePortalRoot } from '../app/theme';
import { installFastLabels } from './fastLabels';
import { server } from './server';

// The `web` project runs its files one after another in one jsdom and one module graph per worker
// (`isolate: false`, see vite.config.ts): jsdom, React and Mantine load once per worker instead of
// once per file. This file runs again before each test file, so everything it sets is set anew,
// and after each file it leaves the document, the storages and the clock as a new jsdom has them.
// Files that replace modules with `vi.mock` run in the isolated `web-isolated` project instead.

// A busy CI machine (2 shared cores, other jobs beside) renders slowly: `findBy…` waits for a
// state for up to 30 s instead of 1 s (a clean clone's run beside three other jobs took 10.5 s
// to open the panel editor once). A passing test never waits that long; tests may take 60 s.
configure({ asyncUtilTimeout: 30_000 });

// jsdom's own `labels` is quadratic in the page (see fastLabels.ts).
installFastLabels();

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosize textarea listens for web fonts loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});

beforeAll(() => {
  // Every file starts as a tab whose session is known to be none: a guarded page goes straight to
  // /login. Tests of a new tab (asking the other tabs, then the cookie) call `resetLookup()`.
  endSession();
  // The app adds it when its theme module is first imported; the previous file's clean-up removed it.
  ensurePortalRoot();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  endSession();
  // Notifications live outside the rendered tree; one test's must not show in the next.
  notifications.clean();
});
afterAll(() => {
  server.close();
  vi.useRealTimers();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
