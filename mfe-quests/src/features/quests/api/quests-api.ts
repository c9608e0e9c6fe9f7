import { queryOptions } from '@tanstack/react-query';
import { questListResponseSchema, type Quest } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/quests: the signed-in user's quests; 401 gives an empty list (core.md section 7). */
export async function fetchQuests(): Promise<Quest[]> {
  return questListResponseSchema.parse(await apiGet<unknown>('/api/quests', 'returnEmpty'));
}

export const questsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.quests,
  queryFn: fetchQuests,
});

/** The Quest Log's read: GET /api/quests?includeCleared=true (cleared done quests stay in the log). */
export const questLogQueryOptions = queryOptions({
  queryKey: [...QUERY_KEYS.quests, 'includeCleared'],
  queryFn: async (): Promise<Quest[]> =>
    questListResponseSchema.parse(
      await apiGet<unknown>('/api/quests?includeCleared=true', 'returnEmpty'),
    ),
});
