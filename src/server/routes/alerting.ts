/**
 * Grafana's alert rule APIs: provisioning (`/api/v1/provisioning/alert-rules`, rule groups,
 * exports), the Ruler read API, the rule states API (`/api/prometheus/grafana/api/v1/rules`) and
 * `POST /api/v1/eval`. Viewers read rules in folders they can view; writes need Edit on the folder.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store';
import { registerEvalRoutes } from './alertingEval';
import { registerRuleProvisioningRoutes } from './alertingRuleProvisioning';
import { registerRulerRoutes } from './alertingRuler';
import { registerRuleStateRoutes } from './alertingRuleStates';

export function registerAlertingRoutes(app: FastifyInstance, store: Store): void {
  registerRuleProvisioningRoutes(app, store);
  registerRulerRoutes(app, store);
  registerRuleStateRoutes(app, store);
  registerEvalRoutes(app, store);
}
