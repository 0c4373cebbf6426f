/**
 * Issue 29's panel editor rows, over the live bench's Prometheus and 30-panel dashboard: the time
 * from choosing "Edit" in a panel's menu on the dashboard until the editor's heading and its PromQL
 * editor are painted (the editor's lazy chunks loaded on the way), the same for a fresh context
 * navigating to `?editPanel=<id>` (the whole app starting cold, reported beside it), then the
 * frames while typing a PromQL expression into CodeMirror and a title into the options pane (each
 * keystroke is one edit of the dashboard's state), and whether the editor's code stays out of the
 * initial JS.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { LiveSetup } from './liveDashboard';
import type { ServerProcess } from './processes';
import type { Budget } from './report';
import { median, percentile } from './stats';
import { settledPage, type BundleReport, type Session } from './ui';

/** The panel the editor opens: the dashboard's first graph. */
const PANEL_ID = 1;
/** 40 characters of PromQL, typed into query A. */
export const PROMQL = 'avg by (series) (rate(bench_value[10m]))';
/** 40 characters of title. */
export const TITLE = 'Request rate by series, averaged per 10m';
/** Between keystrokes: a fast typist's pace, so each key lands in its own frames. */
const KEY_DELAY_MS = 50;
/** Issue 29's goals. */
export const OPEN_GOAL_MS = 500;
export const FRAME_GOAL_MS = 16;

export interface TypingRow {
  field: string;
  keys: number;
  /** Frame durations while typing, ms: intervals between animation frames, over every run. */
  frames: { count: number; p50: number; p95: number; max: number; over: number };
  /** Key events whose handling and next paint took a frame or more (Event Timing), and the longest, ms. */
  slowEvents: number;
  longestEvent: number;
  /**
   * Renderer CPU time per keystroke, ms (median over runs): what the page spent on each key,
   * unlike the frame times, hardly changed by other programs competing for the cores.
   */
  cpuPerKey: number;
}

export interface EditorBench {
  /** The click on the panel menu's "Edit" to the frame that paints the editor's heading and query editor, ms, per run. */
  open: { runs: number[]; median: number };
  /** Navigation start (fresh context, `?editPanel=`) to that frame, ms, per run. */
  openByUrl: { runs: number[]; median: number };
  /** The click on "Edit" to the frame that paints the options pane (drawn after the editor's first paint), ms, per run. */
  optionsOpen: { runs: number[]; median: number };
  typing: TypingRow[];
  /** The editor module's lazy chunk (gzipped JS, beyond the initial files), when the build was measured. */
  lazyChunk?: { source: string; js: number; files: number };
}

declare global {
  interface Window {
    __sightlineEditorBench?: { start?: number; dom?: number; paint?: number; optionsDom?: number; optionsPaint?: number };
    __sightlineFrames?: { frames: number[]; events: Array<{ name: string; duration: number }>; stop: boolean; cpuMs?: number };
  }
}

/**
 * Before the page's scripts: the session the connect page would store, a note of when the panel
 * menu's "Edit" is clicked, and a watch for the editor.
 */
