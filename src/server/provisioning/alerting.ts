/**
 * Alerting from `<provisioning dir>/alerting/*.yaml|yml|json`, Grafana's file format (`apiVersion:
 * 1`): `groups` (rule groups, each in a folder named by title, created when missing),
 * `contactPoints` (integrations by uid), `policies` (an org's whole tree), `muteTimes`,
 * `templates`, and the lists that remove: `deleteRules`, `deleteContactPoints`, `resetPolicies`,
 * `deleteMuteTimes`, `deleteTemplates`. What a file writes gets provenance `file`, which the API
 * refuses to change (409). Each entry stands alone: a bad one is a problem (file, line, reason) and
 * the rest applies.
 */
import { z } from 'zod';
import {
  alertQuerySchema,
  durationSchema,
  EXPRESSION_DATASOURCE_UID,
  execErrStates,
  noDataStates,
  notificationSettingsSchema,
} from '../../contract/alerting';
import { muteTimingSchema, routeSchema, type Route } from '../../contract/alertingNotify';
import { expressionsProblem } from '../alerting/expressions';
import { integrationKind, integrationProblem } from '../alerting/notify/integrations';
import { allRoutes, buildRouteTree } from '../alerting/notify/routing';
import { templateSetOf } from '../alerting/notify/templates';
import { intervalProblem } from '../alerting/notify/timeIntervals';
import type { Store } from '../store';
import type { AlertRuleInput } from '../store/alerting';
import { findFiles, isRecord, readYaml, realDir, type Problem } from './files';

const orgId = z.coerce.number().int().min(1).default(1);
const labels = z.record(z.string(), z.string());

const fileRuleSchema = z.object({
  uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'uid must be 1 to 40 letters, digits, - or _'),
  title: z.string().trim().min(1),
  condition: z.string().min(1),
  data: z.array(alertQuerySchema).min(1),
  dashboardUid: z.string().optional(),
  panelId: z.number().int().optional(),
  noDataState: z.enum(noDataStates).default('NoData'),
  execErrState: z.enum(execErrStates).default('Error'),
  for: durationSchema.optional(),
  keepFiringFor: durationSchema.optional(),
  annotations: labels.optional(),
  labels: labels.optional(),
  isPaused: z.boolean().default(false),
  notification_settings: notificationSettingsSchema.optional(),
  missing_series_evals_to_resolve: z.number().int().min(1).optional(),
});

const groupSchema = z.object({
  orgId,
  name: z.string().trim().min(1),
  folder: z.string().trim().min(1),
  interval: durationSchema,
  rules: z.array(fileRuleSchema).default([]),
});

const contactPointSchema = z.object({
  orgId,
  name: z.string().trim().min(1),
  receivers: z
    .array(
      z.object({
        uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'uid must be 1 to 40 letters, digits, - or _'),
        type: z.string().min(1),
        settings: z.record(z.string(), z.unknown()).default({}),
        disableResolveMessage: z.boolean().default(false),
      }),
    )
    .min(1),
});

const policySchema = z.intersection(z.object({ orgId }), routeSchema);
const muteTimeSchema = z.intersection(z.object({ orgId }), muteTimingSchema);
const templateSchema = z.object({ orgId, name: z.string().trim().min(1), template: z.string() });
const byUid = z.object({ orgId, uid: z.string().min(1) });
const byName = z.object({ orgId, name: z.string().min(1) });

/** One entry of a file, parsed, with where it was written. */
interface Entry<T> {
  value: T;
  file: string;
  line: number;
}

export interface AlertingFiles {
  groups: Array<Entry<z.output<typeof groupSchema>>>;
  contactPoints: Array<Entry<z.output<typeof contactPointSchema>>>;
  policies: Array<Entry<z.output<typeof policySchema>>>;
  muteTimes: Array<Entry<z.output<typeof muteTimeSchema>>>;
  templates: Array<Entry<z.output<typeof templateSchema>>>;
  deleteRules: Array<Entry<z.output<typeof byUid>>>;
  deleteContactPoints: Array<Entry<z.output<typeof byUid>>>;
  resetPolicies: Array<Entry<number>>;
  deleteMuteTimes: Array<Entry<z.output<typeof byName>>>;
  deleteTemplates: Array<Entry<z.output<typeof byName>>>;
  problems: Problem[];
}

export interface AlertingSummary {
  rules: number;
  contactPoints: number;
  policies: number;
  muteTimings: number;
  templates: number;
  deleted: number;
  problems: Problem[];
}

const LISTS = {
  groups: groupSchema,
  contactPoints: contactPointSchema,
  policies: policySchema,
  muteTimes: muteTimeSchema,
  templates: templateSchema,
  deleteRules: byUid,
  deleteContactPoints: byUid,
  resetPolicies: z.coerce.number().int().min(1),
  deleteMuteTimes: byName,
  deleteTemplates: byName,
} as const;

