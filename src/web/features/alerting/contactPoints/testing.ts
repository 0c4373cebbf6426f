import { http, HttpResponse } from 'msw';
import {
  contactPointSecretFields,
  REDACTED,
  type ContactPoint,
  type ContactPointType,
  type ReceiverStatus,
  type Route,
  type TestReceiversResponse,
} from '../../../../contract/alertingNotify';
import { API, server } from '../../../test/server';

const PROVISIONING = `${API}/api/v1/provisioning/contact-points`;

export interface SentRequest {
  method: string;
  uid?: string;
  body?: unknown;
  provenanceOff: boolean;
}

/**
 * The contact point endpoints over an in-memory list, as the server answers them (secrets
 * `[REDACTED]`, `[REDACTED]` sent back keeps the stored one); `refuse` answers a write with an
 * error instead; `testAnswer` is what a test of an integration reports. Returns what was sent.
 */
export function serveContactPoints({
  contactPoints,
  statuses = [],
  tree = { receiver: 'ops' },
  refuse,
  testAnswer = () => ({ status: 'ok' }),
}: {
  contactPoints: ContactPoint[];
  statuses?: ReceiverStatus[];
  tree?: Route;
  refuse?: (request: SentRequest) => { status: number; body: unknown } | undefined;
  testAnswer?: (config: { type: string; settings: Record<string, unknown> }) => { status: 'ok' | 'failed'; error?: string; code?: number };
}) {
  const stored = contactPoints.map((c) => ({ ...c, settings: { ...c.settings } }));
  const sent: SentRequest[] = [];
  const tests: unknown[] = [];
  let counter = 0;
  const redacted = (c: ContactPoint): ContactPoint => ({
    ...c,
    settings: Object.fromEntries(
      Object.entries(c.settings).map(([k, v]) => [k, contactPointSecretFields[c.type as ContactPointType]?.includes(k) ? REDACTED : v]),
    ),
  });
  const record = async (request: Request, method: string, uid?: string) => {
    const entry: SentRequest = {
      method,
      uid,
      body: method === 'DELETE' ? undefined : await request.json(),
      provenanceOff: request.headers.get('x-disable-provenance') === 'true',
    };
    sent.push(entry);
    return { entry, refusal: refuse?.(entry) };
  };
  server.use(
    http.get(PROVISIONING, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name');
      return HttpResponse.json(stored.filter((c) => name === null || c.name === name).map(redacted));
    }),
    http.post(PROVISIONING, async ({ request }) => {
      const { entry, refusal } = await record(request, 'POST');
      if (refusal) return HttpResponse.json(refusal.body as object, { status: refusal.status });
      const created = { ...(entry.body as ContactPoint), uid: `new-${++counter}`, disableResolveMessage: false };
      stored.push(created);
      return HttpResponse.json(redacted(created), { status: 202 });
    }),
    http.put(`${PROVISIONING}/:uid`, async ({ request, params }) => {
      const { entry, refusal } = await record(request, 'PUT', String(params.uid));
      if (refusal) return HttpResponse.json(refusal.body as object, { status: refusal.status });
      const index = stored.findIndex((c) => c.uid === params.uid);
      const body = entry.body as ContactPoint;
      const settings = Object.fromEntries(
        Object.entries(body.settings).map(([k, v]) => [k, v === REDACTED ? stored[index]!.settings[k] : v]),
      );
      stored[index] = { ...stored[index]!, ...body, settings };
      return HttpResponse.json({ message: 'contactpoint updated' }, { status: 202 });
    }),
    http.delete(`${PROVISIONING}/:uid`, async ({ request, params }) => {
      const { refusal } = await record(request, 'DELETE', String(params.uid));
      if (refusal) return HttpResponse.json(refusal.body as object, { status: refusal.status });
      const index = stored.findIndex((c) => c.uid === params.uid);
      if (index >= 0) stored.splice(index, 1);
      return HttpResponse.json({ message: 'contactpoint deleted' }, { status: 202 });
    }),
    http.get(`${API}/api/alertmanager/grafana/config/api/v1/receivers`, () => HttpResponse.json(statuses)),
    http.get(`${API}/api/v1/provisioning/policies`, () => HttpResponse.json(tree)),
    http.post(`${API}/api/alertmanager/grafana/config/api/v1/receivers/test`, async ({ request }) => {
      const body = (await request.json()) as {
        receivers: Array<{
          name: string;
          grafana_managed_receiver_configs: Array<{ uid?: string; type: string; settings: Record<string, unknown> }>;
        }>;
      };
      tests.push(body);
      const receiver = body.receivers[0]!;
      const config = receiver.grafana_managed_receiver_configs[0]!;
      const result = testAnswer(config);
      const answer: TestReceiversResponse = {
        alert: { labels: { alertname: 'TestAlert' }, annotations: {} },
        receivers: [
          {
            name: receiver.name,
            grafana_managed_receiver_configs: [
              { name: receiver.name, uid: config.uid ?? '', status: result.status, ...(result.error ? { error: result.error } : {}) },
            ],
          },
        ],
        notified_at: '2026-03-01T10:00:00.000Z',
      };
      return HttpResponse.json(answer, { status: result.code ?? (result.status === 'ok' ? 200 : 207) });
    }),
  );
  return { sent, tests, stored };
}

export function contactPoint(over: Partial<ContactPoint> & { uid: string; name: string }): ContactPoint {
  return { type: 'webhook', settings: { url: 'https://hooks.example.com/alerts' }, disableResolveMessage: false, ...over };
}
