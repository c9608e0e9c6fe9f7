import { queryOptions } from '@tanstack/react-query';
import {
  API,
  addDays,
  recentActivity,
  xpForCompletion,
  type Occurrence,
  type Quest,
} from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export interface ActivityEntry {
  id: string;
  title: string;
  /** The XP the completion earned: 0 for imported history. */
  xp: number;
  imported: boolean;
  completedAt: string | null;
  partial: boolean;
}

/**
 * The quests with cleared ones (the Quest Log's read, one cache entry for both): Clear Completed
 * tidies the dashboard, it does not erase the history shown here.
 */
export const questsForActivityOptions = queryOptions({
  queryKey: [...QUERY_KEYS.quests, 'includeCleared'],
  queryFn: async (): Promise<Quest[]> =>
    await callOr401(API.listQuests, 'returnEmpty', { query: { includeCleared: 'true' } }),
});

/** The occurrences of the last week of local days, keyed by the range's first and last day. */
export const recentOccurrencesOptions = (today: string) => {
  const query = { startDate: addDays(today, -6), endDate: today };
  return queryOptions({
    queryKey: [...QUERY_KEYS.occurrences, query.startDate, query.endDate],
    queryFn: async (): Promise<Occurrence[]> =>
      await callOr401(API.listOccurrences, 'returnEmpty', { query }),
  });
};

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
        xp: q.awardedXp ?? xpForCompletion(q.completionType, q.xpReward),
        imported: q.imported ?? false,
        completedAt: q.completedAt,
        partial: q.completionType === 'partial',
      })),
    ...occurrences
      .filter((o) => o.isCompleted)
      .map((o) => ({
        id: o.id,
        title: o.title,
        xp: o.awardedXp ?? xpForCompletion(o.completionType, o.xpReward),
        imported: o.imported ?? false,
        completedAt: o.completedAt,
        partial: o.completionType === 'partial',
      })),
  ]);
}