function issueText(error: z.ZodError): string {
  const [issue] = error.issues;
  return issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'is not valid';
}

/** Reads every alerting file in `dir`; each entry that cannot be used is a problem and left out. */
export function readAlertingFiles(dir: string, provisioningDir: string, env: NodeJS.ProcessEnv): AlertingFiles {
  const result: AlertingFiles = {
    groups: [],
    contactPoints: [],
    policies: [],
    muteTimes: [],
    templates: [],
    deleteRules: [],
    deleteContactPoints: [],
    resetPolicies: [],
    deleteMuteTimes: [],
    deleteTemplates: [],
    problems: [],
  };
  const root = realDir(provisioningDir);
  // JSON is YAML too: one reader for both.
  const found = findFiles(dir, { names: /\.(ya?ml|json)$/i, roots: root ? [root] : [], recursive: false });
  result.problems.push(...found.problems);
  for (const file of found.files) {
    const read = readYaml(file, env);
    if ('reason' in read) {
      result.problems.push(read);
      continue;
    }
    const doc = read.value;
    if (doc === null || doc === undefined) continue;
    if (!isRecord(doc)) {
      result.problems.push({
        file: file.path,
        line: 1,
        reason: 'must be a mapping with apiVersion and groups, contactPoints, policies, …',
      });
      continue;
    }
    for (const [key, schema] of Object.entries(LISTS) as Array<[keyof typeof LISTS, z.ZodType]>) {
      const list = doc[key];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) {
        result.problems.push({ file: file.path, line: 1, reason: `${key} must be a list` });
        continue;
      }
      for (const [index, item] of list.entries()) {
        const line = read.lineOf(key, index);
        const parsed = schema.safeParse(item);
        if (!parsed.success) result.problems.push({ file: file.path, line, reason: `${key}[${index}]: ${issueText(parsed.error)}` });
        else (result[key] as Array<Entry<unknown>>).push({ value: parsed.data, file: file.path, line });
      }
    }
  }
  return result;
}

/** Applies what the files say, in Grafana's order: templates, mute timings, contact points, policies, rules; then the deletions. */
export async function applyAlerting(store: Store, files: AlertingFiles): Promise<AlertingSummary> {
  const summary: AlertingSummary = { rules: 0, contactPoints: 0, policies: 0, muteTimings: 0, templates: 0, deleted: 0, problems: [] };
  const notify = store.alertingNotify;
  const attempt = async (entry: { file: string; line: number }, what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      summary.problems.push({ file: entry.file, line: entry.line, reason: `${what}: ${(error as Error).message}` });
    }
  };

  for (const entry of files.templates) {
    const { orgId, name, template } = entry.value;
    await attempt(entry, `template "${name}"`, async () => {
      await notify.putTemplate(orgId, name, template, 'file');
      summary.templates++;
    });
  }
  for (const entry of files.muteTimes) {
    const { orgId, name, time_intervals } = entry.value;
    await attempt(entry, `mute timing "${name}"`, async () => {
      const problem = time_intervals.map(intervalProblem).find(Boolean);
      if (problem) throw new Error(problem);
      const exists = await notify.muteTiming(orgId, name);
      await notify.writeMuteTiming(orgId, { name, time_intervals }, exists ? 'replace' : 'create', 'file');
      summary.muteTimings++;
    });
  }
  for (const entry of files.contactPoints) {
    const { orgId, name, receivers } = entry.value;
    await attempt(entry, `contact point "${name}"`, async () => {
      const templates = templateSetOf(await notify.templates(orgId));
      for (const receiver of receivers) {
        const problem = integrationProblem(receiver.type, receiver.settings, templates);
        if (problem) throw new Error(`integration ${receiver.uid}: ${problem}`);
      }
      for (const receiver of receivers) {
        const write = {
          uid: receiver.uid,
          name,
          type: receiver.type,
          settings: receiver.settings,
          disableResolveMessage: receiver.disableResolveMessage,
          provenance: 'file' as const,
        };
        const secretFields = integrationKind(receiver.type)!.secretFields;
        const updated = await notify.updateIntegration(orgId, receiver.uid, write, secretFields);
        if (!updated) await notify.createIntegration(orgId, write, secretFields);
        summary.contactPoints++;
      }
    });
  }
  for (const entry of files.policies) {
    const { orgId, ...tree } = entry.value;
    await attempt(entry, `policies of org ${orgId}`, async () => {
      await checkTree(store, orgId, tree);
      await notify.putPolicyTree(orgId, tree, 'file');
      summary.policies++;
    });
  }
  for (const entry of files.groups) {
    const group = entry.value;
    await attempt(entry, `rule group "${group.name}"`, async () => {
      summary.rules += await applyGroup(store, group);
    });
  }

  for (const entry of files.resetPolicies) {
    await attempt(entry, `resetPolicies ${entry.value}`, async () => {
      await notify.resetPolicyTree(entry.value);
      summary.deleted++;
    });
  }
  for (const entry of files.deleteRules) {
    await attempt(entry, `deleteRules ${entry.value.uid}`, async () => {
      if (await store.alerting.delete(entry.value.orgId, entry.value.uid)) summary.deleted++;
    });
  }
  for (const entry of files.deleteContactPoints) {
    await attempt(entry, `deleteContactPoints ${entry.value.uid}`, async () => {
      if (await notify.deleteIntegration(entry.value.orgId, entry.value.uid)) summary.deleted++;
    });
  }
  for (const entry of files.deleteMuteTimes) {
    await attempt(entry, `deleteMuteTimes ${entry.value.name}`, async () => {
      if (await notify.deleteMuteTiming(entry.value.orgId, entry.value.name)) summary.deleted++;
    });
  }
  for (const entry of files.deleteTemplates) {
    await attempt(entry, `deleteTemplates ${entry.value.name}`, async () => {
      if (await notify.deleteTemplate(entry.value.orgId, entry.value.name)) summary.deleted++;
    });
  }
  return summary;
}

