import { z } from 'zod';
import { isoDateTimeSchema, localDateSchema } from '../common/dates.ts';
import { cadenceSchema, completionTypeSchema, questDifficultySchema } from '../quests/enums.ts';
import { goalStatusSchema, goalThemeSchema } from './enums.ts';

// Goals, goal templates and the journey.

/** New goal defaults: theme personal, targetXp 300, cadence monthly, colour blue. */
export const GOAL_DEFAULTS = {
  theme: 'personal',
  targetXp: 300,
  cadence: 'monthly',
  color: 'blue',
  status: 'active',
} as const;

/** Field rules of the goal form are not shown; these messages are ours. */
const goalFields = {
  title: z
    .string({ error: 'Goal title is required' })
    .trim()
    .min(1, 'Goal title is required')
    .max(100, 'Goal title must be 100 characters or less'),
  description: z.string().trim().max(1000).nullable().optional(),
  theme: goalThemeSchema,
  /** Parsed as an integer in the forms. */
  targetXp: z.coerce
    .number({ error: 'Target XP must be a whole number of at least 1' })
    .int('Target XP must be a whole number of at least 1')
    .min(1, 'Target XP must be a whole number of at least 1')
    .max(1_000_000),
  cadence: cadenceSchema,
  icon: z.string().trim().max(50).nullable().optional(),
  /** Forms offer six colours; the card knows more, so any short name is stored and unknown ones show blue. */
  color: z.string().trim().min(1).max(30),
  status: goalStatusSchema,
};

/** POST /api/goals (the shared goal-creation shape: title, description, theme, targetXp, cadence, icon, color, status). */
export const createGoalRequestSchema = z.object({
  title: goalFields.title,
  description: goalFields.description,
  theme: goalFields.theme.default(GOAL_DEFAULTS.theme),
  targetXp: goalFields.targetXp.default(GOAL_DEFAULTS.targetXp),
  cadence: goalFields.cadence.default(GOAL_DEFAULTS.cadence),
  icon: goalFields.icon,
  color: goalFields.color.default(GOAL_DEFAULTS.color),
  status: goalFields.status.default(GOAL_DEFAULTS.status),
});
export type CreateGoalRequest = z.infer<typeof createGoalRequestSchema>;
export type CreateGoalRequestInput = z.input<typeof createGoalRequestSchema>;

/** PUT /api/goals/{id}: either {status} (pause toggle) or the form's fields; absent fields are unchanged. */
export const updateGoalRequestSchema = z
  .object({
    title: goalFields.title.optional(),
    description: goalFields.description,
    theme: goalFields.theme.optional(),
    targetXp: goalFields.targetXp.optional(),
    cadence: goalFields.cadence.optional(),
    icon: goalFields.icon,
    color: goalFields.color.optional(),
    status: goalFields.status.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateGoalRequest = z.infer<typeof updateGoalRequestSchema>;

export const ADD_XP_MIN = 1;
export const ADD_XP_MAX = 100;
export const ADD_XP_DEFAULT = 10;

/**
 * POST /api/goals/{id}/progress with xpGain, 1..100; the server also clamps to
 * the XP remaining (clampAddXp).
 */
export const addGoalProgressRequestSchema = z.object({
  xpGain: z.coerce.number().int().min(ADD_XP_MIN).max(ADD_XP_MAX).default(ADD_XP_DEFAULT),
});
export type AddGoalProgressRequest = z.infer<typeof addGoalProgressRequestSchema>;

/** POST /api/goals/{id}/series: seriesId, xpPerOccurrence (minimum 1). */
export const linkSeriesRequestSchema = z.object({
  seriesId: z.string({ error: 'Please choose a series' }).min(1, 'Please choose a series'),
  xpPerOccurrence: z.coerce.number().int().min(1, 'XP per occurrence must be at least 1'),
});
export type LinkSeriesRequest = z.infer<typeof linkSeriesRequestSchema>;

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  theme: goalThemeSchema,
  targetXp: z.number().int().min(1),
  currentXp: z.number().int().min(0),
  cadence: cadenceSchema,
  color: z.string(),
  icon: z.string().nullable(),
  status: goalStatusSchema,
  /** The dashboard reads a difficulty on goals; goals have none in the data model. */
  difficulty: questDifficultySchema.nullable().optional(),
  createdAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalListResponseSchema = z.array(goalSchema);
export type GoalListResponse = z.infer<typeof goalListResponseSchema>;

/** POST /api/goals/{id}/progress answers the goal after the change and the XP actually added. */
export const addGoalProgressResponseSchema = goalSchema.extend({
  xpAdded: z.number().int().min(0),
});
export type AddGoalProgressResponse = z.infer<typeof addGoalProgressResponseSchema>;

export const goalTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  theme: goalThemeSchema,
  targetXp: z.number().int().min(1),
  cadence: cadenceSchema,
  color: z.string(),
  icon: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  exampleQuests: z.array(z.string()).optional(),
});
export type GoalTemplate = z.infer<typeof goalTemplateSchema>;
export const goalTemplateListResponseSchema = z.array(goalTemplateSchema);
export type GoalTemplateListResponse = z.infer<typeof goalTemplateListResponseSchema>;

/** GET /api/goal-templates/{theme} */
export const goalTemplateThemeParamsSchema = z.object({ theme: goalThemeSchema });

/** GET /api/goals/{id}/series: the goal's links, an id per item. */
export const goalSeriesLinkSchema = z.object({
  id: z.string(),
  goalId: z.string(),
  seriesId: z.string(),
  title: z.string(),
  xpPerOccurrence: z.number().int().min(1),
  linkedAt: isoDateTimeSchema,
});
export type GoalSeriesLink = z.infer<typeof goalSeriesLinkSchema>;
export const goalSeriesLinkListResponseSchema = z.array(goalSeriesLinkSchema);
export type GoalSeriesLinkListResponse = z.infer<typeof goalSeriesLinkListResponseSchema>;

/** GET /api/goals/{id}/journey. */
export const journeyOccurrenceSchema = z.object({
  id: z.string(),
  scheduledFor: localDateSchema,
  isCompleted: z.boolean(),
  /** Partial or completed when isCompleted (a partial star contributed half, linkedOccurrenceXp). */
  completionType: completionTypeSchema.optional(),
  /** XP this occurrence gave the goal (0 when not done, or done before the series was linked). */
  xpContributed: z.number().int().min(0).optional(),
});
export type JourneyOccurrence = z.infer<typeof journeyOccurrenceSchema>;
export const journeyResponseSchema = z.object({
  linkedSeries: z.array(
    z.object({
      seriesId: z.string(),
      title: z.string(),
      xpPerOccurrence: z.number().int().min(1),
      occurrences: z.array(journeyOccurrenceSchema),
    }),
  ),
});
export type JourneyResponse = z.infer<typeof journeyResponseSchema>;
