import { z } from 'zod';

// Enumerations of the quest domain.

export const questDifficultySchema = z.enum(['easy', 'medium', 'hard']);
export type QuestDifficulty = z.infer<typeof questDifficultySchema>;

export const QUEST_CATEGORIES = [
  'morning_routine',
  'evening_routine',
  'work_focus',
  'health_fitness',
  'creative_project',
  'learning',
  'social_connection',
  'self_care',
  'chores_errands',
  'other',
] as const;
export const questCategorySchema = z.enum(QUEST_CATEGORIES);
export type QuestCategory = z.infer<typeof questCategorySchema>;

/** How each quest category reads on screen (the create form, the Quest Log's filter). */
export const QUEST_CATEGORY_LABELS: Record<QuestCategory, string> = {
  morning_routine: 'Morning Routine',
  evening_routine: 'Evening Routine',
  work_focus: 'Work Focus',
  health_fitness: 'Health & Fitness',
  creative_project: 'Creative Project',
  learning: 'Learning',
  social_connection: 'Social Connection',
  self_care: 'Self Care',
  chores_errands: 'Chores & Errands',
  other: 'Other',
};

/** A quest carries at most this many tags, each at most QUEST_TAG_MAX_LENGTH characters. */
export const QUEST_TAGS_MAX = 20;
export const QUEST_TAG_MAX_LENGTH = 40;

export const timeOfDaySchema = z.enum(['morning', 'afternoon', 'evening', 'anytime']);
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;

export const completionTypeSchema = z.enum(['not_completed', 'partial', 'completed']);
export type CompletionType = z.infer<typeof completionTypeSchema>;

/** Talent paths and quest template categories share these values. */
export const growthPathSchema = z.enum(['inner_growth', 'physical_growth', 'environment_growth']);
export type GrowthPath = z.infer<typeof growthPathSchema>;

/** Series recurrence type and goal cadence share these values. */
export const cadenceSchema = z.enum(['daily', 'weekly', 'monthly', 'custom']);
export type Cadence = z.infer<typeof cadenceSchema>;

export const lifeTaskCategorySchema = z.enum([
  'personal',
  'health',
  'bills',
  'maintenance',
  'appointments',
  'household',
]);
export type LifeTaskCategory = z.infer<typeof lifeTaskCategorySchema>;

export const lifeTaskPrioritySchema = z.enum(['low', 'medium', 'high', 'urgent']);
export type LifeTaskPriority = z.infer<typeof lifeTaskPrioritySchema>;

export const lifeTaskRecurrenceUnitSchema = z.enum(['days', 'weeks', 'months', 'years']);
export type LifeTaskRecurrenceUnit = z.infer<typeof lifeTaskRecurrenceUnitSchema>;
