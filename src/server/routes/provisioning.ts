import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Provisioner } from '../provisioning';
import { answeredProblem, describeAnswered, type Problem } from '../provisioning/problems';

/**
 * Grafana's reload endpoints. Without a provisioning dir there is nothing to read: they answer
 * as Grafana does after reading empty folders. When some file was wrong, everything else is
 * applied and the answer is a 400 naming every such file (relative to the provisioning dir) and
 * why: `{"message": "...: datasources/a.yaml:3: ...", "problems": [{file, line, message}]}`.
 * Grafana answers 500 there; a bad file is the caller's to fix, not the server's fault.
 */
export function registerProvisioningRoutes(app: FastifyInstance, provisioner: Provisioner | undefined): void {
  const answer = (reply: FastifyReply, done: string, problems: Problem[]) => {
    if (problems.length === 0) return { message: done, problems: [] };
    const answered = problems.map((problem) => answeredProblem(problem, provisioner!.dir));
    const files = new Set(answered.map((problem) => problem.file)).size;
    return reply.code(400).send({
      message: `${done}, but ${files === 1 ? '1 file has' : `${String(files)} files have`} problems (the rest was applied): ${describeAnswered(answered)}`,
      problems: answered,
    });
  };
  app.post('/api/admin/provisioning/dashboards/reload', { config: { action: 'provisioning:reload' } }, async (_request, reply) => {
    const summary = provisioner ? await provisioner.reloadDashboardsAndSchedule() : { problems: [] };
    return answer(reply, 'Dashboards config reloaded', summary.problems);
  });
  app.post('/api/admin/provisioning/datasources/reload', { config: { action: 'provisioning:reload' } }, async (_request, reply) => {
    const summary = provisioner ? await provisioner.reloadDataSources() : { problems: [] };
    return answer(reply, 'Datasources config reloaded', summary.problems);
  });
  app.post('/api/admin/provisioning/alerting/reload', { config: { action: 'provisioning:reload' } }, async (_request, reply) => {
    const summary = provisioner ? await provisioner.reloadAlerting() : { problems: [] };
    return answer(reply, 'Alerting config reloaded', summary.problems);
  });
}
