/**
 * Contact points through Grafana's provisioning API (one integration per row; a contact point is
 * every integration sharing a name), their last deliveries (the receivers status), the policy tree
 * (which policies use each), and the test of an integration. Writes carry `X-Disable-Provenance`,
 * as Grafana's UI, so what is made here stays editable here.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  contactPointSchema,
  contactPointsSchema,
  receiversStatusSchema,
  routeSchema,
  testReceiversResponseSchema,
  type ContactPoint,
  type ContactPointRequest,
  type TestReceiversRequest,
} from '../../../../contract/alertingNotify';
import { apiFetch } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { alertingKeys } from './keys';
import { PROVENANCE_OFF } from './provenance';

const CONTACT_POINTS = '/api/v1/provisioning/contact-points';

export const contactPointKeys = {
  all: [...alertingKeys.all, 'contactPoints'] as const,
  list: () => [...alertingKeys.all, 'contactPoints', 'list'] as const,
  named: (name: string) => [...alertingKeys.all, 'contactPoints', 'named', name] as const,
  statuses: () => [...alertingKeys.all, 'contactPoints', 'statuses'] as const,
  /** The policy tree as this page reads it: which policies use each contact point. */
  policyTree: () => [...alertingKeys.all, 'contactPoints', 'policyTree'] as const,
};

export const contactPointsQueryOptions = () =>
  queryOptions({
    queryKey: contactPointKeys.list(),
    queryFn: ({ signal }) => apiFetch(CONTACT_POINTS, { schema: contactPointsSchema, signal }),
  });

/** The integrations of one contact point, by its name. */
export const contactPointQueryOptions = (name: string) =>
  queryOptions({
    queryKey: contactPointKeys.named(name),
    queryFn: ({ signal }) => apiFetch(`${CONTACT_POINTS}?${new URLSearchParams({ name })}`, { schema: contactPointsSchema, signal }),
  });

export const receiverStatusesQueryOptions = () =>
  queryOptions({
    queryKey: contactPointKeys.statuses(),
    queryFn: ({ signal }) => apiFetch('/api/alertmanager/grafana/config/api/v1/receivers', { schema: receiversStatusSchema, signal }),
  });

export const policyTreeQueryOptions = () =>
  queryOptions({
    queryKey: contactPointKeys.policyTree(),
    queryFn: ({ signal }) => apiFetch('/api/v1/provisioning/policies', { schema: routeSchema, signal }),
  });

/** A save that failed at one integration: `key` names it in the form, `cause` is the server's refusal. */
export class IntegrationSaveError extends Error {
  constructor(
    readonly key: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'IntegrationSaveError';
  }
}

export interface IntegrationWrite extends Omit<ContactPointRequest, 'name' | 'provenance'> {
  key: string;
}

export interface ContactPointSave {
  name: string;
  /** The name the contact point had when loaded (undefined for a new one): another `name` renames it. */
  originalName?: string;
  integrations: IntegrationWrite[];
  /** Stored integrations of the contact point as it was loaded: those left out are deleted. */
  existingUids: string[];
  /** Told each new integration's uid as soon as it exists, so a retry after a later failure updates it. */
  onCreated?: (key: string, uid: string) => void;
}

