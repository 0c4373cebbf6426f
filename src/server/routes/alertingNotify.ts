/**
 * Alerting's notifications API, as Grafana's: the provisioning API of contact points, the policy
 * tree, mute timings and templates (`/api/v1/provisioning/...`, with `provenance` and the
 * `X-Disable-Provenance` header), the embedded Alertmanager's v2 API (alerts, groups, silences,
 * status) and the contact point test.
 */
import type { FastifyInstance } from 'fastify';
import type { Notifier } from '../alerting/notify/notifier';
import type { Store } from '../store';
import { registerContactPointRoutes, registerContactPointTestRoute } from './alertingContactPoints';
import { registerAlertmanagerRoutes } from './alertingAlertmanager';
import { registerNotificationPolicyRoutes } from './alertingPolicies';

export function registerAlertingNotifyRoutes(app: FastifyInstance, store: Store, notifier: Notifier): void {
  registerContactPointRoutes(app, store);
  registerNotificationPolicyRoutes(app, store);
  registerAlertmanagerRoutes(app, store, notifier);
  // Registered last, as it always was: the permissions table (docs/permissions.md) lists routes in this order.
  registerContactPointTestRoute(app, store, notifier);
}
