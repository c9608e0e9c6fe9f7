import { queryOptions } from '@tanstack/react-query';
import { seriesListResponseSchema, type Series } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/quests/recurring: the user's series with today's and yesterday's occurrence; 401 gives []. */
export async function fetchSeries(): Promise<Series[]> {
  return seriesListResponseSchema.parse(
    await apiGet<unknown>('/api/quests/recurring', 'returnEmpty'),
  );
}

export const seriesQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.recurring,
  queryFn: fetchSeries,
});
