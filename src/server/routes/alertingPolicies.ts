/**
 * Grafana's provisioning API of the notification policy tree (`/api/v1/provisioning/policies`, one
 * per org; no stored tree means the default one), mute timings and notification templates.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  muteTimingSchema,
  putTemplateRequestSchema,
  routeSchema,
  timeIntervalUid,
  type Provenance,
  type Route,
} from '../../contract/alertingNotify';
import { TemplateSet } from '../alerting/notify/goTemplate';
import { TemplateError } from '../alerting/notify/goTemplateParser';
import { templatedSettingProblem } from '../alerting/notify/integrations';
import { fromObjectMatcher, matcherProblem } from '../alerting/notify/matchers';
import { allRoutes, buildRouteTree, defaultPolicyTree } from '../alerting/notify/routing';
import { templateSetOf, templateSource } from '../alerting/notify/templates';
import { intervalProblem } from '../alerting/notify/timeIntervals';
import { ApiError, badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Store, Stores } from '../store';
import { ConflictError } from '../store/errors';
import { provenanceOf, refuseFileProvenance, withProvenance } from './alertingProvenance';
import { renameDependents } from './alertingRenames';
import { ruleList } from './alertingRuleAnswers';

const PROVISIONING = '/api/v1/provisioning';
const nameParams = z.object({ name: z.string().min(1) });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grafana's refusal of a mute timing name another one has (400, `time-intervals.nameExists`). */
const nameExists = () =>
  badRequest('Time interval with this name already exists. Use a different name or update existing one.', {
    messageId: 'alerting.notifications.time-intervals.nameExists',
    field: 'name',
  });

/** The org's policy tree as answered: the stored one with its provenance, else the default. */
export async function currentTree(store: Store, orgId: number): Promise<Route> {
  const stored = await store.alertingNotify.policyTree(orgId);
  return stored ? withProvenance(stored.tree, stored.provenance) : defaultPolicyTree();
}

/** Why a tree cannot be stored (unknown receiver or interval, bad matcher), else undefined. */
async function treeProblem(store: Stores, orgId: number, tree: Route): Promise<string | undefined> {
  const notify = store.alertingNotify;
  if (!tree.receiver) return 'invalid object specification: root route must specify a default receiver';
  if ((tree.object_matchers?.length ?? 0) > 0 || (tree.matchers?.length ?? 0) > 0)
    return 'invalid object specification: root route must not have any matchers';
  // Alertmanager's own rule: the default policy takes every alert, so muting it would mute all.
  if ((tree.mute_time_intervals?.length ?? 0) > 0) return 'invalid object specification: root route must not have any mute time intervals';
  if ((tree.active_time_intervals?.length ?? 0) > 0)
    return 'invalid object specification: root route must not have any active time intervals';
  const receivers = await notify.receiverNames(orgId);
  const timings = new Set((await notify.muteTimings(orgId)).map((timing) => timing.name));
  for (const route of allRoutes(tree)) {
    if (route.receiver && !receivers.has(route.receiver))
      return `invalid object specification: receiver '${route.receiver}' does not exist`;
    for (const name of [...(route.mute_time_intervals ?? []), ...(route.active_time_intervals ?? [])]) {
      if (!timings.has(name)) return `invalid object specification: mute time interval '${name}' does not exist`;
    }
    if (route.group_by?.includes('...') && route.group_by.length > 1)
      return 'invalid object specification: cannot have wildcard group_by (`...`) and other labels at the same time';
    for (const matcher of route.object_matchers ?? []) {
      const problem = matcherProblem(fromObjectMatcher(matcher));
      if (problem) return `invalid object specification: ${problem}`;
    }
  }
  try {
    buildRouteTree(tree);
  } catch (error) {
    return `invalid object specification: ${(error as Error).message}`;
  }
  return undefined;
}

