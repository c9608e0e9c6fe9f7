import { queryOptions } from '@tanstack/react-query';
import { API, type HabitScoreListResponse, type HabitStatsResponse } from '@levelup/contracts';
import { call, callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** One habit's statistics; a 404 (another user's, deleted or unknown series) is thrown. */
export async function fetchHabitStats(id: string): Promise<HabitStatsResponse> {
  return await call(API.habitStats, { params: { id } });
}

export const habitStatsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.habitStats, id],
    queryFn: () => fetchHabitStats(id),
    // A missing habit stays missing: no retries on a 404.
    retry: false,
  });

/** Every habit with its score now; 401 gives []. */
export async function fetchHabitScores(): Promise<HabitScoreListResponse> {
  return await callOr401(API.habitScores, 'returnEmpty');
}

export const habitScoresQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.habitScores,
  queryFn: fetchHabitScores,
});
