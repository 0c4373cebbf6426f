import { http, HttpResponse } from 'msw';
import { notificationTemplateSchema, putTemplateRequestSchema, type NotificationTemplateAnswer } from '../../../../contract/alertingNotify';
import { API, server } from '../../../test/server';

const TEMPLATES = `${API}/api/v1/provisioning/templates`;

export interface SentTemplateRequest {
  method: 'PUT' | 'DELETE';
  name: string;
  body?: unknown;
  provenanceOff: boolean;
}

/**
 * The template endpoints over an in-memory list, as the server answers them: `provenance` left out
 * when empty, a PUT's body read with the contract's schema, `file` templates refused (409).
 * `refuse` answers a write with an error instead. Returns what was sent.
 */
export function serveTemplates({
  templates,
  refuse,
}: {
  templates: NotificationTemplateAnswer[];
  refuse?: (request: SentTemplateRequest) => { status: number; body: object } | undefined;
}) {
  const stored = templates.map((t) => notificationTemplateSchema.parse(t));
  const sent: SentTemplateRequest[] = [];
  const provisioned = (name: string) =>
    stored.find((t) => t.name === name)?.provenance === 'file'
      ? HttpResponse.json(
          {
            message: 'cannot change provisioned template: it is managed by a provisioning file (provenance "file")',
            messageId: 'alerting.provenanceMismatch',
          },
          { status: 409 },
        )
      : undefined;
  /** Records a write, then answers it with a refusal (a `file` template's, or `refuse`'s) if there is one. */
  const recordedRefusal = (entry: SentTemplateRequest) => {
    sent.push(entry);
    const fileRefusal = provisioned(entry.name);
    if (fileRefusal) return fileRefusal;
    const refused = refuse?.(entry);
    return refused && HttpResponse.json(refused.body, { status: refused.status });
  };
  server.use(
    http.get(TEMPLATES, () => HttpResponse.json(stored)),
    http.get(`${TEMPLATES}/:name`, ({ params }) => {
      const found = stored.find((t) => t.name === params.name);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'template not found' }, { status: 404 });
    }),
    http.put(`${TEMPLATES}/:name`, async ({ request, params }) => {
      const name = String(params.name);
      const { template } = putTemplateRequestSchema.parse(await request.json());
      const entry: SentTemplateRequest = {
        method: 'PUT',
        name,
        body: { template },
        provenanceOff: request.headers.get('x-disable-provenance') === 'true',
      };
      const refusal = recordedRefusal(entry);
      if (refusal) return refusal;
      const saved = notificationTemplateSchema.parse(entry.provenanceOff ? { name, template } : { name, template, provenance: 'api' });
      const index = stored.findIndex((t) => t.name === name);
      if (index >= 0) stored[index] = saved;
      else stored.push(saved);
      return HttpResponse.json(saved, { status: 202 });
    }),
    http.delete(`${TEMPLATES}/:name`, ({ request, params }) => {
      const name = String(params.name);
      const entry: SentTemplateRequest = {
        method: 'DELETE',
        name,
        provenanceOff: request.headers.get('x-disable-provenance') === 'true',
      };
      const refusal = recordedRefusal(entry);
      if (refusal) return refusal;
      const index = stored.findIndex((t) => t.name === name);
      if (index >= 0) stored.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, stored };
}
