import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dashboardExportInputSchema,
  importDashboardResponseSchema,
  type DashboardExportInput,
  type ImportDashboardRequest,
  type ImportInput,
} from '../../../contract/dashboards';
import { dataSourceListSchema } from '../../../contract/datasources';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

/** The `__inputs` an export declares (`${DS_PROMETHEUS}` and constants); entries that are not inputs are skipped. */
export function exportInputs(model: Record<string, unknown>): DashboardExportInput[] {
  const parsed = z.array(z.unknown()).safeParse(model.__inputs);
  if (!parsed.success) return [];
  return parsed.data.flatMap((entry) => {
    const input = dashboardExportInputSchema.safeParse(entry);
    return input.success ? [input.data] : [];
  });
}

/** Starting values: a constant's own value; a data source, the only (or the default) one of its type. */
export function initialValues(
  inputs: DashboardExportInput[],
  dataSources: Array<{ uid: string; type: string; isDefault: boolean }>,
): Record<string, string> {
  return Object.fromEntries(
    inputs.map((input) => {
      if (input.type !== 'datasource') return [input.name, input.value ?? ''];
      const candidates = dataSources.filter((ds) => !input.pluginId || ds.type === input.pluginId);
      const chosen = candidates.length === 1 ? candidates[0] : candidates.find((ds) => ds.isDefault);
      return [input.name, chosen?.uid ?? ''];
    }),
  );
}

/** What the import request carries for the inputs. */
export function importInputs(inputs: DashboardExportInput[], values: Record<string, string>): ImportInput[] {
  return inputs.map((input) => ({ name: input.name, type: input.type, pluginId: input.pluginId, value: values[input.name] ?? '' }));
}

export function useDataSourceChoices() {
  return useQuery({
    queryKey: queryKeys.dataSources,
    queryFn: ({ signal }) => apiFetch('/api/datasources', { schema: dataSourceListSchema, signal }),
  });
}

export function useImportDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportDashboardRequest) =>
      apiFetch('/api/dashboards/import', { method: 'POST', body, schema: importDashboardResponseSchema }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ['search'] }), client.invalidateQueries({ queryKey: queryKeys.folders })]),
  });
}
