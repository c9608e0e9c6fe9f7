import { toInstant } from '../common/instant.ts';
import type { CompletionType, TimeOfDay } from './enums.ts';
import { daysUntilDue } from './urgency.ts';
import { partialXp } from './xp.ts';

// Quest completion.

/** XP a completion type is worth: not_completed 0, partial half rounded down, completed full. */
export function xpForCompletion(completionType: CompletionType, xpReward: number): number {
  if (completionType === 'completed') return Math.max(0, xpReward);
  if (completionType === 'partial') return partialXp(xpReward);
  return 0;
}

/**
 * XP to move when an item goes from one completion type to another: the difference of what each is
 * worth, so completed -> partial revokes the other half and toggling back revokes all.
 */
export function completionXpDelta(
  from: CompletionType,
  to: CompletionType,
  xpReward: number,
): number {
  return xpForCompletion(to, xpReward) - xpForCompletion(from, xpReward);
}

/**
 * Moving a quest or an occurrence to `to`: what it then holds and the XP that moves.
 * `awardedXp` is what the item's current state already awarded, so the delta is measured against what
 * was really given (never doubled, never lost, even if xpReward was edited in between). A move to the
 * same type changes nothing.
 */
export function completionMove(
  item: { completionType: CompletionType; awardedXp: number; xpReward: number },
  to: CompletionType,
): {
  changed: boolean;
  isCompleted: boolean;
  awardedXp: number;
  partialXpEarned: number;
  xpDelta: number;
} {
  const awardedXp = xpForCompletion(to, item.xpReward);
  return {
    changed: item.completionType !== to,
    isCompleted: to !== 'not_completed',
    awardedXp: item.completionType === to ? item.awardedXp : awardedXp,
    partialXpEarned: to === 'partial' ? awardedXp : 0,
    xpDelta: item.completionType === to ? 0 : awardedXp - item.awardedXp,
  };
}

/** An occurrence counts as done when isCompleted is true or the type is partial or completed. */
export function isOccurrenceDone(o: {
  isCompleted: boolean;
  completionType: CompletionType;
}): boolean {
  return o.isCompleted || o.completionType === 'partial' || o.completionType === 'completed';
}

/** Badge of a done occurrence: 'Partial' or 'Done'; null while not done. */
export function occurrenceBadge(o: {
  isCompleted: boolean;
  completionType: CompletionType;
}): 'Partial' | 'Done' | null {
  if (o.completionType === 'partial') return 'Partial';
  return isOccurrenceDone(o) ? 'Done' : null;
}

/** The three choices of 'How'd it go?' and their labels. */
export const COMPLETION_CHOICE_LABELS: Readonly<Record<CompletionType, string>> = {
  not_completed: "Didn't Complete",
  partial: 'Kinda Sorta',
  completed: 'Completed',
};

/** Feedback toast per choice, word for word. */
export const COMPLETION_FEEDBACK: Readonly<
  Record<CompletionType, { title: string; description: string }>
> = {
  not_completed: {
    title: 'No worries!',
    description: "Tomorrow's a fresh start. You've got this!",
  },
  partial: {
    title: 'Progress is progress!',
    description: "You're building momentum - every step counts!",
  },
  completed: {
    title: "Yes! You're on fire today!",
    description: "That's how it's done - keep the momentum going!",
  },
};

/**
 * Snooze ("until tomorrow") never moves a date earlier, so it is offered only for incomplete items whose
 * dates (due date, scheduled time) all fall today or before. An item with no date at all is offered it
 * when it has a specific time of day ('anytime' is not one): it then becomes due tomorrow. An item due
 * or scheduled on a later day is not snoozable. Quests and life tasks alike.
 */
export function canSnooze(
  item: {
    isCompleted: boolean;
    dueDate: Date | string | null;
    scheduledTime?: Date | string | null;
    timeOfDay?: TimeOfDay | null;
  },
  now: Date,
  timeZone: string,
): boolean {
  if (item.isCompleted) return false;
  const dates = [toInstant(item.dueDate), toInstant(item.scheduledTime)].filter(
    (date): date is Date => date !== null,
  );
  if (dates.length > 0) return dates.every((date) => daysUntilDue(date, now, timeZone) <= 0);
  return !!item.timeOfDay && item.timeOfDay !== 'anytime';
}

/** Why a quest or a life task was not snoozed (a 409): snoozing never moves a date earlier. */
export const QUEST_SNOOZE_REFUSED =
  'Only quests due today or overdue, or undated with a time of day, can be snoozed: snoozing never moves a date earlier';
export const LIFE_TASK_SNOOZE_REFUSED =
  'Only life tasks due today or overdue can be snoozed: snoozing never moves a date earlier';

/** completedQuests / totalQuests as a rounded percent, 0 when there are none. */
export function completionRate(completedQuests: number, totalQuests: number): number {
  if (totalQuests <= 0) return 0;
  return Math.round((completedQuests / totalQuests) * 100);
}

/** Streak progress bar target: 30 days. */
export const STREAK_TARGET_DAYS = 30;

export function streakProgressPercent(streak: number): number {
  return Math.min(100, Math.max(0, Math.round((streak / STREAK_TARGET_DAYS) * 100)));
}

/** Clear Completed shows only when a completed quest or a visible completed occurrence exists. */
export function canClearCompleted(
  quests: readonly { isCompleted: boolean }[],
  occurrences: readonly {
    isCompleted: boolean;
    completionType: CompletionType;
    hiddenFromDashboard: boolean;
  }[] = [],
): boolean {
  return (
    quests.some((q) => q.isCompleted) ||
    occurrences.some((o) => !o.hiddenFromDashboard && isOccurrenceDone(o))
  );
}
