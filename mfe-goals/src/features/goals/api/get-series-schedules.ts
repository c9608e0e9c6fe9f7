import { queryOptions } from '@tanstack/react-query';
import { seriesListResponseSchema, type Series } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/**
 * GET /api/quests/recurring: the user's series with their recurrence rules. The journey lists only the
 * occurrences svc-quests has scheduled so far, so the forecast reads the rule from here (issue 10).
 */
export async function fetchSeriesSchedules(): Promise<Series[]> {
  return seriesListResponseSchema.parse(await apiGet<unknown>('/api/quests/recurring'));
}

export const seriesSchedulesQueryOptions = queryOptions({
  queryKey: ['/api/quests/recurring'],
  queryFn: fetchSeriesSchedules,
});
