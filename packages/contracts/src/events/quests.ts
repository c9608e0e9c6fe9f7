import { z } from 'zod';
import { localDateSchema } from '../common/dates.ts';
import {
  cadenceSchema,
  completionTypeSchema,
  growthPathSchema,
  lifeTaskCategorySchema,
  questCategorySchema,
  questDifficultySchema,
} from '../quests/enums.ts';

/** XP moved by a quest or an occurrence (svc-quests -> identity, goals, community). */
export const questXpEventDataSchema = z.object({
  userId: z.string(),
  questId: z.string(),
  /** Set when the quest is an occurrence of a series. */
  occurrenceId: z.string().nullable(),
  seriesId: z.string().nullable(),
  /** Negative for quests.revoked. */
  xpDelta: z.number().int(),
  difficulty: questDifficultySchema,
  category: questCategorySchema.nullable(),
  growthPath: growthPathSchema.nullable(),
  /** The day it happened in the user's zone. */
  localDate: localDateSchema,
  title: z.string(),
  /** The completion type after the change (not_completed for a revoke). */
  completionType: completionTypeSchema,
  /**
   * Whether the item could have a reminder when it moved: true for a one-time quest with a scheduled
   * time, false for an occurrence or a quest without one. Absent in events published before the field
   * existed, which readers treat as "could have one".
   */
  remindable: z.boolean().optional(),
});
export type QuestXpEventData = z.infer<typeof questXpEventDataSchema>;

/** A life task checked off; it earns its maintenance XP (life_task_completions). */
export const lifeTaskCompletedEventDataSchema = z.object({
  userId: z.string(),
  lifeTaskId: z.string(),
  title: z.string(),
  category: lifeTaskCategorySchema,
  xpEarned: z.number().int().min(0),
  localDate: localDateSchema,
});
export type LifeTaskCompletedEventData = z.infer<typeof lifeTaskCompletedEventDataSchema>;

/**
 * A life task's check-off taken back (Undo): it takes back exactly the XP that completion earned, once.
 * `completionEventId` names the quests.life_task_completed event it reverses, `completedOn` that
 * completion's local day, `localDate` the day of the Undo.
 */
export const lifeTaskUncompletedEventDataSchema = z.object({
  userId: z.string(),
  lifeTaskId: z.string(),
  title: z.string(),
  category: lifeTaskCategorySchema,
  /** Minus the XP the completion earned (0 or less). */
  xpDelta: z.number().int().max(0),
  localDate: localDateSchema,
  completionEventId: z.string(),
  completedOn: localDateSchema,
});
export type LifeTaskUncompletedEventData = z.infer<typeof lifeTaskUncompletedEventDataSchema>;

/**
 * A recurring series as it is after the change (svc-goals keeps a read model of series
 * and occurrences for the link dialog and the journey, so it never calls svc-quests).
 */
export const seriesEventDataSchema = z.object({
  userId: z.string(),
  seriesId: z.string(),
  title: z.string(),
  difficulty: questDifficultySchema,
  xpReward: z.number().int().min(0),
  category: questCategorySchema.nullable(),
  growthPath: growthPathSchema.nullable(),
  recurrenceType: cadenceSchema,
  weeklyPattern: z.array(z.number().int().min(0).max(6)).nullable(),
  isActive: z.boolean(),
});
export type SeriesEventData = z.infer<typeof seriesEventDataSchema>;

/** An occurrence materialised for a local day (a journey star). */
export const occurrenceScheduledEventDataSchema = z.object({
  userId: z.string(),
  seriesId: z.string(),
  occurrenceId: z.string(),
  title: z.string(),
  scheduledFor: localDateSchema,
  xpReward: z.number().int().min(0),
});
export type OccurrenceScheduledEventData = z.infer<typeof occurrenceScheduledEventDataSchema>;
