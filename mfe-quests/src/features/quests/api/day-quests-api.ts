import { queryOptions } from '@tanstack/react-query';
import {
  API,
  questsWithOccurrencesResponseSchema,
  type QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/**
 * The quests with occurrences of one local day: the day's one-time quests (undated and overdue
 * ones included) and its occurrences still on the dashboard. 401 reads as nothing (signed out).
 */
export async function fetchDayQuests(day: string): Promise<QuestsWithOccurrencesResponse> {
  const body = await callOr401(API.listQuestsWithOccurrences, 'returnEmpty', {
    query: { startDate: day, endDate: day },
  });
  if (Array.isArray(body)) return { quests: [], occurrences: [] };
  return questsWithOccurrencesResponseSchema.parse(body);
}

export const dayQuestsQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.withOccurrences, day],
    queryFn: () => fetchDayQuests(day),
  });
