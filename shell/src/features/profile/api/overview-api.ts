import { queryOptions } from '@tanstack/react-query';
import { API, type DashboardOverview } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The profile's Quest Stats. */
export async function fetchOverview(): Promise<DashboardOverview> {
  return await call(API.dashboardOverview);
}

export const overviewQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.dashboardOverview),
  queryFn: fetchOverview,
});