function openScript(session: Session): string {
  return `(() => {
  if (location.protocol === 'about:') return;
  window.sessionStorage.setItem('sightline.session', ${JSON.stringify(JSON.stringify(session))});
  const state = {};
  window.__sightlineEditorBench = state;
  document.addEventListener('click', (event) => {
    const item = event.target instanceof Element && event.target.closest('[role="menuitem"]');
    if (item && item.textContent.trim().startsWith('Edit')) state.start = performance.now();
  }, true);
  const visible = (el) => { if (!el) return false; const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; };
  const observer = new MutationObserver(() => {
    if (state.paint === undefined && state.dom === undefined) {
      const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent.startsWith('Edit panel'));
      const editor = document.querySelector('main .cm-editor .cm-content');
      if (visible(heading) && visible(editor)) {
        state.dom = performance.now();
        requestAnimationFrame(() => { state.paint = performance.now(); });
      }
    }
    // The options pane draws after the editor's first paint: when its Title field shows.
    if (state.optionsDom === undefined && visible(document.querySelector('aside[aria-label="Panel options"] input[type="text"]'))) {
      state.optionsDom = performance.now();
      requestAnimationFrame(() => { state.optionsPaint = performance.now(); });
    }
    if (state.dom !== undefined && state.optionsDom !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
}

/** Starts recording frame intervals (requestAnimationFrame) and slow key events (Event Timing) in the page. */
const START_RECORDING = `(() => {
  const record = { frames: [], events: [], stop: false };
  window.__sightlineFrames = record;
  let last = performance.now();
  const tick = (now) => {
    record.frames.push(now - last);
    last = now;
    if (!record.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!record.stop) record.events.push({ name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
})()`;

/** CPU seconds used so far by the browser's renderer processes (the page's main thread, its compositor, workers). */
async function rendererCpu(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  } finally {
    await cdp.detach();
  }
}

async function typeAndRecord(browser: Browser, page: Page, field: ReturnType<Page['locator']>, text: string, profile?: string) {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Let the emptied field settle (and the preview's re-run, if any) before recording.
  await page.waitForTimeout(1000);
  const cdp = profile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.evaluate(START_RECORDING);
  const cpuBefore = await rendererCpu(browser);
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  // Two more frames: the last key's paint.
  await page.waitForFunction('window.__sightlineFrames.frames.length > 0', undefined, { polling: 'raf' });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  const record = (await page.evaluate('(() => { const r = window.__sightlineFrames; r.stop = true; return r; })()')) as NonNullable<
    Window['__sightlineFrames']
  >;
  record.cpuMs = ((await rendererCpu(browser)) - cpuBefore) * 1000;
  if (cdp && profile) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(cpu));
  }
  return record;
}

function typingRow(field: string, keys: number, records: Array<NonNullable<Window['__sightlineFrames']>>): TypingRow {
  const frames = records.flatMap((r) => r.frames).sort((a, b) => a - b);
  const keyEvents = records.flatMap((r) => r.events).filter((e) => /^key|^input|^beforeinput/.test(e.name));
  return {
    field,
    keys,
    // A 60 Hz frame is 16.7 ms; one that took longer than that dropped a frame.
    frames: {
      count: frames.length,
      p50: percentile(frames, 50),
      p95: percentile(frames, 95),
      max: frames[frames.length - 1] ?? NaN,
      over: frames.filter((f) => f > 17.5).length,
    },
    slowEvents: keyEvents.length,
    longestEvent: Math.max(0, ...keyEvents.map((e) => e.duration)),
    cpuPerKey: median(records.map((r) => (r.cpuMs ?? NaN) / keys)),
  };
}

/**
 * Opens the editor on the live dashboard's first panel in a fresh context `runs` times after one
 * untimed warm-up; in each timed run types the PromQL and then the title. With
 * SIGHTLINE_BENCH_PROFILE=<dir>, the last run's typing is also saved as Chrome CPU profiles there.
 */
export async function measurePanelEditor(
  browser: Browser,
  session: Session,
  runs: number,
  server: ServerProcess,
  live: LiveSetup,
  log: (line: string) => void,
): Promise<EditorBench> {
  const opened: number[] = [];
  const openedByUrl: number[] = [];
  const optionsOpened: number[] = [];
  const promql: Array<NonNullable<Window['__sightlineFrames']>> = [];
  const title: Array<NonNullable<Window['__sightlineFrames']>> = [];
  const profileDir = process.env.SIGHTLINE_BENCH_PROFILE;
  const editorPainted = async (page: Page) => {
    const painted = 'window.__sightlineEditorBench.paint !== undefined && window.__sightlineEditorBench.optionsPaint !== undefined';
    await page.waitForFunction(`window.__sightlineEditorBench && ${painted}`, undefined, {
      timeout: 30_000,
      polling: 50,
    });
    return (await page.evaluate('window.__sightlineEditorBench')) as NonNullable<Window['__sightlineEditorBench']>;
  };
  for (let run = -1; run < runs; run++) {
    // From the dashboard, as a person opens it: its panels drawn, "Edit", then the first panel's menu, "Edit".
    const fromDashboard = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    try {
      await fromDashboard.addInitScript({ content: openScript(session) });
      const page = await settledPage(browser, fromDashboard);
      await page.goto(`${server.url}${live.dashboardUrl}`, { waitUntil: 'commit' });
      await page.locator(`section[data-panel-id="${PANEL_ID}"][data-panel-state="done"]`).waitFor({ timeout: 30_000 });
      // The panel menu offers "Edit" in edit mode, as Grafana's.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Exit edit', exact: true }).waitFor();
      await page.getByRole('button', { name: `Menu for panel timeseries ${PANEL_ID}`, exact: true }).click();
      await page.getByRole('menuitem', { name: /^Edit( e)?$/ }).click();
      const state = await editorPainted(page);
      if (run >= 0) opened.push(state.paint! - state.start!);
      if (run >= 0) optionsOpened.push(state.optionsPaint! - state.start!);
    } finally {
      await fromDashboard.close();
    }
    // By its address in a fresh context: the app starts cold on the editor; then the typing rows.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    try {
      await context.addInitScript({ content: openScript(session) });
      const page = await settledPage(browser, context);
      await page.goto(`${server.url}${live.dashboardUrl}?editPanel=${PANEL_ID}`, { waitUntil: 'commit' });
      const state = await editorPainted(page);
      if (run < 0) continue;
      openedByUrl.push(state.paint!);
      const last = run === runs - 1 && profileDir;
      // The preview has drawn its first answer before typing starts, as a person would see it.
      await page.locator('[data-testid="panel-preview"] section[data-panel-state="done"]').waitFor({ timeout: 30_000 });
      const query = page.getByRole('textbox', { name: 'PromQL query A' });
      promql.push(await typeAndRecord(browser, page, query, PROMQL, last ? path.join(profileDir, 'promql.cpuprofile') : undefined));
      const typed = await query.textContent();
      if (typed !== PROMQL) log(`  panel editor: the PromQL editor holds "${typed}" after typing "${PROMQL}"`);
      const titleField = page.getByRole('complementary', { name: 'Panel options' }).getByRole('textbox', { name: 'Title', exact: true });
      title.push(await typeAndRecord(browser, page, titleField, TITLE, last ? path.join(profileDir, 'title.cpuprofile') : undefined));
    } finally {
      await context.close();
    }
  }
  const bench: EditorBench = {
    open: { runs: opened, median: median(opened) },
    openByUrl: { runs: openedByUrl, median: median(openedByUrl) },
    optionsOpen: { runs: optionsOpened, median: median(optionsOpened) },
    typing: [typingRow('PromQL (CodeMirror)', PROMQL.length, promql), typingRow('Panel title (options pane)', TITLE.length, title)],
  };
  log(`  panel editor open from the dashboard: ${bench.open.median.toFixed(0)} ms (${opened.map((t) => t.toFixed(0)).join(', ')})`);
  log(
    `  panel editor's options pane drawn: ${bench.optionsOpen.median.toFixed(0)} ms (${optionsOpened.map((t) => t.toFixed(0)).join(', ')})`,
  );
  log(`  panel editor open by its URL, cold: ${bench.openByUrl.median.toFixed(0)} ms (${openedByUrl.map((t) => t.toFixed(0)).join(', ')})`);
  for (const row of bench.typing) {
    log(
      `  typing ${row.field}: frames p50 ${row.frames.p50.toFixed(1)} p95 ${row.frames.p95.toFixed(1)} max ${row.frames.max.toFixed(1)} ms, ${row.frames.over} of ${row.frames.count} over a frame; renderer CPU ${row.cpuPerKey.toFixed(1)} ms per key; ${row.slowEvents} key events ≥ 16 ms (longest ${row.longestEvent.toFixed(0)} ms)`,
    );
  }
  return bench;
}

/** The editor's lazy chunk in the build's report: the row of the route table whose source is PanelEditor.tsx. */
export function editorChunk(bundles: BundleReport): EditorBench['lazyChunk'] {
  const row = bundles.routes.find((r) => r.source.split(', ').some((s) => s.endsWith('editor/panelEditor/PanelEditor.tsx')));
  return row ? { source: row.route, js: row.js, files: row.files.length } : undefined;
}

export function editorBudgets(bench: EditorBench | undefined, bundles: BundleReport | undefined): Budget[] {
  const list: Budget[] = [];
  if (bundles) {
    const chunk = editorChunk(bundles);
    list.push({
      name: "Panel editor's code is a lazy chunk, not in the initial JS (issue 29)",
      target: 'lazy',
      measured: chunk
        ? `${(chunk.js / 1000).toFixed(1)} kB JS in ${chunk.files} files, loaded on opening`
        : 'no lazy chunk for PanelEditor.tsx',
      met: Boolean(chunk && chunk.js > 0),
      margin: 'in the initial JS',
    });
  }
  if (!bench) return list;
  list.push({
    name: 'Panel editor open from the dashboard (panel menu, Edit), heading and query editor painted, median (issue 29)',
    target: `< ${OPEN_GOAL_MS} ms`,
    measured: `${bench.open.median.toFixed(0)} ms`,
    met: bench.open.median < OPEN_GOAL_MS,
    margin: `${(bench.open.median - OPEN_GOAL_MS).toFixed(0)} ms`,
  });
  for (const row of bench.typing) {
    list.push({
      name: `Typing into ${row.field}: frame duration p95 (issue 29)`,
      target: `< ${FRAME_GOAL_MS} ms (one 60 Hz frame, 16.7 ms)`,
      measured: `p95 ${row.frames.p95.toFixed(1)} ms, max ${row.frames.max.toFixed(1)} ms`,
      met: row.frames.p95 < 17.5,
      margin: `${(row.frames.p95 - 16.7).toFixed(1)} ms`,
    });
  }
  return list;
}

export function editorMarkdown(bench: EditorBench): string[] {
  return [
    '### Panel editor',
    '',
    `Opening the editor of the live dashboard's first panel from the dashboard (fresh context, one untimed warm-up; its panels drawn, then the panel's menu and "Edit") until the editor's heading and PromQL editor are painted: **${bench.open.median.toFixed(0)} ms** median (${bench.open.runs.map((r) => r.toFixed(0)).join(', ')}); its options pane, drawn in the tasks after that first paint, ${bench.optionsOpen.median.toFixed(0)} ms (${bench.optionsOpen.runs.map((r) => r.toFixed(0)).join(', ')}). ` +
      `The same editor opened by its address, \`?editPanel=1\`, in a fresh context (the whole app starting cold): ${bench.openByUrl.median.toFixed(0)} ms median (${bench.openByUrl.runs.map((r) => r.toFixed(0)).join(', ')}). ` +
      `Then, in each run of the latter, 40 characters typed with Playwright's keyboard (${KEY_DELAY_MS} ms between keys) while the page records every animation frame's duration and the key events that took 16 ms or more to handle and paint (Event Timing):`,
    '',
    '| Field | Keys × runs | Frames p50 / p95 / max | Frames over 16.7 ms | Renderer CPU per key | Key events ≥ 16 ms (longest) |',
    '|---|---:|---:|---:|---:|---:|',
    ...bench.typing.map(
      (row) =>
        `| ${row.field} | ${row.keys} × ${bench.open.runs.length} | ${row.frames.p50.toFixed(1)} / ${row.frames.p95.toFixed(1)} / ${row.frames.max.toFixed(1)} ms | ${row.frames.over} of ${row.frames.count} | ${row.cpuPerKey.toFixed(1)} ms | ${row.slowEvents} (${row.longestEvent.toFixed(0)} ms) |`,
    ),
    '',
  ];
}
