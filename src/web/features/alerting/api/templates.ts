/**
 * Notification templates through Grafana's provisioning API. A template is created and replaced by
 * the same PUT of its name; writes carry `X-Disable-Provenance`, so what is saved here stays
 * editable here.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { notificationTemplateSchema, notificationTemplatesSchema } from '../../../../contract/alertingNotify';
import { apiFetch } from '../../../api/client';
import { alertingKeys } from './keys';
import { PROVENANCE_OFF } from './provenance';

const TEMPLATES = '/api/v1/provisioning/templates';
const templateUrl = (name: string) => `${TEMPLATES}/${encodeURIComponent(name)}`;

export const templateKeys = {
  all: [...alertingKeys.all, 'templates'] as const,
  list: () => [...alertingKeys.all, 'templates', 'list'] as const,
  named: (name: string) => [...alertingKeys.all, 'templates', 'named', name] as const,
};

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => apiFetch(TEMPLATES, { schema: notificationTemplatesSchema, signal }),
  });

export const templateQueryOptions = (name: string) =>
  queryOptions({
    queryKey: templateKeys.named(name),
    queryFn: ({ signal }) => apiFetch(templateUrl(name), { schema: notificationTemplateSchema, signal }),
  });

/** Creates or replaces the template `name` (Grafana's PUT does both). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, template }: { name: string; template: string }) =>
      apiFetch(templateUrl(name), { method: 'PUT', headers: PROVENANCE_OFF, body: { template }, schema: notificationTemplateSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch(templateUrl(name), { method: 'DELETE', headers: PROVENANCE_OFF, schema: z.unknown() }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
