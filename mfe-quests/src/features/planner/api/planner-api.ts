import { queryOptions } from '@tanstack/react-query';
import {
  questListResponseSchema,
  questSchema,
  updateQuestRequestSchema,
  type Quest,
} from '@levelup/contracts';
import { apiGet, apiRequest } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/quests, also read while the scheduling sheet is open (core.md section 7). */
export const plannerQuestsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.quests,
  queryFn: async (): Promise<Quest[]> =>
    questListResponseSchema.parse(await apiGet<unknown>('/api/quests', 'returnEmpty')),
});

/** PATCH /api/quests/{id} with scheduledTime: the scheduling sheet's call (core.md section 7). */
export async function scheduleQuest(id: string, scheduledTime: string): Promise<Quest> {
  const body = updateQuestRequestSchema.parse({ scheduledTime });
  return questSchema.parse(
    await apiRequest('PATCH', `/api/quests/${encodeURIComponent(id)}`, body),
  );
}
