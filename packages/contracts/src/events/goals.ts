import { z } from 'zod';
import { goalProgressSourceSchema, goalStatusSchema, goalThemeSchema } from '../goals/enums.ts';
import { growthPathSchema } from '../quests/enums.ts';

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
