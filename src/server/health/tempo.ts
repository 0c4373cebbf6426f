import { httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

/** Tempo's echo endpoint answers the plain text "echo" when the query frontend is up. */
export const checkTempo: HealthChecker = async (target, options) => {
  const response = await probe(target, '/api/echo', options);
  if (response.status < 200 || response.status >= 300) throw httpFailure(response, 'Tempo');
  if (response.body.trim() !== 'echo') throw new HealthError(`${response.shownUrl} did not answer like Tempo (expected "echo")`);
  return ok('Data source is working');
};
