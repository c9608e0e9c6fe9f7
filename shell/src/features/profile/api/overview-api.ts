import { queryOptions } from '@tanstack/react-query';
import { dashboardOverviewSchema, type DashboardOverview } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/dashboard/overview: the profile's Quest Stats (core.md section 2, Profile screen). */
export async function fetchOverview(): Promise<DashboardOverview> {
  return dashboardOverviewSchema.parse(await apiGet<unknown>('/api/dashboard/overview'));
}

export const overviewQueryOptions = queryOptions({
  queryKey: ['/api/dashboard/overview'],
  queryFn: fetchOverview,
});
