import { queryOptions } from '@tanstack/react-query';
import { API, dashboardOverviewSchema, type DashboardOverview } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The profile's Quest Stats. */
export async function fetchOverview(): Promise<DashboardOverview> {
  return dashboardOverviewSchema.parse(await call(API.dashboardOverview));
}

export const overviewQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.dashboardOverview),
  queryFn: fetchOverview,
});
