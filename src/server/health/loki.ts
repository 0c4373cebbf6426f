import { excerpt, httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

/** Lists label names, as Grafana's Loki check does (it needs a working querier and index). */
export const checkLoki: HealthChecker = async (target, options) => {
  const response = await probe(target, '/loki/api/v1/labels', options);
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'Loki');
  const body = response.json<{ status?: string; data?: unknown }>();
  if (body.status !== 'success' || !Array.isArray(body.data)) {
    throw new HealthError(`${response.shownUrl} did not answer like the Loki API (status: ${excerpt(String(body.status ?? 'none'), 40)})`);
  }
  return ok(`Data source successfully connected. ${body.data.length} labels found.`);
};
