#!/usr/bin/env node
// `npm test`: the checks (types, lint, formatting, declared dependencies), then every test — unit and API
// (Vitest), then browser (Playwright on Debian's Chromium). Ends with one "N passed, N failed" line over both.
// A failed check stops the run before the tests: the rules are enforced, not remembered.
// The checks run side by side (each is one busy core), with the UI build the browser tests use
// beside them; each phase's wall time is printed at the end.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's Chromium in its headless shell, as playwright.config.ts runs it.
const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const startedAt = Date.now();
const phases = [];
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
// Each phase's share of CI's 15 minutes on 2 cores; a phase over it is named at the end, with its slowest files.
const BUDGET_SECONDS = { checks: 90, vitest: 300, playwright: 480 };
const slowest = {};
// Every failed test, named with the first line of its error: printed last, so the tail of a CI log says what failed.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);

/** The phase's wall time, marked when over its budget. */
function phaseTime(name, since) {
  const took = Math.round((Date.now() - since) / 1000);
  return `${name} ${took} s${took > BUDGET_SECONDS[name] ? ` (over its ${BUDGET_SECONDS[name]} s budget)` : ''}`;
}

/** The `count` files that took longest, as "path 12 s". */
function topFiles(durations, count = 5) {
  return [...durations]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, ms]) => `${path.relative(root, file)} ${Math.round(ms / 1000)} s`);
}

/** Milliseconds per spec file in Playwright's JSON report (each test's runs summed). */
function playwrightFileDurations(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      const file = path.join(root, 'e2e', spec.file);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return byFile;
}

/** "file:line › title: first line of the error" for each test Playwright counts as unexpected. */
function playwrightFailures(report) {
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected') {
          const error = test.results.at(-1)?.error?.message;
          failed.push(`e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return failed;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs a command with its output kept (printed by the caller), for commands that run side by side. */
function runKept(command, args) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error}\n`, took: seconds(since) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output, took: seconds(since) }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 0. Checks, all at once; each runs even when another fails, so one run lists every problem.
// Beside them, the UI the browser tests serve is built (e2e/global-setup.ts builds it itself when
// run alone): it does not wait for Vitest, and a failed build shows up where it is used.
const uiDir = path.join(reports, 'web');
const uiBuild = runKept(process.execPath, [
  'node_modules/vite/bin/vite.js',
  'build',
  '--logLevel',
  'error',
  '--outDir',
  uiDir,
  '--sourcemap',
  'false',
]);
const checksSince = Date.now();
const checks = [
  ['typecheck', [process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']]],
  ['lint', [process.execPath, ['node_modules/eslint/bin/eslint.js', '.']]],
  ['format', [process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']]],
  ['dependencies', [process.execPath, ['scripts/check-deps.mjs']]],
];
const checkResults = await Promise.all(checks.map(([, [command, args]]) => runKept(command, args)));
const failedChecks = checks.filter(([name], i) => {
  const { status, output, took } = checkResults[i];
  console.log(`\n> ${name} (${took})`);
  process.stdout.write(output);
  return status !== 0;
});
phases.push(phaseTime('checks', checksSince));
if (failedChecks.length > 0) {
  const names = failedChecks.map(([name]) => name).join(', ');
  console.error(`\nchecks failed: ${names}. Fix them first (\`npm run format\` rewrites unformatted files); no test was run.`);
  console.log(`\ntests: 0 passed, ${failedChecks.length} failed, 0 skipped`);
  await uiBuild;
  fs.rmSync(reports, { recursive: true, force: true });
  process.exit(1);
}

// The real backends tests run against (Debian's packages), installed before any test when root.
// Without root, tests that need a missing one skip and say which package to install.
const PACKAGES = [
  [CHROMIUM, 'chromium-headless-shell'], // browser tests
  ['/usr/bin/prometheus', 'prometheus'], // health checks, queries, /metrics scraped
  ['/usr/lib/postgresql/15/bin/initdb', 'postgresql'], // health checks, SQL queries, live dashboards
  ['/usr/sbin/mariadbd', 'mariadb-server'], // MySQL health checks and queries
  ['/usr/bin/prometheus-alertmanager', 'prometheus-alertmanager'], // the Alertmanager contact point
];
const missing = PACKAGES.filter(([file]) => !fs.existsSync(file)).map(([, name]) => name);
// The vendored grafana-client (Python) runs with requests; Debian's package provides both.
if (spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status !== 0) missing.push('python3-requests');
if (missing.length > 0 && process.getuid?.() === 0) {
  console.log(`\n> installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], env) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env) !== 0
  ) {
    console.error(`Could not install ${missing.join(' ')} with apt-get; tests that need them will skip or fail.`);
  }
}

// 1. Unit, component and API tests.
const vitestSince = Date.now();
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  slowest.vitest = topFiles(vitest.testResults.map((file) => [file.name, file.endTime - file.startTime]));
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  // Skipped tests, and those only named for later, are the rest of the total.
  totals.skipped += vitest.numTotalTests - vitest.numPassedTests - vitest.numFailedTests;
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(`${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      failures.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`);
  }
}
if (vitestStatus !== 0) {
  exitCode = vitestStatus;
  if (!vitest || vitest.numFailedTests === 0) totals.failed += 1; // a crash outside any test
}
phases.push(phaseTime('vitest', vitestSince));

// 2. Browser tests, when there are any.
const e2eDir = path.join(root, 'e2e');
const specs = fs.existsSync(e2eDir) ? fs.readdirSync(e2eDir).filter((f) => f.endsWith('.spec.ts')) : [];
if (specs.length > 0) {
  if (!fs.existsSync(CHROMIUM)) {
    if (process.getuid?.() === 0) {
      console.log(`${CHROMIUM} is missing; installing Debian's chromium-headless-shell…`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], env) !== 0) {
        console.error('Could not install chromium-headless-shell with apt-get; browser tests cannot run.');
        process.exit(1);
      }
    } else {
      console.error(`Browser tests need Debian's Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium-headless-shell".`);
      process.exit(1);
    }
  }
  const playwrightSince = Date.now();
  const built = await uiBuild;
  if (built.status !== 0) console.log(`\n> building the UI failed; the browser tests build it again to show why:\n${built.output}`);
  const playwrightReport = path.join(reports, 'playwright.json');
  const status = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    ...(built.status === 0 ? { SIGHTLINE_E2E_WEB_DIR: uiDir } : {}),
  });
  const playwright = readJson(playwrightReport);
  const stats = playwright?.stats;
  if (playwright) {
    slowest.playwright = topFiles(playwrightFileDurations(playwright));
    failures.push(...playwrightFailures(playwright));
  }
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  if (status !== 0) {
    exitCode ||= status;
    if (!stats || stats.unexpected === 0) totals.failed += 1;
  }
  phases.push(phaseTime('playwright', playwrightSince));
}

await uiBuild;
fs.rmSync(reports, { recursive: true, force: true });
console.log(`\ntimes: ${phases.join(', ')}; all ${seconds(startedAt)}`);
for (const [phase, files] of Object.entries(slowest)) console.log(`slowest ${phase} files: ${files.join(', ')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
