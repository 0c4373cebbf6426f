import { dashboardIdParamsSchema, dashboardUidParamsSchema } from '../../contract/dashboards';
import { parseInput } from '../http';
import type { Store } from '../store';
import type { DashboardRow } from '../store/schema';

/** The dashboard (or folder) a path names: by `:uid`, or by `:dashboardId` on Grafana's older paths. */
export async function dashboardNamedBy(store: Store, orgId: number, params: unknown): Promise<DashboardRow | undefined> {
  return params && typeof params === 'object' && 'dashboardId' in params
    ? await store.dashboards.getById(orgId, parseInput(dashboardIdParamsSchema, params).dashboardId)
    : await store.dashboards.getByUid(orgId, parseInput(dashboardUidParamsSchema, params).uid);
}
