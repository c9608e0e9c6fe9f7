import { queryOptions } from '@tanstack/react-query';
import { API, type Series } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/**
 * The user's series with their recurrence rules. The journey lists only the occurrences svc-quests has
 * scheduled so far, so the forecast reads the rule from here.
 */
export async function fetchSeriesSchedules(): Promise<Series[]> {
  return await call(API.listSeries);
}

export const seriesSchedulesQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.listSeries),
  queryFn: fetchSeriesSchedules,
});
