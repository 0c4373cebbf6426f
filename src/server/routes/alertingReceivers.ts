/**
 * Grafana's receiver status: `GET /api/alertmanager/grafana/config/api/v1/receivers` answers each
 * contact point with its integrations' last delivery attempt (when, how long, the error), so the
 * contact points page can say "last delivery failed: <error>". The attempts are kept in the
 * database (`alertingDelivery`), so every instance answers the same whichever one delivered.
 */
import type { FastifyInstance } from 'fastify';
import type { ReceiverStatus } from '../../contract/alertingNotify';
import { goDuration } from '../../contract/durations';
import { allRoutes, defaultPolicyTree } from '../alerting/notify/routing';
import { GO_ZERO_TIME, goTime } from '../alerting/notify/templates';
import type { Store } from '../store';

export function registerReceiverStatusRoutes(app: FastifyInstance, store: Store): void {
  app.get(
    '/api/alertmanager/grafana/config/api/v1/receivers',
    { config: { action: 'alert.notifications.receivers:read' } },
    async (request): Promise<ReceiverStatus[]> => {
      const { orgId } = request.identity;
      const [integrations, attempts, stored] = await Promise.all([
        store.alertingNotify.listIntegrations(orgId),
        store.alertingDelivery.lastAttempts(orgId),
        store.alertingNotify.policyTree(orgId),
      ]);
      // Grafana calls a receiver active when a policy routes to it.
      const routed = new Set(allRoutes(stored?.tree ?? defaultPolicyTree()).map((route) => route.receiver));
      const byName = new Map<string, ReceiverStatus>();
      for (const integration of integrations) {
        let receiver = byName.get(integration.name);
        if (!receiver)
          byName.set(integration.name, (receiver = { name: integration.name, active: routed.has(integration.name), integrations: [] }));
        const attempt = attempts.get(integration.uid);
        receiver.integrations.push({
          // Alertmanager's integration name: its type and its position in the contact point.
          name: `${integration.type}[${receiver.integrations.length}]`,
          sendResolved: !integration.disableResolveMessage,
          lastNotifyAttempt: attempt ? goTime(attempt.attemptedAt) : GO_ZERO_TIME,
          lastNotifyAttemptDuration: goDuration(attempt?.durationMs ?? 0),
          ...(attempt?.error ? { lastNotifyAttemptError: attempt.error } : {}),
        });
      }
      return [...byName.values()];
    },
  );
}
