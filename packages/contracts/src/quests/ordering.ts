import { toInstant } from '../common/instant.ts';
import { localDate } from '../time/zone.ts';
import { daysUntilDue } from './urgency.ts';

// Dashboard ordering and schedule.

/** overdue 0, today 1, tomorrow 2, within 7 days 3, later 4, none 999. */
export const DUE_BUCKET_RANK = {
  overdue: 0,
  today: 1,
  tomorrow: 2,
  within_week: 3,
  later: 4,
  none: 999,
} as const;

export function dueBucketRank(
  dueDate: Date | string | null | undefined,
  now: Date,
  timeZone: string,
): number {
  const due = toInstant(dueDate);
  if (!due) return DUE_BUCKET_RANK.none;
  const days = daysUntilDue(due, now, timeZone);
  if (days < 0) return DUE_BUCKET_RANK.overdue;
  if (days === 0) return DUE_BUCKET_RANK.today;
  if (days === 1) return DUE_BUCKET_RANK.tomorrow;
  if (days <= 7) return DUE_BUCKET_RANK.within_week;
  return DUE_BUCKET_RANK.later;
}

export interface OrderableQuest {
  isCompleted: boolean;
  dueDate: Date | string | null;
  createdAt: Date | string;
}

/** Comparator: uncompleted first; then by due bucket; then oldest creation first. */
export function compareDashboardQuests(now: Date, timeZone: string) {
  return (a: OrderableQuest, b: OrderableQuest): number => {
    if (a.isCompleted !== b.isCompleted) return a.isCompleted ? 1 : -1;
    const bucket =
      dueBucketRank(a.dueDate, now, timeZone) - dueBucketRank(b.dueDate, now, timeZone);
    if (bucket !== 0) return bucket;
    return (toInstant(a.createdAt)?.getTime() ?? 0) - (toInstant(b.createdAt)?.getTime() ?? 0);
  };
}

/** A sorted copy (stable; the input is not changed). */
export function sortDashboardQuests<T extends OrderableQuest>(
  quests: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return [...quests].sort(compareDashboardQuests(now, timeZone));
}

/**
 * Whether a quest is on a day's schedule: not completed, and either scheduled for that day, or with no
 * schedule while the selected day is today. Days are 'YYYY-MM-DD' in the user's zone.
 */
export function isOnDaySchedule(
  quest: { isCompleted: boolean; scheduledTime: Date | string | null },
  selectedDay: string,
  now: Date,
  timeZone: string,
): boolean {
  if (quest.isCompleted) return false;
  const scheduled = toInstant(quest.scheduledTime);
  if (scheduled) return localDate(scheduled, timeZone) === selectedDay;
  return selectedDay === localDate(now, timeZone);
}
