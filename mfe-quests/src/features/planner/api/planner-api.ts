import { queryOptions } from '@tanstack/react-query';
import {
  API,
  occurrenceListResponseSchema,
  updateQuestRequestSchema,
  type Occurrence,
  type Quest,
} from '@levelup/contracts';
import { call, callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The quests, also read while the scheduling sheet is open. */
export const plannerQuestsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.quests,
  queryFn: async (): Promise<Quest[]> => await callOr401(API.listQuests, 'returnEmpty'),
});

/** Sets a quest's scheduledTime: the scheduling sheet's call. */
export async function scheduleQuest(id: string, scheduledTime: string): Promise<Quest> {
  const body = updateQuestRequestSchema.parse({ scheduledTime });
  return await call(API.updateQuest, { params: { id }, body });
}

/**
 * The day's open occurrences still on the dashboard (routines are on the schedule like one-time quests;
 * done, skipped and hidden ones are not). 401 reads as none. Keyed by the range's first and last day, and
 * filtered in `select`, so the cache holds the day's whole answer as any other read of that range would.
 */
export const plannerOccurrencesQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.occurrences, day, day],
    queryFn: async (): Promise<Occurrence[]> =>
      occurrenceListResponseSchema.parse(
        await callOr401(API.listOccurrences, 'returnEmpty', {
          query: { startDate: day, endDate: day },
        }),
      ),
    select: (occurrences) =>
      occurrences.filter((o) => !o.isCompleted && !o.skipped && !o.hiddenFromDashboard),
  });
