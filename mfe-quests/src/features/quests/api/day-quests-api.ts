import { queryOptions } from '@tanstack/react-query';
import {
  questsWithOccurrencesResponseSchema,
  type QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/**
 * GET /api/quests/with-occurrences for one local day: the day's one-time quests (undated and overdue
 * ones included) and its occurrences still on the dashboard. 401 reads as nothing (core.md section 4).
 */
export async function fetchDayQuests(day: string): Promise<QuestsWithOccurrencesResponse> {
  const query = new URLSearchParams({ startDate: day, endDate: day });
  const body = await apiGet<unknown>(`/api/quests/with-occurrences?${query}`, 'returnEmpty');
  if (Array.isArray(body)) return { quests: [], occurrences: [] };
  return questsWithOccurrencesResponseSchema.parse(body);
}

export const dayQuestsQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.withOccurrences, day],
    queryFn: () => fetchDayQuests(day),
  });
