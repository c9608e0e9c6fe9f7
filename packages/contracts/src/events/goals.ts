import { z } from 'zod';
import { goalProgressSourceSchema, goalStatusSchema, goalThemeSchema } from '../goals/enums.ts';
import { growthPathSchema } from '../quests/enums.ts';
import { defineEvent } from './envelope.ts';

export const GOAL_EVENT_TYPES = ['goals.created', 'goals.changed', 'goals.completed'] as const;
export type GoalEventType = (typeof GOAL_EVENT_TYPES)[number];

/** The goal as it is after the change; svc-quests keeps counts and calendar entries from it. */
export const goalEventDataSchema = z.object({
  userId: z.string(),
  goalId: z.string(),
  title: z.string(),
  theme: goalThemeSchema,
  status: goalStatusSchema,
  currentXp: z.number().int().min(0),
  targetXp: z.number().int().min(1),
  /** Set when status is completed. */
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Local date of the change in the user's zone, when the publisher knows it. */
  localDate: z.iso.date().nullable().optional(),
  deleted: z.boolean().optional(),
});
export type GoalEventData = z.infer<typeof goalEventDataSchema>;
export const goalEventSchema = defineEvent(GOAL_EVENT_TYPES, goalEventDataSchema);
export type GoalEvent = z.infer<typeof goalEventSchema>;

export const GOAL_PROGRESS_EVENT_TYPES = ['goals.progressed'] as const;

/**
 * XP moved on a goal (a goal_progress_events row): manual Add
 * XP, a linked occurrence done or undone (quest), bonus or penalty. svc-goals writes the row from it, keyed
 * by the event id, so the history is certain even if the process dies right after the goal update.
 */
export const goalProgressEventDataSchema = z.object({
  userId: z.string(),
  goalId: z.string(),
  deltaXp: z.number().int(),
  source: goalProgressSourceSchema,
  /** The occurrence for source quest; null for manual XP. */
  sourceId: z.string().nullable(),
  /** True when this change completed the goal. */
  isCompletion: z.boolean(),
  goalTitle: z.string(),
  goalCurrentXp: z.number().int().min(0),
  goalTargetXp: z.number().int().min(1),
});
export type GoalProgressEventData = z.infer<typeof goalProgressEventDataSchema>;
export const goalProgressEventSchema = defineEvent(
  GOAL_PROGRESS_EVENT_TYPES,
  goalProgressEventDataSchema,
);
export type GoalProgressEvent = z.infer<typeof goalProgressEventSchema>;

export const TALENT_EVENT_TYPES = ['goals.talent_unlocked'] as const;

/** A talent node unlocked by check-unlocks (svc-goals publishes talent unlocked). */
export const talentUnlockedEventDataSchema = z.object({
  userId: z.string(),
  nodeKey: z.string(),
  title: z.string(),
  path: growthPathSchema,
  tier: z.number().int().min(1),
  isKeystone: z.boolean(),
  unlockMessage: z.string(),
});
export type TalentUnlockedEventData = z.infer<typeof talentUnlockedEventDataSchema>;
export const talentUnlockedEventSchema = defineEvent(
  TALENT_EVENT_TYPES,
  talentUnlockedEventDataSchema,
);
export type TalentUnlockedEvent = z.infer<typeof talentUnlockedEventSchema>;
