import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import type { CompletionType } from '../quests/enums.ts';
import { xpForCompletion } from '../quests/completion.ts';
import { goalProgressSourceSchema, type GoalStatus } from './enums.ts';
import { EVENTS } from '../events/table.ts';

// How a goal's XP and status move. Reaching the target is what marks a goal completed.

export const GOAL_NOT_FOUND_MESSAGE = 'Goal not found';
export const GOAL_ALREADY_COMPLETED_MESSAGE = 'This goal is already completed';
export const GOAL_ARCHIVED_MESSAGE = 'An archived goal cannot earn XP';
export const SERIES_ALREADY_LINKED_MESSAGE = 'This series is already linked to the goal';
export const SERIES_NOT_FOUND_MESSAGE = 'Recurring series not found';

/** Add XP is offered while a goal is active or paused (the row is hidden once completed). */
export function canAddGoalProgress(status: GoalStatus): boolean {
  return status === 'active' || status === 'paused';
}

/**
 * The status once XP or the target changed: reaching the target completes an active or paused goal;
 * a completed goal that falls below its target again (an undone occurrence, a raised target) is active
 * again. Archived goals stay archived.
 */
export function settleGoalStatus(goal: {
  status: GoalStatus;
  currentXp: number;
  targetXp: number;
}): GoalStatus {
  if (goal.status === 'archived') return 'archived';
  if (goal.currentXp >= goal.targetXp) return 'completed';
  return goal.status === 'completed' ? 'active' : goal.status;
}

/** completedAt follows the status: kept while completed, set on completion, cleared otherwise. */
export function completedAtFor(
  status: GoalStatus,
  previous: { status: GoalStatus; completedAt: Date | null },
  now: Date,
): Date | null {
  if (status !== 'completed') return null;
  return previous.status === 'completed' && previous.completedAt ? previous.completedAt : now;
}

/** The event a change publishes: goals.completed when it completes the goal, goals.changed otherwise. */
export function goalChangeEventType(
  before: GoalStatus,
  after: GoalStatus,
): typeof EVENTS.goalChanged.type | typeof EVENTS.goalCompleted.type {
  return after === 'completed' && before !== 'completed'
    ? EVENTS.goalCompleted.type
    : EVENTS.goalChanged.type;
}

/**
 * XP a linked series' occurrence gives the goal: what its completion type is worth at xpPerOccurrence
 * (completed all of it, partial half rounded down, like quest XP), counted only when it was done at or
 * after the link was made. Completing adds it, undoing takes it back.
 */
export function linkedOccurrenceXp(
  occurrence: { completionType: CompletionType; doneAt: Date | null },
  link: { xpPerOccurrence: number; linkedAt: Date },
): number {
  if (!occurrence.doneAt || occurrence.doneAt.getTime() < link.linkedAt.getTime()) return 0;
  return xpForCompletion(occurrence.completionType, link.xpPerOccurrence);
}

/** GET /api/goals/{id}/progress: the goal's goal_progress_events, oldest first. */
export const goalProgressEntrySchema = z.object({
  id: z.string(),
  goalId: z.string(),
  deltaXp: z.number().int(),
  source: goalProgressSourceSchema,
  sourceId: z.string().nullable(),
  isCompletion: z.boolean(),
  occurredAt: isoDateTimeSchema,
  goalCurrentXp: z.number().int().min(0),
  goalTargetXp: z.number().int().min(1),
});
export type GoalProgressEntry = z.infer<typeof goalProgressEntrySchema>;
export const goalProgressListResponseSchema = z.array(goalProgressEntrySchema);
