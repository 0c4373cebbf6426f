#!/usr/bin/env node
// `npm test`: the checks (types, lint, formatting, declared dependencies), then every test — unit and API
// (Vitest), then browser (Playwright on Debian's Chromium). Ends with one "N passed, N failed" line over both.
// A failed check stops the run before the tests: the rules are enforced, not remembered.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 0. Checks. Each runs even when an earlier one failed, so one run lists every problem.
const checks = [
  ['typecheck', [process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']]],
  ['lint', [process.execPath, ['node_modules/eslint/bin/eslint.js', '.']]],
  ['format', [process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']]],
  ['dependencies', [process.execPath, ['scripts/check-deps.mjs']]],
];
const failedChecks = checks.filter(([name, [command, args]]) => {
  console.log(`\n> ${name}`);
  return run(command, args) !== 0;
});
if (failedChecks.length > 0) {
  const names = failedChecks.map(([name]) => name).join(', ');
  console.error(`\nchecks failed: ${names}. Fix them first (\`npm run format\` rewrites unformatted files); no test was run.`);
  console.log(`\ntests: 0 passed, ${failedChecks.length} failed, 0 skipped`);
  process.exit(1);
}

// The real backends tests run against (Debian's packages), installed before any test when root.
// Without root, tests that need a missing one skip and say which package to install.
const PACKAGES = [
  ['/usr/bin/chromium', 'chromium'], // browser tests
  ['/usr/bin/prometheus', 'prometheus'], // health checks, queries, /metrics scraped
  ['/usr/lib/postgresql/15/bin/initdb', 'postgresql'], // health checks, SQL queries, live dashboards
  ['/usr/sbin/mariadbd', 'mariadb-server'], // MySQL health checks and queries
];
const missing = PACKAGES.filter(([file]) => !fs.existsSync(file)).map(([, name]) => name);
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
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestStatus !== 0) {
  exitCode = vitestStatus;
  if (!vitest || vitest.numFailedTests === 0) totals.failed += 1; // a crash outside any test
}

// 2. Browser tests, when there are any.
const e2eDir = path.join(root, 'e2e');
const specs = fs.existsSync(e2eDir) ? fs.readdirSync(e2eDir).filter((f) => f.endsWith('.spec.ts')) : [];
if (specs.length > 0) {
  if (!fs.existsSync(CHROMIUM)) {
    if (process.getuid?.() === 0) {
      console.log(`${CHROMIUM} is missing; installing Debian's chromium…`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium'], env) !== 0) {
        console.error('Could not install chromium with apt-get; browser tests cannot run.');
        process.exit(1);
      }
    } else {
      console.error(`Browser tests need Debian's Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium".`);
      process.exit(1);
    }
  }
  const playwrightReport = path.join(reports, 'playwright.json');
  const status = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const stats = readJson(playwrightReport)?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  if (status !== 0) {
    exitCode ||= status;
    if (!stats || stats.unexpected === 0) totals.failed += 1;
  }
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
