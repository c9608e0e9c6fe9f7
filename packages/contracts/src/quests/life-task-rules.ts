import { addInterval } from '../time/zone.ts';
import type { LifeTaskRecurrenceUnit } from './enums.ts';

// Completing a life task (life_tasks and life_task_completions: maintenanceXp, isRecurring, recurrenceInterval with a unit, nextDueDate).

export interface LifeTaskCompletionInput {
  isCompleted: boolean;
  isRecurring: boolean;
  recurrenceInterval: number;
  recurrenceType: LifeTaskRecurrenceUnit;
  maintenanceXp: number;
  /** The local day of the last completion in the user's zone, or null. */
  lastCompletedOn: string | null;
}

export interface LifeTaskCompletionOutcome {
  /** False when the completion changes nothing (already done, or a recurring task done again the same day). */
  earns: boolean;
  xpEarned: number;
  /** A one-time task is done; a recurring one stays open and comes due again. */
  isCompleted: boolean;
  /** The local day a recurring task is due next, or null. */
  nextDueOn: string | null;
}

/**
 * A one-time task completes once. A recurring task earns its maintenance XP and comes due again one
 * interval after the day it was completed (days, weeks, months, years; a month from 31 January is the
 * end of February). Completing a recurring task twice on the same local day is a double click, not a
 * second round of upkeep, so it earns nothing.
 */
export function lifeTaskCompletion(
  task: LifeTaskCompletionInput,
  today: string,
): LifeTaskCompletionOutcome {
  const unchanged = {
    earns: false,
    xpEarned: 0,
    isCompleted: task.isCompleted,
    nextDueOn: null,
  };
  if (!task.isRecurring) {
    if (task.isCompleted) return unchanged;
    return { earns: true, xpEarned: task.maintenanceXp, isCompleted: true, nextDueOn: null };
  }
  if (task.lastCompletedOn === today) return unchanged;
  return {
    earns: true,
    xpEarned: task.maintenanceXp,
    isCompleted: false,
    nextDueOn: addInterval(today, Math.max(1, task.recurrenceInterval), task.recurrenceType),
  };
}
