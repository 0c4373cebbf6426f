import { backendError, excerpt, httpFailure, probe, statusLine } from './http';
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
    const error = backendError(response.body);
    throw new HealthError(`Prometheus refused the test query (${statusLine(response)})${error ? `: ${error}` : ''}`);
  }
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'Prometheus');
  const body = response.json<{ status?: string; data?: { resultType?: string; result?: unknown }; error?: string }>();
  // Prometheus answers `1+1` with a scalar; VictoriaMetrics, Thanos, Mimir and Cortex may answer with a vector.
  if (body.status !== 'success' || !['scalar', 'vector'].includes(body.data?.resultType ?? '')) {
    throw new HealthError(
      `${response.shownUrl} did not answer like the Prometheus query API (status: ${excerpt(String(body.status ?? 'none'), 40)})`,
    );
  }
  return ok('Successfully queried the Prometheus API.');
};
