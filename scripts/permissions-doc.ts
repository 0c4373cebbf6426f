/**
 * Renders the permission matrix of every `/api` route into docs/permissions.md, between the
 * markers. `npm run docs:permissions`; a test fails when the file is stale.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { orgRoles } from '../src/contract/common';
import type { ApiRoute } from '../src/server/requestAuth';
import { folderChecks, permissions, roleAtLeast } from '../src/server/auth/permissions';

const START = '<!-- permissions:start -->';
const END = '<!-- permissions:end -->';

export function permissionsTable(routes: ApiRoute[]): string {
  const header = `| method | path | action | ${orgRoles.join(' | ')} | and then |`;
  const rule = `|---|---|---|${orgRoles.map(() => ':-:').join('|')}|---|`;
  const rows = routes.map((route) => {
    const needed = permissions[route.action];
    const marks = orgRoles.map((role) => (roleAtLeast(role, needed) ? '✓' : '—'));
    return `| ${route.method} | \`${route.url}\` | \`${route.action}\` | ${marks.join(' | ')} | ${folderChecks[route.action] ?? ''} |`;
  });
  return [START, header, rule, ...rows, END].join('\n');
}

async function main(): Promise<void> {
  const { startTestServer } = await import('../src/server/testing/harness');
  const server = await startTestServer();
  try {
    const file = fileURLToPath(new URL('../docs/permissions.md', import.meta.url));
    const doc = fs.readFileSync(file, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    if (start === -1 || end === -1) throw new Error(`${file} lacks the ${START} … ${END} markers`);
    fs.writeFileSync(file, doc.slice(0, start) + permissionsTable(server.app.apiRoutes) + doc.slice(end + END.length));
    process.stdout.write(`updated ${file}\n`);
  } finally {
    await server.cleanup();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
