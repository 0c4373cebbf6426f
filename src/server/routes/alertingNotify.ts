/**
 * Alerting's notifications API, as Grafana's: the provisioning API of contact points, the policy
 * tree, mute timings and templates (`/api/v1/provisioning/...`, with `provenance` and the
 * `X-Disable-Provenance` header), the embedded Alertmanager's v2 API (alerts, groups, silences,
 * status) and the contact point test.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  alertsQuerySchema,
  contactPointRequestSchema,
  contactPointsQuerySchema,
  muteTimingSchema,
  postableSilenceSchema,
  putTemplateRequestSchema,
  REDACTED,
  routeSchema,
  silencesQuerySchema,
  testReceiversRequestSchema,
  type ContactPoint,
  type Provenance,
  type Route,
} from '../../contract/alertingNotify';
import { TemplateSet } from '../alerting/notify/goTemplate';
import { TemplateError } from '../alerting/notify/goTemplateParser';
import { integrationKind, integrationProblem } from '../alerting/notify/integrations';
import { parseMatchers, fromObjectMatcher, matcherProblem, fromSilenceMatcher, type Matcher } from '../alerting/notify/matchers';
import type { AlertsQuery, Notifier } from '../alerting/notify/notifier';
import { allRoutes, buildRouteTree, defaultPolicyTree } from '../alerting/notify/routing';
import { templateSetOf, templateSource } from '../alerting/notify/templates';
import { intervalProblem } from '../alerting/notify/timeIntervals';
import type { Integration } from '../alerting/notify/types';
import { ApiError, badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Store } from '../store';
import { NotFoundError } from '../store/alertingNotify';
import { GRAFANA_API_VERSION, SIGHTLINE_VERSION } from '../version';

const PROVISIONING = '/api/v1/provisioning';
const AM = '/api/alertmanager/grafana/api/v2';

/** `api`, or `""` when the caller asks for none (Terraform sends `X-Disable-Provenance`). */
function provenanceOf(request: FastifyRequest): Provenance {
  const header = request.headers['x-disable-provenance'];
  return header !== undefined && header !== '' ? '' : 'api';
}

/** Grafana leaves `provenance` out when it is empty. */
function withProvenance<T extends object>(value: T, provenance: Provenance): T & { provenance?: Provenance } {
  return provenance ? { ...value, provenance } : value;
}

function contactPointJson(integration: Integration): ContactPoint {
  return withProvenance(
    {
      uid: integration.uid,
      name: integration.name,
      type: integration.type,
      settings: integration.settings,
      disableResolveMessage: integration.disableResolveMessage,
    },
    integration.provenance,
  );
}

/** Refuses a change to what a provisioning file owns. */
function refuseFileProvenance(current: Provenance | undefined, what: string): void {
  if (current === 'file')
    throw new ApiError(409, `cannot change provisioned ${what}: it is managed by a provisioning file (provenance "file")`, {
      messageId: 'alerting.provenanceMismatch',
    });
}

const uidParams = z.object({ uid: z.string() });
const nameParams = z.object({ name: z.string().min(1) });
const silenceParams = z.object({ id: z.string().min(1) });

/** Matchers of repeated `filter` parameters (`alertname="x"`); a bad one is a 400 in Alertmanager's words. */
function filterMatchers(filters: string[]): Matcher[] {
  try {
    return filters.flatMap((filter) => parseMatchers(filter));
  } catch (error) {
    throw badRequest(`bad matcher format: ${(error as Error).message}`);
  }
}

function receiverRegex(receiver: string | undefined): RegExp | undefined {
  if (!receiver) return undefined;
  try {
    return new RegExp(`^(?:${receiver})$`);
  } catch (error) {
    throw badRequest(`failed to parse receiver param: ${(error as Error).message}`);
  }
}

