/**
 * Grafana's provenance of alerting resources written through the API: `api`, or `""` when the
 * caller asks for none; what a provisioning file wrote (`file`) only the file changes.
 */
import type { FastifyRequest } from 'fastify';
import type { Provenance } from '../../contract/alertingNotify';
import { ApiError } from '../errors';

/** `api`, or `""` when the request carries `X-Disable-Provenance` (Terraform sends it). */
export function provenanceOf(request: FastifyRequest): Provenance {
  const header = request.headers['x-disable-provenance'];
  return header !== undefined && header !== '' ? '' : 'api';
}

/** Grafana leaves `provenance` out when it is empty. */
export function withProvenance<T extends object>(value: T, provenance: Provenance): T & { provenance?: Provenance } {
  return provenance ? { ...value, provenance } : value;
}

/** Grafana's 409 `alerting.provenanceMismatch`, saying why in `message`. */
export function provenanceMismatch(message: string): ApiError {
  return new ApiError(409, message, { messageId: 'alerting.provenanceMismatch' });
}

/** Refuses a change to what a provisioning file owns. */
export function refuseFileProvenance(current: Provenance | undefined, what: string): void {
  if (current === 'file')
    throw provenanceMismatch(`cannot change provisioned ${what}: it is managed by a provisioning file (provenance "file")`);
}
