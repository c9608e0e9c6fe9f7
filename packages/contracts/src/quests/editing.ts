import { z } from 'zod';
import { dateInputSchema } from '../common/dates.ts';
import {
  cadenceSchema,
  growthPathSchema,
  lifeTaskCategorySchema,
  lifeTaskPrioritySchema,
  lifeTaskRecurrenceUnitSchema,
  questCategorySchema,
  questDifficultySchema,
  timeOfDaySchema,
} from './enums.ts';
import { checklistUpdateFields } from './checklist.ts';
import { createLifeTaskRequestSchema } from './life-task.ts';
import { questDescriptionSchema, questTagsSchema, questTitleSchema } from './quest.ts';
import { measureSchema } from './measure.ts';
import { WEEKLY_DAYS_REQUIRED_MESSAGE, monthlyBySchema, weekdaySchema } from './series.ts';

const NOTHING_TO_UPDATE = 'Nothing to update';
const somethingGiven = (body: Record<string, unknown>) =>
  Object.values(body).some((v) => v !== undefined);

/**
 * PATCH /api/quests/recurring/{id}: what a series' edit dialog may change. An absent field stays as it
 * is. The change applies from the next occurrence: occurrences already done (and every past day) keep
 * what they were; a new schedule applies from tomorrow.
 */
export const updateSeriesRequestSchema = z
  .object({
    title: questTitleSchema.optional(),
    description: questDescriptionSchema.optional(),
    difficulty: questDifficultySchema.optional(),
    xpReward: z.number().int().min(1).max(1000).optional(),
    timeEstimate: z.string().trim().max(50).nullable().optional(),
    category: questCategorySchema.nullable().optional(),
    timeOfDay: timeOfDaySchema.optional(),
    growthPath: growthPathSchema.nullable().optional(),
    recurrenceType: cadenceSchema.optional(),
    recurrenceInterval: z.number().int().min(1).max(52).optional(),
    weeklyPattern: z.array(weekdaySchema).max(7).nullable().optional(),
    monthlyBy: monthlyBySchema.optional(),
    /** Measurable or not, and the target: from today's open day on, as for the other fields. */
    measure: measureSchema.nullable().optional(),
    tags: questTagsSchema.optional(),
    /** The steps from today's open day on (kept steps keep that day's tick), and the choice. */
    ...checklistUpdateFields,
  })
  .refine(somethingGiven, { message: NOTHING_TO_UPDATE })
  .superRefine((s, ctx) => {
    if (s.recurrenceType === 'weekly' && s.weeklyPattern !== undefined && !s.weeklyPattern?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['weeklyPattern'],
        message: WEEKLY_DAYS_REQUIRED_MESSAGE,
      });
  });
export type UpdateSeriesRequest = z.infer<typeof updateSeriesRequestSchema>;
export type UpdateSeriesRequestInput = z.input<typeof updateSeriesRequestSchema>;

/** The fields of a series whose change re-plans its days (the others only rename or re-price them). */
export const SERIES_SCHEDULE_FIELDS = [
  'recurrenceType',
  'recurrenceInterval',
  'weeklyPattern',
  'monthlyBy',
] as const;

/** PATCH /api/life-tasks/{id}: the life task dialog's fields; an absent field stays as it is. */
export const updateLifeTaskRequestSchema = z
  .object({
    title: createLifeTaskRequestSchema.shape.title.optional(),
    notes: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
    dueDate: dateInputSchema.optional(),
    isRecurring: z.boolean().optional(),
    recurrenceType: lifeTaskRecurrenceUnitSchema.optional(),
    recurrenceInterval: z.number().int().min(1).max(365).optional(),
    maintenanceXp: z.number().int().min(0).max(100).optional(),
    category: lifeTaskCategorySchema.optional(),
    priority: lifeTaskPrioritySchema.optional(),
    color: z.string().trim().min(1).max(30).optional(),
  })
  .refine(somethingGiven, { message: NOTHING_TO_UPDATE });
export type UpdateLifeTaskRequest = z.infer<typeof updateLifeTaskRequestSchema>;
export type UpdateLifeTaskRequestInput = z.input<typeof updateLifeTaskRequestSchema>;

/** GET /api/quests?includeCleared=true: also the done quests Clear Completed took off the dashboard. */
export const questListQuerySchema = z.object({
  includeCleared: z
    .enum(['true', 'false'], { error: 'includeCleared must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type QuestListQuery = z.infer<typeof questListQuerySchema>;

/** Route parameter `{eventId}`: the id of the completion event (the XP history's entry id). */
export const completionEventParamsSchema = z.object({
  eventId: z
    .string({ error: 'eventId is required' })
    .trim()
    .min(1, 'eventId is required')
    .max(100, 'eventId is at most 100 characters'),
});

/**
 * POST /api/quests/completions/{eventId}/undo: takes back the completion that event recorded, through
 * the usual revoke (the item goes back to not completed). Exactly once: when that completion is no
 * longer the item's current one (already undone, or completed again since), nothing moves and
 * `undone` is false.
 */
export const undoCompletionResponseSchema = z.object({
  kind: z.enum(['quest', 'occurrence', 'life_task']),
  id: z.string(),
  title: z.string(),
  undone: z.boolean(),
  xpDelta: z.number().int(),
});
export type UndoCompletionResponse = z.infer<typeof undoCompletionResponseSchema>;

/**
 * Which of these completions Undo can still take back (the XP history asks for the rows it shows):
 * those that are still their item's standing completion, on an item that is not deleted.
 */
export const UNDOABLE_COMPLETIONS_MAX = 500;
export const undoableCompletionsRequestSchema = z
  .object({
    eventIds: z
      .array(completionEventParamsSchema.shape.eventId, { error: 'eventIds must be a list' })
      .max(UNDOABLE_COMPLETIONS_MAX, `eventIds holds at most ${UNDOABLE_COMPLETIONS_MAX} ids`),
  })
  .strict();
export const undoableCompletionsResponseSchema = z.object({ eventIds: z.array(z.string()) });
export type UndoableCompletionsResponse = z.infer<typeof undoableCompletionsResponseSchema>;

/** The rule a delete confirmation states (docs/xp-rules.md). */
export const DELETE_KEEPS_XP_TEXT =
  'XP you already earned from it stays yours. To take XP back, un-complete it instead.';
/** The streak rule a skip states: a skipped day neither counts for nor breaks the day streak. */
export const SKIP_KEEPS_STREAK_TEXT =
  "Skipping earns no XP, and today won't break your day streak.";