/** The receivers and mute timings a tree names must exist (as the API requires). */
async function checkTree(store: Store, orgId: number, tree: Route): Promise<void> {
  if (!tree.receiver) throw new Error('the root policy must name a receiver');
  buildRouteTree(tree);
  const receivers = await store.alertingNotify.receiverNames(orgId);
  const timings = new Set((await store.alertingNotify.muteTimings(orgId)).map((timing) => timing.name));
  for (const route of allRoutes(tree)) {
    if (route.receiver && !receivers.has(route.receiver)) throw new Error(`receiver "${route.receiver}" does not exist`);
    for (const name of [...(route.mute_time_intervals ?? []), ...(route.active_time_intervals ?? [])])
      if (!timings.has(name)) throw new Error(`mute time interval "${name}" does not exist`);
  }
}

/** Writes one group (in its folder, created when missing); the number of rules written. */
async function applyGroup(store: Store, group: z.output<typeof groupSchema>): Promise<number> {
  const intervalSeconds = group.interval / 1000;
  if (!Number.isInteger(intervalSeconds) || intervalSeconds % 10 !== 0 || intervalSeconds <= 0)
    throw new Error(`interval ${intervalSeconds}s must be a positive multiple of the scheduler's 10 s`);
  const folder =
    (await store.folders.findByTitle(group.orgId, group.folder)) ??
    (await store.folders.create({ orgId: group.orgId, title: group.folder, userId: 0 }));
  const inputs: AlertRuleInput[] = [];
  for (const rule of group.rules) {
    const data = rule.data.map((query) => ({
      refId: query.refId,
      queryType: query.queryType ?? '',
      relativeTimeRange: query.relativeTimeRange ?? { from: 0, to: 0 },
      datasourceUid: query.datasourceUid,
      model: query.model,
    }));
    // The API's check: a rule that is applied can be evaluated.
    const problem = expressionsProblem(data);
    if (problem) throw new Error(`rule ${rule.uid}: ${problem.message} (data.${problem.index}.${problem.field})`);
    const refIds = new Set(rule.data.map((query) => query.refId));
    if (!refIds.has(rule.condition))
      throw new Error(`rule ${rule.uid}: condition "${rule.condition}" is not the refId of any query or expression`);
    for (const query of rule.data) {
      if (query.datasourceUid !== EXPRESSION_DATASOURCE_UID && !(await store.dataSources.find(group.orgId, { uid: query.datasourceUid })))
        throw new Error(`rule ${rule.uid}: data source "${query.datasourceUid}" of query ${query.refId} not found`);
    }
    inputs.push({
      uid: rule.uid,
      folderUid: folder.uid,
      group: group.name,
      title: rule.title,
      condition: rule.condition,
      data,
      noDataState: rule.noDataState,
      execErrState: rule.execErrState,
      forMs: rule.for ?? 0,
      keepFiringForMs: rule.keepFiringFor ?? 0,
      labels: rule.labels ?? {},
      // The export writes the panel link as fields of its own; stored, it is two annotations.
      annotations: {
        ...rule.annotations,
        ...(rule.dashboardUid ? { __dashboardUid__: rule.dashboardUid } : {}),
        ...(rule.panelId !== undefined ? { __panelId__: String(rule.panelId) } : {}),
      },
      isPaused: rule.isPaused,
      notificationSettings: rule.notification_settings ?? null,
      missingSeriesEvalsToResolve: rule.missing_series_evals_to_resolve ?? null,
    });
  }
  await store.alerting.replaceGroup(group.orgId, folder.uid, group.name, intervalSeconds, inputs, 'file');
  return inputs.length;
}
