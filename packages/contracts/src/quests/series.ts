import { z } from 'zod';
import { dateInputSchema, isoDateTimeSchema } from '../common/dates.ts';
import {
  cadenceSchema,
  growthPathSchema,
  questCategorySchema,
  questDifficultySchema,
  timeOfDaySchema,
} from './enums.ts';
import { checklistCreateFields, checklistTemplateStepSchema } from './checklist.ts';
import { measureSchema } from './measure.ts';
import { occurrenceSummarySchema } from './occurrence.ts';
import {
  questCoreSchema,
  questDescriptionSchema,
  questTagsSchema,
  questTitleSchema,
} from './quest.ts';
import { defaultXpForDifficulty } from './xp.ts';

/** Weekdays 0 (Sunday) to 6 (Saturday). */
export const weekdaySchema = z.number().int().min(0).max(6);

/** Monthly series: on the start's date, or on its weekday of the same week of the month. */
export const monthlyBySchema = z.enum(['day_of_month', 'weekday']);

/** The toast when a weekly series has no day. */
export const WEEKLY_DAYS_REQUIRED_MESSAGE = 'Select at least one day';
export const WEEKLY_DAYS_REQUIRED_DESCRIPTION =
  "Please choose which days you'd like this quest to repeat on.";

/** Fields of POST /api/quests/recurring. */
export const createSeriesFieldsSchema = z.object({
  title: questTitleSchema,
  description: questDescriptionSchema,
  difficulty: questDifficultySchema.default('easy'),
  xpReward: z.number().int().min(1).max(1000).optional(),
  timeEstimate: z.string().trim().max(50).nullable().optional(),
  category: questCategorySchema.nullable().optional(),
  timeOfDay: timeOfDaySchema.default('anytime'),
  growthPath: growthPathSchema.nullable().optional(),
  recurrenceType: cadenceSchema.default('daily'),
  /** Weekly recurrence interval 1. */
  recurrenceInterval: z.number().int().min(1).max(52).default(1),
  /** Weekday numbers for weekly, null for daily. */
  weeklyPattern: z.array(weekdaySchema).max(7).nullable().optional(),
  monthlyBy: monthlyBySchema.default('day_of_month'),
  /** A measurable routine's daily target; null (the default) for a done-or-not routine. */
  measure: measureSchema.nullable().optional(),
  /** Words to find the routine by in the Quest Log (as a quest's tags). */
  tags: questTagsSchema.optional(),
  /**
   * The steps each day gets its own unticked copy of (at most CHECKLIST_MAX_STEPS, as a quest's), and the
   * choice that the tick leaving every step of a day done completes that day.
   */
  ...checklistCreateFields,
  /** Recurring start date is now when omitted; no end date. */
  startDate: dateInputSchema,
  endDate: dateInputSchema,
});

/** POST /api/quests/recurring. Weekly needs at least one weekday. */
export const createSeriesRequestSchema = createSeriesFieldsSchema
  .superRefine((s, ctx) => {
    if (s.recurrenceType === 'weekly' && (!s.weeklyPattern || s.weeklyPattern.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['weeklyPattern'],
        message: WEEKLY_DAYS_REQUIRED_MESSAGE,
      });
    }
  })
  .transform((s) => ({
    ...s,
    xpReward: s.xpReward ?? defaultXpForDifficulty(s.difficulty),
    timeEstimate: s.timeEstimate ?? null,
    category: s.category ?? null,
    growthPath: s.growthPath ?? null,
    measure: s.measure ?? null,
    tags: s.tags ?? [],
    weeklyPattern:
      s.recurrenceType === 'weekly'
        ? [...new Set(s.weeklyPattern ?? [])].sort((a, b) => a - b)
        : null,
  }));
export type CreateSeriesRequest = z.infer<typeof createSeriesRequestSchema>;
export type CreateSeriesRequestInput = z.input<typeof createSeriesRequestSchema>;

/** A series as GET /api/quests/recurring answers it. */
export const seriesSchema = questCoreSchema.extend({
  recurrenceType: cadenceSchema,
  recurrenceInterval: z.number().int().min(1),
  weeklyPattern: z.array(weekdaySchema).nullable(),
  monthlyBy: monthlyBySchema,
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema.nullable(),
  isActive: z.boolean(),
  /** Measurable: the daily target (absent from older answers: done or not). */
  measure: measureSchema.nullable().optional(),
  /** The routine's tags (absent from older answers: none). */
  tags: z.array(z.string()).optional(),
  /** The routine's steps (each day ticks its own copy; absent from older answers: none). */
  checklist: z.array(checklistTemplateStepSchema).default([]),
  completeWhenChecklistDone: z.boolean().default(false),
  todaysOccurrence: occurrenceSummarySchema.nullable(),
  yesterdaysOccurrence: occurrenceSummarySchema.nullable(),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesListResponseSchema = z.array(seriesSchema);
export type SeriesListResponse = z.infer<typeof seriesListResponseSchema>;

/** GET /api/quests/recurring-series: the goal link dialog's choices. */
export const seriesChoiceSchema = z.object({ id: z.string(), title: z.string() });
export type SeriesChoice = z.infer<typeof seriesChoiceSchema>;
export const seriesChoiceListResponseSchema = z.array(seriesChoiceSchema);
export type SeriesChoiceListResponse = z.infer<typeof seriesChoiceListResponseSchema>;