async function saveContactPoint({ name, originalName, integrations, existingUids, onCreated }: ContactPointSave): Promise<void> {
  const body = (integration: IntegrationWrite, as = name) => ({
    name: as,
    type: integration.type,
    settings: integration.settings,
    disableResolveMessage: integration.disableResolveMessage ?? false,
  });
  const step = async (key: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      throw new IntegrationSaveError(key, error);
    }
  };
  const kept = integrations.filter((i) => i.uid);
  const keptUids = new Set(kept.map((i) => i.uid));
  const put = (integration: IntegrationWrite, as = name) =>
    apiFetch(`${CONTACT_POINTS}/${encodeURIComponent(integration.uid!)}`, {
      method: 'PUT',
      body: body(integration, as),
      headers: PROVENANCE_OFF,
      schema: z.unknown(),
    });
  const creates = async () => {
    for (const integration of integrations.filter((i) => !i.uid)) {
      await step(integration.key, async () => {
        const created = await apiFetch(CONTACT_POINTS, {
          method: 'POST',
          body: body(integration),
          headers: PROVENANCE_OFF,
          schema: contactPointSchema,
        });
        onCreated?.(integration.key, created.uid);
      });
    }
  };
  const deletions = async () => {
    for (const uid of existingUids.filter((u) => !keptUids.has(u))) {
      await step(uid, () =>
        apiFetch(`${CONTACT_POINTS}/${encodeURIComponent(uid)}`, { method: 'DELETE', headers: PROVENANCE_OFF, schema: z.unknown() }),
      );
    }
  };
  const renaming = originalName !== undefined && originalName !== name && kept.length > 0;
  if (!renaming) {
    // New ones first, deletions last: the contact point's name never loses its last integration mid-way.
    await creates();
    for (const integration of kept) await step(integration.key, () => put(integration));
    await deletions();
    return;
  }
  // A rename: the server renames the policies and rules that use the contact point when its last
  // integration of the old name takes the new one. So the removed ones go first (the kept ones
  // still hold the name), then the kept ones are renamed, then new ones join under the new name.
  await deletions();
  const renamed: IntegrationWrite[] = [];
  for (const integration of kept) {
    try {
      await step(integration.key, () => put(integration));
    } catch (error) {
      // Refused (at the last one, when a provisioned policy or rule uses it): those already renamed
      // take the old name back, so the contact point is not left split in two.
      for (const done of renamed) await put(done, originalName).catch(() => undefined);
      throw error;
    }
    renamed.push(integration);
  }
  await creates();
}

export function useSaveContactPoint() {
  const client = useQueryClient();
  // Settled either way: a failure part-way has still changed what is stored. A rename also changes
  // the policies and rules that use the contact point: every alerting query reads again. Not waited
  // for: read again first, the old name's query (now empty) would take the editor away before the
  // caller's own onSuccess could announce the save.
  return useMutation({
    mutationFn: saveContactPoint,
    onSettled: (_answer, _error, save) => {
      void client.invalidateQueries({
        queryKey: save.originalName !== undefined && save.originalName !== save.name ? alertingKeys.all : contactPointKeys.all,
      });
    },
  });
}

function useInvalidateContactPoints() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contactPointKeys.all });
}

/** Deletes every integration of a contact point, one by one; the server refuses the last while a policy routes to it. */
export function useDeleteContactPoint() {
  const invalidate = useInvalidateContactPoints();
  return useMutation({
    mutationFn: async (integrations: ContactPoint[]) => {
      for (const integration of integrations)
        await apiFetch(`${CONTACT_POINTS}/${encodeURIComponent(integration.uid)}`, {
          method: 'DELETE',
          headers: PROVENANCE_OFF,
          schema: z.unknown(),
        });
    },
    onSettled: invalidate,
  });
}

export interface TestOutcome {
  ok: boolean;
  /** The receiver's words on a failure (status and body, SMTP's answer), or the server's refusal. */
  error?: string;
  at: string;
}

export interface IntegrationTest {
  name: string;
  uid?: string;
  type: string;
  settings: Record<string, unknown>;
  disableResolveMessage: boolean;
}

/** Sends a test notification through one integration; stored secrets left `[REDACTED]` are the server's. */
async function testIntegration(integration: IntegrationTest): Promise<TestOutcome> {
  const request: TestReceiversRequest = {
    receivers: [
      {
        name: integration.name,
        grafana_managed_receiver_configs: [
          {
            ...(integration.uid ? { uid: integration.uid } : {}),
            name: integration.name,
            type: integration.type,
            settings: integration.settings,
            disableResolveMessage: integration.disableResolveMessage,
          },
        ],
      },
    ],
  };
  let answer: z.infer<typeof testReceiversResponseSchema>;
  try {
    answer = await apiFetch('/api/alertmanager/grafana/config/api/v1/receivers/test', {
      method: 'POST',
      body: request,
      schema: testReceiversResponseSchema,
    });
  } catch (error) {
    // Every integration invalid: a 400 whose body is still the per-integration result.
    const parsed = error instanceof ApiError ? testReceiversResponseSchema.safeParse(error.body) : undefined;
    if (!parsed?.success) throw error;
    answer = parsed.data;
  }
  const result = answer.receivers[0]?.grafana_managed_receiver_configs[0];
  return { ok: result?.status === 'ok', error: result?.error, at: answer.notified_at };
}

export function useTestIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testIntegration,
    onSettled: () => client.invalidateQueries({ queryKey: contactPointKeys.statuses() }),
  });
}
