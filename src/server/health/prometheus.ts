import { httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

/** Grafana's check: an instant query `1+1` through the query API, by the configured HTTP method. */
export const checkPrometheus: HealthChecker = async (target, options) => {
  const response =
    target.jsonData.httpMethod === 'POST'
      ? await probe(target, '/api/v1/query', options, {
          method: 'POST',
          body: 'query=1%2B1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : await probe(target, '/api/v1/query?query=1%2B1', options);
  if (response.status === 400 || response.status === 422) {
    const body = response.json<{ error?: string }>();
    throw new HealthError(`Prometheus refused the test query: ${body.error ?? `HTTP ${response.status}`}`);
  }
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'Prometheus');
  const body = response.json<{ status?: string; data?: { resultType?: string; result?: unknown }; error?: string }>();
  if (body.status !== 'success' || body.data?.resultType !== 'scalar') {
    throw new HealthError(`${response.shownUrl} did not answer like the Prometheus query API (status: ${body.status ?? 'none'})`);
  }
  return ok('Successfully queried the Prometheus API.');
};
