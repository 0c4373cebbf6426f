import { httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

/** Finds the top-level metric nodes, which every Graphite-web (and carbonapi) serves. */
export const checkGraphite: HealthChecker = async (target, options) => {
  const response = await probe(target, '/metrics/find?query=*', options);
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'Graphite');
  const body = response.json();
  if (!Array.isArray(body)) throw new HealthError(`${response.shownUrl} did not answer like Graphite's metrics API`);
  return ok(`Data source is working. ${body.length} top-level metric nodes found.`);
};
