import { z } from 'zod';
import { localDateSchema } from '../common/dates.ts';
import {
  completionTypeSchema,
  growthPathSchema,
  lifeTaskCategorySchema,
  questCategorySchema,
  questDifficultySchema,
} from '../quests/enums.ts';
import { defineEvent } from './envelope.ts';

export const QUEST_XP_EVENT_TYPES = ['quests.completed', 'quests.partial', 'quests.revoked'] as const;
export type QuestXpEventType = (typeof QUEST_XP_EVENT_TYPES)[number];

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
  /** The day it happened in the user's zone (architecture.md decision 7). */
  localDate: localDateSchema,
  title: z.string(),
  /** The completion type after the change (not_completed for a revoke). */
  completionType: completionTypeSchema,
});
export type QuestXpEventData = z.infer<typeof questXpEventDataSchema>;

export const questXpEventSchema = defineEvent(QUEST_XP_EVENT_TYPES, questXpEventDataSchema);
export type QuestXpEvent = z.infer<typeof questXpEventSchema>;

export const LIFE_TASK_EVENT_TYPES = ['quests.life_task_completed'] as const;

/** A life task checked off; it earns its maintenance XP (goals-progression-community.md section 3, life_task_completions). */
export const lifeTaskCompletedEventDataSchema = z.object({
  userId: z.string(),
  lifeTaskId: z.string(),
  title: z.string(),
  category: lifeTaskCategorySchema,
  xpEarned: z.number().int().min(0),
  localDate: localDateSchema,
});
export type LifeTaskCompletedEventData = z.infer<typeof lifeTaskCompletedEventDataSchema>;

export const lifeTaskCompletedEventSchema = defineEvent(LIFE_TASK_EVENT_TYPES, lifeTaskCompletedEventDataSchema);
export type LifeTaskCompletedEvent = z.infer<typeof lifeTaskCompletedEventSchema>;
