/**
 * Every route of the server, in one order: `/api/health` and `/metrics` (public unless metrics auth
 * is set), then the API's routes by resource. The order is the permissions table's
 * (docs/permissions.md lists `app.apiRoutes` as registered).
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Notifier } from '../alerting/notify/notifier';
import type { SignIn } from '../auth/signin';
import type { Metrics } from '../metrics';
import type { Provisioner } from '../provisioning';
import type { Store } from '../store';
import { healthVersions } from '../version';
import { registerAlertingRoutes } from './alerting';
import { registerAlertingNotifyRoutes } from './alertingNotify';
import { registerReceiverStatusRoutes } from './alertingReceivers';
import { registerAnnotationRoutes } from './annotations';
import { registerCompatRoutes } from './compat';
import { registerDashboardRoutes } from './dashboards';
import { registerDataSourceRoutes } from './datasources';
import { registerFolderRoutes } from './folders';
import { registerImportRoutes } from './import';
import { registerLibraryElementRoutes } from './libraryElements';
import { registerLoginRoutes } from './login';
import { registerOrgRoutes } from './org';
import { registerDashboardPermissionRoutes } from './permissions';
import { registerPreferenceRoutes } from './preferences';
import { registerProvisioningRoutes } from './provisioning';
import { registerQueryRoutes } from './query';
import { registerSearchRoutes } from './search';
import { registerServiceAccountRoutes } from './serviceaccounts';
import { registerStarRoutes } from './stars';
import { registerTeamRoutes } from './teams';
import { registerSignedInUserRoutes } from './user';
import { registerUserRoutes } from './users';

export interface RouteDeps {
  store: Store;
  signIn: SignIn;
  notifier: Notifier;
  /** `/metrics` is served when there are metrics; behind basic auth when `metricsAuth` is set. */
  metrics: Metrics | undefined;
  metricsAuth: string | undefined;
  provisioner: Provisioner | undefined;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, signIn, notifier, metrics, metricsAuth } = deps;
  // Grafana's health endpoint, for load balancers and start-up scripts: no token needed.
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const database = await store.ping().then(
      () => 'ok',
      () => 'failing',
    );
    return reply.code(database === 'ok' ? 200 : 503).send({ database, ...healthVersions() });
  });
  if (metrics) {
    // Public only when no credentials are configured; decided on this route, like every other.
    const config: FastifyContextConfig = metricsAuth ? { metricsAuth: true } : { public: true };
    app.get('/metrics', { config }, async (_request, reply) =>
      reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.render()),
    );
  }
  registerLoginRoutes(app, store, signIn);
  registerSignedInUserRoutes(app, store, signIn);
  registerOrgRoutes(app, store);
  registerUserRoutes(app, store, signIn);
  registerServiceAccountRoutes(app, store);
  registerDashboardRoutes(app, store);
  registerFolderRoutes(app, store);
  registerSearchRoutes(app, store);
  registerAnnotationRoutes(app, store);
  registerDataSourceRoutes(app, store);
  registerTeamRoutes(app, store);
  registerPreferenceRoutes(app, store);
  registerDashboardPermissionRoutes(app, store);
  registerStarRoutes(app, store);
  registerImportRoutes(app, store);
  registerLibraryElementRoutes(app, store);
  registerCompatRoutes(app, store);
  registerAlertingRoutes(app, store);
  registerQueryRoutes(app, store);
  registerProvisioningRoutes(app, deps.provisioner);
  registerAlertingNotifyRoutes(app, store, notifier);
  registerReceiverStatusRoutes(app, store);
}
