import { queryOptions } from '@tanstack/react-query';
import { API, type Series } from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The user's series with today's and yesterday's occurrence; 401 gives []. */
export async function fetchSeries(): Promise<Series[]> {
  return await callOr401(API.listSeries, 'returnEmpty');
}

export const seriesQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.recurring,
  queryFn: fetchSeries,
});