export function registerNotificationPolicyRoutes(app: FastifyInstance, store: Store): void {
  const notify = store.alertingNotify;

  app.get(`${PROVISIONING}/policies`, { config: { action: 'alert.notifications.routes:read' } }, async (request) =>
    currentTree(store, request.identity.orgId),
  );

  app.get(`${PROVISIONING}/policies/export`, { config: { action: 'alert.notifications.routes:read' } }, async (request, reply) => {
    const { format, download } = parseInput(
      z.object({ format: z.enum(['yaml', 'json']).optional(), download: z.string().optional() }),
      request.query,
    );
    const { provenance: _provenance, ...tree } = await currentTree(store, request.identity.orgId);
    void _provenance;
    const exported = { apiVersion: 1, policies: [{ orgId: request.identity.orgId, ...tree }] };
    const asJson = format === 'json';
    if (download === 'true') reply.header('content-disposition', `attachment;filename=export.${asJson ? 'json' : 'yaml'}`);
    if (asJson) return exported;
    // Loaded on first use, as the provisioning files' parser is.
    const { default: YAML } = await import('yaml');
    return reply.type('text/yaml').send(YAML.stringify(exported));
  });

  app.put(`${PROVISIONING}/policies`, { config: { action: 'alert.notifications.routes:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { provenance: _given, ...tree } = parseBody(routeSchema, request.body);
    void _given;
    // One transaction: the names the tree is checked against cannot be renamed or deleted before it is stored.
    await store.transaction(async (stores) => {
      refuseFileProvenance((await stores.alertingNotify.policyTree(orgId))?.provenance, 'notification policy tree');
      const problem = await treeProblem(stores, orgId, tree);
      if (problem) throw badRequest(problem);
      await stores.alertingNotify.putPolicyTree(orgId, tree, provenanceOf(request));
    });
    return reply.code(202).send({ message: 'policies updated' });
  });

  app.delete(`${PROVISIONING}/policies`, { config: { action: 'alert.notifications.routes:write' } }, async (request, reply) => {
    await store.transaction(async (stores) => {
      refuseFileProvenance((await stores.alertingNotify.policyTree(request.identity.orgId))?.provenance, 'notification policy tree');
      await stores.alertingNotify.resetPolicyTree(request.identity.orgId);
    });
    return reply.code(202).send({ message: 'policies resetted' });
  });

  // ---- mute timings -----------------------------------------------------------------------------

  function checkTiming(body: unknown) {
    const timing = parseBody(muteTimingSchema, body);
    for (const [index, interval] of timing.time_intervals.entries()) {
      const problem = intervalProblem(interval);
      if (problem) throw badRequest(`invalid mute timing: time_intervals[${index}]: ${problem}`, { field: `time_intervals.${index}` });
    }
    return timing;
  }

  app.get(`${PROVISIONING}/mute-timings`, { config: { action: 'alert.notifications.time-intervals:read' } }, async (request) =>
    (await notify.muteTimings(request.identity.orgId)).map(({ provenance, ...timing }) => withProvenance(timing, provenance as Provenance)),
  );

  app.get(`${PROVISIONING}/mute-timings/:name`, { config: { action: 'alert.notifications.time-intervals:read' } }, async (request) => {
    const { name } = parseInput(nameParams, request.params);
    const timing = await notify.muteTiming(request.identity.orgId, name);
    if (!timing) throw notFound('mute timing not found');
    const { provenance, ...rest } = timing;
    return withProvenance(rest, provenance as Provenance);
  });

  app.post(`${PROVISIONING}/mute-timings`, { config: { action: 'alert.notifications.time-intervals:write' } }, async (request, reply) => {
    const timing = checkTiming(request.body);
    const provenance = provenanceOf(request);
    await notify.writeMuteTiming(request.identity.orgId, timing, 'create', provenance).catch((error: unknown) => {
      throw error instanceof ConflictError ? nameExists() : error;
    });
    return reply.code(201).send(withProvenance({ name: timing.name, time_intervals: timing.time_intervals }, provenance));
  });

  app.put(
    `${PROVISIONING}/mute-timings/:name`,
    { config: { action: 'alert.notifications.time-intervals:write' } },
    async (request, reply) => {
      const { orgId } = request.identity;
      const { name: target } = parseInput(nameParams, request.params);
      // Grafana's RoutePutMuteTiming: a body without a name keeps the path's; a body naming another
      // renames the mute timing the path names by its uid (Sightline also takes its current name).
      const body = request.body;
      const unnamed = isObject(body) && (body.name === undefined || body.name === '');
      const timing = checkTiming(unnamed ? { ...body, name: target } : body);
      const provenance = provenanceOf(request);
      // One transaction: the mute timing and the policies and rules naming it change together.
      await store.transaction(async (stores) => {
        const timings = await stores.alertingNotify.muteTimings(orgId);
        const current =
          timing.name === target
            ? timings.find((t) => t.name === target)
            : (timings.find((t) => timeIntervalUid(t.name) === target) ?? timings.find((t) => t.name === target));
        if (!current) throw notFound('mute timing not found');
        refuseFileProvenance(current.provenance as Provenance, 'mute timing');
        if (current.name === timing.name) {
          await stores.alertingNotify.writeMuteTiming(orgId, timing, 'replace', provenance);
          return;
        }
        if (timings.some((t) => t.name === timing.name)) throw nameExists();
        await renameDependents(stores, orgId, 'timeInterval', current.name, timing.name, provenance);
        await stores.alertingNotify.renameMuteTiming(orgId, current.name, timing, provenance);
      });
      return reply.code(202).send(withProvenance({ name: timing.name, time_intervals: timing.time_intervals }, provenance));
    },
  );

  app.delete(
    `${PROVISIONING}/mute-timings/:name`,
    { config: { action: 'alert.notifications.time-intervals:write' } },
    async (request, reply) => {
      const { orgId } = request.identity;
      const { name } = parseInput(nameParams, request.params);
      // One transaction: no policy or rule can start using it between the check and the delete.
      await store.transaction(async (stores) => {
        const current = await stores.alertingNotify.muteTiming(orgId, name);
        if (current) {
          refuseFileProvenance(current.provenance as Provenance, 'mute timing');
          const tree = (await stores.alertingNotify.policyTree(orgId))?.tree ?? defaultPolicyTree();
          const used = allRoutes(tree).some(
            (route) => route.mute_time_intervals?.includes(name) || route.active_time_intervals?.includes(name),
          );
          // Terraform removes the uses and retries on this 409.
          if (used) throw new ApiError(409, `mute time interval '${name}' is currently used by a notification policy`);
          const rules = (await stores.alerting.withNotificationSettings(orgId)).filter(
            ({ notificationSettings: settings }) =>
              settings.mute_time_intervals?.includes(name) || settings.active_time_intervals?.includes(name),
          );
          // Grafana's ErrTimeIntervalInUse: the rules' own notification settings name it too.
          if (rules.length > 0)
            throw new ApiError(
              409,
              `mute time interval '${name}' is currently used by the notification settings of alert rules: ${ruleList(rules)}`,
            );
          await stores.alertingNotify.deleteMuteTiming(orgId, name);
        }
      });
      return reply.code(204).send();
    },
  );

  // ---- templates --------------------------------------------------------------------------------

  /**
   * Refuses a change of the org's templates that would leave a contact point unable to render (a
   * template it calls no longer defined). Grafana takes such a change and the notifications fail
   * later; here the person changing the template is told which contact points it would break.
   */
  async function refuseIfContactPointsBreak(orgId: number, name: string, after: Array<{ name: string; template: string }>) {
    const before = templateSetOf(await notify.templates(orgId));
    const changed = templateSetOf(after);
    const broken: string[] = [];
    for (const integration of await notify.listIntegrations(orgId)) {
      const problem = templatedSettingProblem(integration.type, integration.settings, changed);
      if (problem && !templatedSettingProblem(integration.type, integration.settings, before))
        broken.push(`'${integration.name}' (${integration.type}, ${problem})`);
    }
    if (broken.length === 0) return;
    const shown = broken.slice(0, 10).join('; ') + (broken.length > 10 ? `; and ${broken.length - 10} more` : '');
    throw new ApiError(409, `template '${name}' is currently used by contact points: ${shown}`);
  }

  app.get(`${PROVISIONING}/templates`, { config: { action: 'alert.notifications.templates:read' } }, async (request) =>
    (await notify.templates(request.identity.orgId)).map(({ provenance, ...template }) => withProvenance(template, provenance)),
  );

  app.get(`${PROVISIONING}/templates/:name`, { config: { action: 'alert.notifications.templates:read' } }, async (request) => {
    const { name } = parseInput(nameParams, request.params);
    const template = (await notify.templates(request.identity.orgId)).find((t) => t.name === name);
    if (!template) throw notFound('template not found');
    const { provenance, ...rest } = template;
    return withProvenance(rest, provenance);
  });

  app.put(`${PROVISIONING}/templates/:name`, { config: { action: 'alert.notifications.templates:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { name } = parseInput(nameParams, request.params);
    const { template } = parseBody(putTemplateRequestSchema, request.body);
    refuseFileProvenance((await notify.templates(orgId)).find((t) => t.name === name)?.provenance, 'template');
    try {
      new TemplateSet().add(templateSource(name, template));
    } catch (error) {
      if (error instanceof TemplateError) throw badRequest(`invalid template: ${error.message}`, { field: 'template' });
      throw error;
    }
    const others = (await notify.templates(orgId)).filter((t) => t.name !== name);
    await refuseIfContactPointsBreak(orgId, name, [...others, { name, template }]);
    const provenance = provenanceOf(request);
    await notify.putTemplate(orgId, name, template, provenance);
    return reply.code(202).send(withProvenance({ name, template }, provenance));
  });

  app.delete(`${PROVISIONING}/templates/:name`, { config: { action: 'alert.notifications.templates:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { name } = parseInput(nameParams, request.params);
    const templates = await notify.templates(orgId);
    refuseFileProvenance(templates.find((t) => t.name === name)?.provenance, 'template');
    await refuseIfContactPointsBreak(
      orgId,
      name,
      templates.filter((t) => t.name !== name),
    );
    await notify.deleteTemplate(orgId, name);
    return reply.code(204).send();
  });
}
