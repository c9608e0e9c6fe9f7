import { queryOptions } from '@tanstack/react-query';
import {
  addDays,
  occurrenceListResponseSchema,
  questListResponseSchema,
  recentActivity,
  xpForCompletion,
  type Occurrence,
  type Quest,
} from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export interface ActivityEntry {
  id: string;
  title: string;
  xp: number;
  completedAt: string | null;
  partial: boolean;
}

/**
 * GET /api/quests?includeCleared=true (the Quest Log's read, one cache entry for both): Clear Completed
 * tidies the dashboard, it does not erase the history shown here.
 */
export const questsForActivityOptions = queryOptions({
  queryKey: [...QUERY_KEYS.quests, 'includeCleared'],
  queryFn: async (): Promise<Quest[]> =>
    questListResponseSchema.parse(
      await apiGet<unknown>('/api/quests?includeCleared=true', 'returnEmpty'),
    ),
});

/** GET /api/quests/occurrences over the last week of local days. */
export const recentOccurrencesOptions = (today: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.occurrences, today],
    queryFn: async (): Promise<Occurrence[]> => {
      const query = new URLSearchParams({ startDate: addDays(today, -6), endDate: today });
      return occurrenceListResponseSchema.parse(
        await apiGet<unknown>(`/api/quests/occurrences?${query}`, 'returnEmpty'),
      );
    },
  });

/** The recent-activity card's entries: completions of quests and occurrences, newest first, at most 8. */
export function activityEntries(
  quests: readonly Quest[],
  occurrences: readonly Occurrence[],
): ActivityEntry[] {
  return recentActivity([
    ...quests
      .filter((q) => q.isCompleted)
      .map((q) => ({
        id: q.id,
        title: q.title,
        xp: xpForCompletion(q.completionType, q.xpReward),
        completedAt: q.completedAt,
        partial: q.completionType === 'partial',
      })),
    ...occurrences
      .filter((o) => o.isCompleted)
      .map((o) => ({
        id: o.id,
        title: o.title,
        xp: xpForCompletion(o.completionType, o.xpReward),
        completedAt: o.completedAt,
        partial: o.completionType === 'partial',
      })),
  ]);
}
