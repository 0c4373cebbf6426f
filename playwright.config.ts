import { defineConfig } from '@playwright/test';

/** Browser tests on Debian's Chromium against the real server (started by e2e/global-setup.ts). */
// One output folder per run (workers inherit the variable), so runs at the same time never
// delete each other's traces.
process.env.SIGHTLINE_PW_RUN ??= `${Date.now()}-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/run-${process.env.SIGHTLINE_PW_RUN}`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two browsers at once: much of a journey waits on the server. Tests share one server, so each
  // names what it creates uniquely and looks only at its own rows.
  workers: 2,
  retries: 0,
  // Whole user journeys run in one test; on a loaded 2-core machine (load 20 was seen) they need
  // the room. A passing test never waits for these limits.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }]],
  use: {
    // No transitions: axe measures colours as they settle, not halfway through a fade-in.
    reducedMotion: 'reduce',
    // A failed test leaves its screenshot and the page's accessibility tree (error-context.md). Its
    // trace of DOM snapshots only with SIGHTLINE_E2E_TRACE=1: recording one for every test (and
    // throwing it away when it passes) cost 8% of Chromium's CPU and 10% of the time, and CI keeps
    // no files. The screencast stays off: encoding its frames was 45% of the browser tests' CPU.
    trace: process.env.SIGHTLINE_E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium in its headless shell (package chromium-headless-shell), as Playwright
      // itself runs headless Chromium: the same engine without the desktop browser's machinery,
      // it costs half the CPU per page load on two cores.
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // V8 compiles and collects on background threads by default. For pages that live seconds,
        // that work was a sixth of Chromium's CPU and bought nothing: on the service accounts spec,
        // 68.9 -> 60.2 CPU-s with the same wall time. The page's own thread does it instead.
        '--js-flags=--single-threaded',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
