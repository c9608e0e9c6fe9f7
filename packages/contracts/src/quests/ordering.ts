import { toInstant } from '../common/instant.ts';
import { localDate } from '../time/zone.ts';
import type { LifeTaskPriority } from './enums.ts';
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

/** Priority order of life tasks: urgent first. */
export const LIFE_TASK_PRIORITY_RANK: Readonly<Record<LifeTaskPriority, number>> = {
  urgent: 0,
  high: 1,
  medium: 2,
  low: 3,
};

export interface OrderableLifeTask {
  isCompleted: boolean;
  priority: LifeTaskPriority;
  dueDate: Date | string | null;
  /** A recurring task's next due date wins over its due date. */
  nextDueDate?: Date | string | null;
  createdAt: Date | string;
}

/**
 * Life tasks by urgency: open before done; then the pressing ones (overdue, due today, or of urgent
 * priority); then by due bucket (overdue, today, tomorrow, this week, later, none); then by priority
 * (urgent, high, medium, low); then the earlier due date; then the oldest.
 */
export function compareLifeTasks(now: Date, timeZone: string) {
  return (a: OrderableLifeTask, b: OrderableLifeTask): number => {
    if (a.isCompleted !== b.isCompleted) return a.isCompleted ? 1 : -1;
    const dueA = a.nextDueDate ?? a.dueDate;
    const dueB = b.nextDueDate ?? b.dueDate;
    const bucketA = dueBucketRank(dueA, now, timeZone);
    const bucketB = dueBucketRank(dueB, now, timeZone);
    const pressing = (bucket: number, priority: LifeTaskPriority) =>
      bucket <= DUE_BUCKET_RANK.today || priority === 'urgent' ? 0 : 1;
    return (
      pressing(bucketA, a.priority) - pressing(bucketB, b.priority) ||
      bucketA - bucketB ||
      LIFE_TASK_PRIORITY_RANK[a.priority] - LIFE_TASK_PRIORITY_RANK[b.priority] ||
      (toInstant(dueA)?.getTime() ?? 0) - (toInstant(dueB)?.getTime() ?? 0) ||
      (toInstant(a.createdAt)?.getTime() ?? 0) - (toInstant(b.createdAt)?.getTime() ?? 0)
    );
  };
}

/** Life tasks in urgency order (a sorted copy; the input is not changed). */
export function sortLifeTasks<T extends OrderableLifeTask>(
  tasks: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return [...tasks].sort(compareLifeTasks(now, timeZone));
}
