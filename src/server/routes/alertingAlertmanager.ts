/**
 * The embedded Alertmanager's v2 API (`/api/alertmanager/grafana/api/v2`), as Grafana answers it:
 * alerts and alert groups (from the notifier), silences, and the status with the configuration.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { alertsQuerySchema, postableSilenceSchema, silencesQuerySchema } from '../../contract/alertingNotify';
import { fromSilenceMatcher, matcherProblem, parseMatchers, type Matcher } from '../alerting/notify/matchers';
import type { AlertsQuery } from '../alerting/notify/alertmanagerViews';
import type { Notifier } from '../alerting/notify/notifier';
import { badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Store } from '../store';
import { GRAFANA_API_VERSION, SIGHTLINE_VERSION } from '../version';
import { currentTree } from './alertingPolicies';

const AM = '/api/alertmanager/grafana/api/v2';
const silenceParams = z.object({ id: z.string().min(1) });

/** Matchers of repeated `filter` parameters (`alertname="x"`); a bad one is a 400 in Alertmanager's words. */
function filterMatchers(filters: string[]): Matcher[] {
  try {
    return filters.flatMap((filter) => parseMatchers(filter));
  } catch (error) {
    throw badRequest(`bad matcher format: ${(error as Error).message}`);
  }
}

function receiverRegex(receiver: string | undefined): RegExp | undefined {
  if (!receiver) return undefined;
  try {
    return new RegExp(`^(?:${receiver})$`);
  } catch (error) {
    throw badRequest(`failed to parse receiver param: ${(error as Error).message}`);
  }
}

function alertsQuery(query: unknown): AlertsQuery {
  const input = parseInput(alertsQuerySchema, query);
  return {
    active: input.active,
    silenced: input.silenced,
    inhibited: input.inhibited,
    filter: filterMatchers(input.filter),
    receiver: receiverRegex(input.receiver),
  };
}

export function registerAlertmanagerRoutes(app: FastifyInstance, store: Store, notifier: Notifier): void {
  const notify = store.alertingNotify;

  app.get(`${AM}/alerts`, { config: { action: 'alert.instances:read' } }, async (request) =>
    notifier.listAlerts(request.identity.orgId, alertsQuery(request.query)),
  );

  app.get(`${AM}/alerts/groups`, { config: { action: 'alert.instances:read' } }, async (request) =>
    notifier.listGroups(request.identity.orgId, alertsQuery(request.query)),
  );

  app.get(`${AM}/silences`, { config: { action: 'alert.silences:read' } }, async (request) => {
    const { filter } = parseInput(silencesQuerySchema, request.query);
    const matchers = filterMatchers(filter);
    const silences = await notify.silences(request.identity.orgId);
    // A filter keeps silences that have a matcher equal to each of its own (Alertmanager's rule).
    const kept = silences.filter((silence) =>
      matchers.every((wanted) =>
        silence.matchers.some((m) => {
          const own = fromSilenceMatcher(m);
          return own.name === wanted.name && own.op === wanted.op && own.value === wanted.value;
        }),
      ),
    );
    return kept.map((silence) => notifier.silenceJson(silence));
  });

  app.post(`${AM}/silences`, { config: { action: 'alert.silences:create' } }, async (request) => {
    const input = parseBody(postableSilenceSchema, request.body);
    const matchers = input.matchers.map((m) => ({ name: m.name, value: m.value, isRegex: m.isRegex, isEqual: m.isEqual ?? true }));
    for (const matcher of matchers) {
      const problem = matcherProblem(fromSilenceMatcher(matcher));
      if (problem) throw badRequest(`invalid silence: ${problem}`, { field: 'matchers' });
    }
    if (matchers.every((m) => (m.isRegex ? new RegExp(`^(?:${m.value})$`).test('') : m.value === '') === m.isEqual)) {
      throw badRequest('invalid silence: at least one matcher must not match the empty string', { field: 'matchers' });
    }
    const now = notifier.currentTime();
    const startsAt = Date.parse(input.startsAt);
    const endsAt = Date.parse(input.endsAt);
    if (endsAt <= startsAt) throw badRequest('invalid silence: end time must not be before start time', { field: 'endsAt' });
    if (endsAt <= now) throw badRequest("invalid silence: end time can't be in the past", { field: 'endsAt' });
    const id = await notify.putSilence(
      request.identity.orgId,
      {
        id: input.id,
        matchers,
        startsAt: Math.max(startsAt, Math.min(startsAt, now)),
        endsAt,
        createdBy: input.createdBy,
        comment: input.comment,
      },
      now,
    );
    if (!id) throw notFound('silence not found');
    return { silenceID: id };
  });

  app.get(`${AM}/silence/:id`, { config: { action: 'alert.silences:read' } }, async (request) => {
    const { id } = parseInput(silenceParams, request.params);
    const silence = await notify.silence(request.identity.orgId, id);
    if (!silence) throw notFound('silence not found');
    return notifier.silenceJson(silence);
  });

  app.delete(`${AM}/silence/:id`, { config: { action: 'alert.silences:write' } }, async (request) => {
    const { id } = parseInput(silenceParams, request.params);
    const outcome = await notify.expireSilence(request.identity.orgId, id, notifier.currentTime());
    if (outcome === 'missing') throw notFound('silence not found');
    if (outcome === 'already') throw badRequest('silence is already expired');
    return { message: 'silence deleted' };
  });

  app.get(`${AM}/status`, { config: { action: 'alert.instances:read' } }, async (request) => {
    const { orgId } = request.identity;
    const receivers = [...(await notify.receiverNames(orgId))].sort();
    return {
      cluster: { status: 'ready', peers: [] },
      config: {
        route: await currentTree(store, orgId),
        receivers: receivers.map((name) => ({ name })),
        time_intervals: (await notify.muteTimings(orgId)).map(({ name, time_intervals }) => ({ name, time_intervals })),
        templates: (await notify.templates(orgId)).map((t) => t.name),
      },
      uptime: new Date(startedAt).toISOString(),
      versionInfo: {
        version: GRAFANA_API_VERSION,
        revision: `sightline-${SIGHTLINE_VERSION}`,
        branch: '',
        buildUser: '',
        buildDate: '',
        goVersion: '',
      },
    };
  });
}

const startedAt = Date.now();
