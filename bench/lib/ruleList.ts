/**
 * Issue 31's rules list bench: 10,000 alert rules (1,000 groups of 10 in 20 folders), seeded
 * through the provisioning API as a person's Terraform would, then `/alerting/list` timed in
 * headless Chromium from navigation to the frame that paints its first group row.
 *
 * The rules are paused (`isPaused`), so the scheduler does not evaluate 10,000 rules while the
 * page is timed: the list and its API still read and answer every one of them.
 */
import type { Browser } from '@playwright/test';
import { AUTH } from './api';
import type { ServerProcess } from './processes';
import { timePage, type PageTiming, type Session } from './ui';

export const RULE_FOLDERS = 20;
export const RULE_GROUPS = 1_000;
export const RULES_PER_GROUP = 10;
/** Group PUTs in flight at once: enough to keep the server busy, few enough not to time out. */
const PARALLEL = 4;

async function call<T>(server: ServerProcess, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...AUTH, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A rule on a math expression (no data source needed), labelled like a real fleet's. */
function rule(group: number, index: number) {
  return {
    uid: `bench-rule-${group}-${index}`,
    title: `Bench rule ${group}-${index}`,
    condition: 'A',
    data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: `${index} > 5` } }],
    noDataState: 'NoData',
    execErrState: 'Error',
    for: '5m',
    isPaused: true,
    labels: { team: `team-${group % 7}`, severity: index % 3 === 0 ? 'critical' : 'warning' },
    annotations: { summary: `Bench rule ${index} of group ${group}` },
  };
}

/** Seeds the folders and the 1,000 groups; returns how many rules there are. */
export async function seedRules(server: ServerProcess, log: (line: string) => void): Promise<number> {
  const folders: string[] = [];
  for (let i = 0; i < RULE_FOLDERS; i++) {
    const created = await call<{ uid: string }>(server, 'POST', '/api/folders', { title: `Bench alerts ${String(i).padStart(2, '0')}` });
    folders.push(created.uid);
  }
  let next = 0;
  const worker = async () => {
    while (next < RULE_GROUPS) {
      const group = next++;
      const folderUid = folders[group % RULE_FOLDERS]!;
      const rules = Array.from({ length: RULES_PER_GROUP }, (_, index) => rule(group, index));
      await call(server, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/group-${String(group).padStart(4, '0')}`, {
        interval: 60,
        rules,
      });
      if ((group + 1) % 250 === 0) log(`  ${((group + 1) * RULES_PER_GROUP).toLocaleString('en')} rules`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return RULE_GROUPS * RULES_PER_GROUP;
}

/** Seeds the rules, then times `/alerting/list` until its first group row is on screen. */
export async function measureRuleList(
  server: ServerProcess,
  browser: Browser,
  session: Session,
  runs: number,
  log: (line: string) => void,
): Promise<PageTiming> {
  log(`rules list: seeding ${(RULE_GROUPS * RULES_PER_GROUP).toLocaleString('en')} rules in ${RULE_GROUPS.toLocaleString('en')} groups`);
  const seedStart = Date.now();
  const rules = await seedRules(server, log);
  log(`  seeded in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`);
  const timing = await timePage(browser, server.url, session, '/alerting/list', 'rule-list', runs, rules);
  log(`  rules list, first screen (${rules.toLocaleString('en')} rules): ${timing.median.toFixed(0)} ms`);
  return timing;
}
