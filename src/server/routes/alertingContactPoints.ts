/**
 * Contact points: Grafana's provisioning API of them (`/api/v1/provisioning/contact-points`: one
 * integration each, those sharing a name make one contact point; secret settings answered
 * `[REDACTED]`) and the contact point test, which sends a made-up alert through integrations.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contactPointRequestSchema,
  contactPointsQuerySchema,
  REDACTED,
  testReceiversRequestSchema,
  type ContactPoint,
} from '../../contract/alertingNotify';
import type { TemplateSet } from '../alerting/notify/goTemplate';
import { integrationKind, integrationProblem } from '../alerting/notify/integrations';
import type { Notifier } from '../alerting/notify/notifier';
import { allRoutes, defaultPolicyTree } from '../alerting/notify/routing';
import { templateSetOf } from '../alerting/notify/templates';
import type { Integration } from '../alerting/notify/types';
import { ApiError, badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Store, Stores } from '../store';
import type { IntegrationWrite } from '../store/alertingNotify';
import { ruleList } from './alertingRuleAnswers';
import { provenanceOf, refuseFileProvenance, withProvenance } from './alertingProvenance';
import { renameDependents } from './alertingRenames';

const CONTACT_POINTS = '/api/v1/provisioning/contact-points';
const uidParams = z.object({ uid: z.string() });

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

/** The org's notification templates, ready to render. */
async function templatesOf(store: Store, orgId: number): Promise<TemplateSet> {
  return templateSetOf(await store.alertingNotify.templates(orgId));
}

export function registerContactPointRoutes(app: FastifyInstance, store: Store): void {
  const notify = store.alertingNotify;

  app.get(CONTACT_POINTS, { config: { action: 'alert.notifications.receivers:read' } }, async (request) => {
    const { name } = parseInput(contactPointsQuerySchema, request.query);
    return (await notify.listIntegrations(request.identity.orgId, { name })).map(contactPointJson);
  });

  /** The integration a create or update sends, checked, with the secret settings of its type. */
  async function checkedWrite(request: FastifyRequest): Promise<{ write: IntegrationWrite; secretFields: readonly string[] }> {
    const input = parseBody(contactPointRequestSchema, request.body);
    const problem = integrationProblem(input.type, input.settings, await templatesOf(store, request.identity.orgId));
    if (problem) throw badRequest(`invalid contact point: ${problem}`, { field: 'settings' });
    const write: IntegrationWrite = {
      uid: input.uid,
      name: input.name,
      type: input.type,
      settings: input.settings,
      disableResolveMessage: input.disableResolveMessage ?? false,
      provenance: provenanceOf(request),
    };
    return { write, secretFields: integrationKind(input.type)!.secretFields };
  }

  app.post(CONTACT_POINTS, { config: { action: 'alert.notifications.receivers:write' } }, async (request, reply) => {
    const { write, secretFields } = await checkedWrite(request);
    // `[REDACTED]` on create means nothing: there is no stored secret to keep.
    const created = await notify.createIntegration(request.identity.orgId, write, secretFields);
    return reply.code(202).send(contactPointJson(created));
  });

  app.put(`${CONTACT_POINTS}/:uid`, { config: { action: 'alert.notifications.receivers:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { uid } = parseInput(uidParams, request.params);
    const { write, secretFields } = await checkedWrite(request);
    // One transaction: the contact point and everything that names it change together, or nothing does.
    await store.transaction(async (stores) => {
      const [current] = await stores.alertingNotify.listIntegrations(orgId, { uid });
      if (!current) throw notFound('contact point not found');
      refuseFileProvenance(current.provenance, 'contact point');
      // Grafana's stitchReceiver: renaming the last integration of a name renames the contact point,
      // so the policies and rules naming it follow; one of several only moves to the new name.
      if (current.name !== write.name && (await stores.alertingNotify.listIntegrations(orgId, { name: current.name })).length === 1)
        await renameDependents(stores, orgId, 'receiver', current.name, write.name, write.provenance);
      await stores.alertingNotify.updateIntegration(orgId, uid, write, secretFields);
    });
    return reply.code(202).send({ message: 'contactpoint updated' });
  });

  async function refuseIfRouted(stores: Stores, orgId: number, integration: Integration): Promise<void> {
    const siblings = await stores.alertingNotify.listIntegrations(orgId, { name: integration.name });
    if (siblings.length > 1) return;
    const tree = (await stores.alertingNotify.policyTree(orgId))?.tree ?? defaultPolicyTree();
    if (allRoutes(tree).some((route) => route.receiver === integration.name)) {
      throw new ApiError(409, `contact point '${integration.name}' is currently used by a notification policy`);
    }
    // Grafana's ErrContactPointUsedInRule: a rule's notification_settings send to it by name.
    const rules = (await stores.alerting.withNotificationSettings(orgId)).filter(
      (rule) => rule.notificationSettings.receiver === integration.name,
    );
    if (rules.length > 0) {
      throw new ApiError(
        409,
        `contact point '${integration.name}' is currently used in the notification settings of alert rules: ${ruleList(rules)}`,
      );
    }
  }

  app.delete(`${CONTACT_POINTS}/:uid`, { config: { action: 'alert.notifications.receivers:write' } }, async (request, reply) => {
    const { orgId } = request.identity;
    const { uid } = parseInput(uidParams, request.params);
    // One transaction: no policy or rule can start sending to it between the check and the delete.
    await store.transaction(async (stores) => {
      const [current] = await stores.alertingNotify.listIntegrations(orgId, { uid });
      if (!current) return;
      refuseFileProvenance(current.provenance, 'contact point');
      await refuseIfRouted(stores, orgId, current);
      await stores.alertingNotify.deleteIntegration(orgId, uid);
      await stores.alertingDelivery.forget(orgId, uid);
    });
    // Grafana answers 202 whether or not it existed.
    return reply.code(202).send({ message: 'contactpoint deleted' });
  });
}

export function registerContactPointTestRoute(app: FastifyInstance, store: Store, notifier: Notifier): void {
  const notify = store.alertingNotify;

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
      const templates = await templatesOf(store, orgId);
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
