import { queryOptions } from '@tanstack/react-query';
import { API, type Quest } from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The signed-in user's quests; 401 gives an empty list. */
export async function fetchQuests(): Promise<Quest[]> {
  return await callOr401(API.listQuests, 'returnEmpty');
}

export const questsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.quests,
  queryFn: fetchQuests,
});

/** The Quest Log's read: includeCleared (cleared done quests stay in the log). */
export const questLogQueryOptions = queryOptions({
  queryKey: [...QUERY_KEYS.quests, 'includeCleared'],
  queryFn: async (): Promise<Quest[]> =>
    await callOr401(API.listQuests, 'returnEmpty', { query: { includeCleared: 'true' } }),
});
