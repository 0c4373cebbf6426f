import type { FastifyInstance } from 'fastify';
import type { Provisioner } from '../provisioning';
import { describeProblem } from '../provisioning/problems';

/**
 * Grafana's reload endpoints. Without a provisioning dir there is nothing to read: they answer
 * as Grafana does after reading empty folders. Problems in files are listed in the answer too.
 */
export function registerProvisioningRoutes(app: FastifyInstance, provisioner: Provisioner | undefined): void {
  app.post('/api/admin/provisioning/dashboards/reload', { config: { action: 'provisioning:reload' } }, async () => {
    const summary = provisioner ? await provisioner.reloadDashboardsAndSchedule() : { problems: [] };
    return { message: 'Dashboards config reloaded', problems: summary.problems.map(describeProblem) };
  });
  app.post('/api/admin/provisioning/datasources/reload', { config: { action: 'provisioning:reload' } }, async () => {
    const summary = provisioner ? await provisioner.reloadDataSources() : { problems: [] };
    return { message: 'Datasources config reloaded', problems: summary.problems.map(describeProblem) };
  });
}