export function registerAlertingNotifyRoutes(app: FastifyInstance, store: Store, notifier: Notifier): void {
  const notify = store.alertingNotify;

  async function templatesOf(orgId: number): Promise<TemplateSet> {
    return templateSetOf(await notify.templates(orgId));
  }

  /** Why a tree cannot be stored (unknown receiver or interval, bad matcher), else undefined. */
  async function treeProblem(orgId: number, tree: Route): Promise<string | undefined> {
    if (!tree.receiver) return 'invalid object specification: root route must specify a default receiver';
    if ((tree.object_matchers?.length ?? 0) > 0 || (tree.matchers?.length ?? 0) > 0)
      return 'invalid object specification: root route must not have any matchers';
    // Alertmanager's own rule: the default policy takes every alert, so muting it would mute all.
    if ((tree.mute_time_intervals?.length ?? 0) > 0)
      return 'invalid object specification: root route must not have any mute time intervals';
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

  // ---- contact points ---------------------------------------------------------------------------

  app.get(`${PROVISIONING}/contact-points`, { config: { action: 'alert.notifications.receivers:read' } }, async (request) => {
    const { name } = parseInput(contactPointsQuerySchema, request.query);
    return (await notify.listIntegrations(request.identity.orgId, { name })).map(contactPointJson);
  });

  async function checkedWrite(orgId: number, body: unknown) {
    const input = parseBody(contactPointRequestSchema, body);
    const problem = integrationProblem(input.type, input.settings, await templatesOf(orgId));
    if (problem) throw badRequest(`invalid contact point: ${problem}`, { field: 'settings' });
    return input;
  }

  app.post(`${PROVISIONING}/contact-points`, { config: { action: 'alert.notifications.receivers:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const input = await checkedWrite(orgId, request.body);
    // `[REDACTED]` on create means nothing: there is no stored secret to keep.
    const created = await notify.createIntegration(
      orgId,
      {
        uid: input.uid,
        name: input.name,
        type: input.type,
        settings: input.settings,
        disableResolveMessage: input.disableResolveMessage ?? false,
        provenance: provenanceOf(request),
      },
      integrationKind(input.type)!.secretFields,
    );
    return reply.code(202).send(contactPointJson(created));
  });

  app.put(`${PROVISIONING}/contact-points/:uid`, { config: { action: 'alert.notifications.receivers:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { uid } = parseInput(uidParams, request.params);
    const input = await checkedWrite(orgId, request.body);
    const [current] = await notify.listIntegrations(orgId, { uid });
    if (!current) throw notFound('contact point not found');
    refuseFileProvenance(current.provenance, 'contact point');
    // Renaming the last integration of a name that a policy routes to would leave the policy dangling.
    if (current.name !== input.name) await refuseIfRouted(orgId, current);
    await notify.updateIntegration(
      orgId,
      uid,
      {
        name: input.name,
        type: input.type,
        settings: input.settings,
        disableResolveMessage: input.disableResolveMessage ?? false,
        provenance: provenanceOf(request),
      },
      integrationKind(input.type)!.secretFields,
    );
    return reply.code(202).send({ message: 'contactpoint updated' });
  });

  async function refuseIfRouted(orgId: number, integration: Integration): Promise<void> {
    const siblings = await notify.listIntegrations(orgId, { name: integration.name });
    if (siblings.length > 1) return;
    const tree = (await notify.policyTree(orgId))?.tree ?? defaultPolicyTree();
    if (allRoutes(tree).some((route) => route.receiver === integration.name)) {
      throw new ApiError(409, `contact point '${integration.name}' is currently used by a notification policy`);
    }
  }

  app.delete(
    `${PROVISIONING}/contact-points/:uid`,
    { config: { action: 'alert.notifications.receivers:write' } },
    async (request, reply) => {
      const { orgId } = request.identity;
      const { uid } = parseInput(uidParams, request.params);
      const [current] = await notify.listIntegrations(orgId, { uid });
      if (current) {
        refuseFileProvenance(current.provenance, 'contact point');
        await refuseIfRouted(orgId, current);
        await notify.deleteIntegration(orgId, uid);
        await store.alertingDelivery.forget(orgId, uid);
      }
      // Grafana answers 202 whether or not it existed.
      return reply.code(202).send({ message: 'contactpoint deleted' });
    },
  );

  // ---- policies ---------------------------------------------------------------------------------

  async function currentTree(orgId: number): Promise<Route> {
    const stored = await notify.policyTree(orgId);
    return stored ? withProvenance(stored.tree, stored.provenance) : defaultPolicyTree();
  }

  app.get(`${PROVISIONING}/policies`, { config: { action: 'alert.notifications.routes:read' } }, async (request) =>
    currentTree(request.identity.orgId),
  );

  app.get(`${PROVISIONING}/policies/export`, { config: { action: 'alert.notifications.routes:read' } }, async (request, reply) => {
    const { format, download } = parseInput(
      z.object({ format: z.enum(['yaml', 'json']).optional(), download: z.string().optional() }),
      request.query,
    );
    const { provenance: _provenance, ...tree } = await currentTree(request.identity.orgId);
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
    refuseFileProvenance((await notify.policyTree(orgId))?.provenance, 'notification policy tree');
    const problem = await treeProblem(orgId, tree);
    if (problem) throw badRequest(problem);
    await notify.putPolicyTree(orgId, tree, provenanceOf(request));
    return reply.code(202).send({ message: 'policies updated' });
  });

  app.delete(`${PROVISIONING}/policies`, { config: { action: 'alert.notifications.routes:write' } }, async (request, reply) => {
    refuseFileProvenance((await notify.policyTree(request.identity.orgId))?.provenance, 'notification policy tree');
    await notify.resetPolicyTree(request.identity.orgId);
    return reply.code(202).send({ message: 'policies resetted' });
  });

  // ---- mute timings -----------------------------------------------------------------------------

  function checkTiming(body: unknown, name?: string) {
    const timing = parseBody(muteTimingSchema, name === undefined ? body : { name, ...(body as object) });
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
    await notify.writeMuteTiming(request.identity.orgId, timing, 'create', provenance);
    return reply.code(201).send(withProvenance({ name: timing.name, time_intervals: timing.time_intervals }, provenance));
  });

  app.put(
    `${PROVISIONING}/mute-timings/:name`,
    { config: { action: 'alert.notifications.time-intervals:write' } },
    async (request, reply) => {
      const { name } = parseInput(nameParams, request.params);
      const timing = checkTiming({ ...(request.body as object), name }, undefined);
      const current = await notify.muteTiming(request.identity.orgId, name);
      if (!current) throw notFound('mute timing not found');
      refuseFileProvenance(current.provenance as Provenance, 'mute timing');
      const provenance = provenanceOf(request);
      await notify.writeMuteTiming(request.identity.orgId, timing, 'replace', provenance).catch((error: unknown) => {
        if (error instanceof NotFoundError) throw notFound('mute timing not found');
        throw error;
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
      const current = await notify.muteTiming(orgId, name);
      if (current) {
        refuseFileProvenance(current.provenance as Provenance, 'mute timing');
        const tree = (await notify.policyTree(orgId))?.tree ?? defaultPolicyTree();
        const used = allRoutes(tree).some(
          (route) => route.mute_time_intervals?.includes(name) || route.active_time_intervals?.includes(name),
        );
        // Terraform removes the uses and retries on this 409.
        if (used) throw new ApiError(409, `mute time interval '${name}' is currently used by a notification policy`);
        await notify.deleteMuteTiming(orgId, name);
      }
      return reply.code(204).send();
    },
  );

  // ---- templates --------------------------------------------------------------------------------

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
    const provenance = provenanceOf(request);
    await notify.putTemplate(orgId, name, template, provenance);
    return reply.code(202).send(withProvenance({ name, template }, provenance));
  });

  app.delete(`${PROVISIONING}/templates/:name`, { config: { action: 'alert.notifications.templates:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { name } = parseInput(nameParams, request.params);
    refuseFileProvenance((await notify.templates(orgId)).find((t) => t.name === name)?.provenance, 'template');
    await notify.deleteTemplate(orgId, name);
    return reply.code(204).send();
  });

  // ---- Alertmanager v2 --------------------------------------------------------------------------

  function alertsQuery(query: unknown): AlertsQuery {
    const input = parseInput(alertsQuerySchema, query);
    return {
      active: input.active,
      silenced: input.silenced,
      inhibited: input.inhibited,
      filter: filterMatchers(input.filter),
      receiver: receiverRegex(input.receiver),
    };
  }

  app.get(`${AM}/alerts`, { config: { action: 'alert.instances:read' } }, async (request) =>
    notifier.listAlerts(request.identity.orgId, alertsQuery(request.query)),
  );

  app.get(`${AM}/alerts/groups`, { config: { action: 'alert.instances:read' } }, async (request) =>
    notifier.listGroups(request.identity.orgId, alertsQuery(request.query)),
  );

  app.get(`${AM}/silences`, { config: { action: 'alert.silences:read' } }, async (request) => {
    const { filter } = parseInput(silencesQuerySchema, request.query);
    const matchers = filterMatchers(filter);
    const silences = await notify.silences(request.identity.orgId);
    // A filter keeps silences that have a matcher equal to each of its own (Alertmanager's rule).
    const kept = silences.filter((silence) =>
      matchers.every((wanted) =>
        silence.matchers.some((m) => {
          const own = fromSilenceMatcher(m);
          return own.name === wanted.name && own.op === wanted.op && own.value === wanted.value;
        }),
      ),
    );
    return kept.map((silence) => notifier.silenceJson(silence));
  });

  app.post(`${AM}/silences`, { config: { action: 'alert.silences:create' } }, async (request) => {
    const input = parseBody(postableSilenceSchema, request.body);
    const matchers = input.matchers.map((m) => ({ name: m.name, value: m.value, isRegex: m.isRegex, isEqual: m.isEqual ?? true }));
    for (const matcher of matchers) {
      const problem = matcherProblem(fromSilenceMatcher(matcher));
      if (problem) throw badRequest(`invalid silence: ${problem}`, { field: 'matchers' });
    }
    if (matchers.every((m) => (m.isRegex ? new RegExp(`^(?:${m.value})$`).test('') : m.value === '') === m.isEqual)) {
      throw badRequest('invalid silence: at least one matcher must not match the empty string', { field: 'matchers' });
    }
    const now = notifier.currentTime();
    const startsAt = Date.parse(input.startsAt);
    const endsAt = Date.parse(input.endsAt);
    if (endsAt <= startsAt) throw badRequest('invalid silence: end time must not be before start time', { field: 'endsAt' });
    if (endsAt <= now) throw badRequest("invalid silence: end time can't be in the past", { field: 'endsAt' });
    const id = await notify.putSilence(
      request.identity.orgId,
      {
        id: input.id,
        matchers,
        startsAt: Math.max(startsAt, Math.min(startsAt, now)),
        endsAt,
        createdBy: input.createdBy,
        comment: input.comment,
      },
      now,
    );
    if (!id) throw notFound('silence not found');
    return { silenceID: id };
  });

  app.get(`${AM}/silence/:id`, { config: { action: 'alert.silences:read' } }, async (request) => {
    const { id } = parseInput(silenceParams, request.params);
    const silence = await notify.silence(request.identity.orgId, id);
    if (!silence) throw notFound('silence not found');
    return notifier.silenceJson(silence);
  });

  app.delete(`${AM}/silence/:id`, { config: { action: 'alert.silences:write' } }, async (request) => {
    const { id } = parseInput(silenceParams, request.params);
    const outcome = await notify.expireSilence(request.identity.orgId, id, notifier.currentTime());
    if (outcome === 'missing') throw notFound('silence not found');
    if (outcome === 'already') throw badRequest('silence is already expired');
    return { message: 'silence deleted' };
  });

  app.get(`${AM}/status`, { config: { action: 'alert.instances:read' } }, async (request) => {
    const { orgId } = request.identity;
    const receivers = [...(await notify.receiverNames(orgId))].sort();
    return {
      cluster: { status: 'ready', peers: [] },
      config: {
        route: await currentTree(orgId),
        receivers: receivers.map((name) => ({ name })),
        time_intervals: (await notify.muteTimings(orgId)).map(({ name, time_intervals }) => ({ name, time_intervals })),
        templates: (await notify.templates(orgId)).map((t) => t.name),
      },
      uptime: new Date(startedAt).toISOString(),
      versionInfo: {
        version: GRAFANA_API_VERSION,
        revision: `sightline-${SIGHTLINE_VERSION}`,
        branch: '',
        buildUser: '',
        buildDate: '',
        goVersion: '',
      },
    };
  });

  // ---- contact point test -----------------------------------------------------------------------

  app.post(
    '/api/alertmanager/grafana/config/api/v1/receivers/test',
    { config: { action: 'alert.notifications.receivers:test' } },
    async (request, reply) => {
      const { orgId } = request.identity;
      const input = parseBody(testReceiversRequestSchema, request.body);
      const alert = {
        labels: { alertname: 'TestAlert', instance: 'Grafana', ...input.alert?.labels },
        annotations: {
          summary: 'Notification test',
          __value_string__: "[ metric='foo' labels={instance=bar} value=10 ]",
          ...input.alert?.annotations,
        },
      };
      const templates = await templatesOf(orgId);
      let invalid = 0;
      let failed = 0;
      let total = 0;
      const receivers = [];
      for (const receiver of input.receivers) {
        const configs = [];
        const runnable: Integration[] = [];
        const problems = new Map<Integration, string>();
        for (const config of receiver.grafana_managed_receiver_configs) {
          total++;
          const stored = config.uid ? (await notify.listIntegrations(orgId, { uid: config.uid, open: true }))[0] : undefined;
          const settings: Record<string, unknown> = { ...config.settings, ...config.secureSettings };
          // Secrets left out or sent back redacted are the stored integration's.
          for (const field of integrationKind(config.type)?.secretFields ?? []) {
            if (
              (settings[field] === undefined || settings[field] === REDACTED) &&
              stored?.type === config.type &&
              stored.settings[field] !== undefined
            )
              settings[field] = stored.settings[field];
          }
          const integration: Integration = {
            uid: config.uid ?? '',
            name: config.name ?? receiver.name,
            type: config.type,
            settings,
            disableResolveMessage: config.disableResolveMessage ?? false,
            provenance: '',
          };
          const problem = integrationProblem(config.type, settings, templates);
          if (problem) problems.set(integration, problem);
          else runnable.push(integration);
          configs.push(integration);
        }
        const results = new Map(
          (await notifier.testIntegrations(orgId, receiver.name, runnable, alert)).map((r) => [r.integration, r.error]),
        );
        receivers.push({
          name: receiver.name,
          grafana_managed_receiver_configs: configs.map((integration) => {
            const problem = problems.get(integration);
            const error = problem ?? results.get(integration);
            if (problem) invalid++;
            else if (error) failed++;
            return { name: integration.name, uid: integration.uid, status: error ? 'failed' : 'ok', ...(error ? { error } : {}) };
          }),
        });
      }
      // Grafana's status: 400 when every integration was invalid, 207 when any failed, else 200.
      const status = invalid === total ? 400 : invalid + failed > 0 ? 207 : 200;
      return reply.code(status).send({ alert, receivers, notified_at: new Date(notifier.currentTime()).toISOString() });
    },
  );
}

const startedAt = Date.now();
