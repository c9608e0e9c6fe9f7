import { toInstant } from '../common/instant.ts';

/** The dashboard's recent-activity card shows at most 8 items. */
export const RECENT_ACTIVITY_LIMIT = 8;

export interface ActivityItem {
  id: string;
  title: string;
  completedAt: Date | string | null;
}

/** Completed items, newest completion first, at most `limit`; items never completed are left out. */
export function recentActivity<T extends ActivityItem>(
  items: readonly T[],
  limit: number = RECENT_ACTIVITY_LIMIT,
): T[] {
  return items
    .filter((item) => toInstant(item.completedAt) !== null)
    .sort(
      (a, b) =>
        (toInstant(b.completedAt)?.getTime() ?? 0) - (toInstant(a.completedAt)?.getTime() ?? 0),
    )
    .slice(0, Math.max(0, limit));
}
