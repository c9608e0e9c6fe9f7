import { z } from 'zod';
import { isoDateTimeSchema, localDateSchema } from '../common/dates.ts';
import {
  completionTypeSchema,
  questCategorySchema,
  questDifficultySchema,
  timeOfDaySchema,
} from './enums.ts';
import { checklistAnswerFields, checklistStepSchema } from './checklist.ts';
import { measureSchema } from './measure.ts';

/**
 * One dated instance of a recurring series (Quest occurrence). Occurrences are
 * materialised per local day in the user's zone, so scheduledFor is the
 * calendar date 'YYYY-MM-DD', not an instant; the pair seriesId + scheduledFor is unique
 * (quest_occurrences).
 */
export const occurrenceSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: questDifficultySchema,
  xpReward: z.number().int().min(0),
  timeEstimate: z.string().nullable(),
  category: questCategorySchema.nullable(),
  timeOfDay: timeOfDaySchema,
  scheduledFor: localDateSchema,
  isCompleted: z.boolean(),
  completionType: completionTypeSchema,
  progressNotes: z.string().nullable(),
  partialXpEarned: z.number().int().min(0),
  completedAt: isoDateTimeSchema.nullable(),
  hiddenFromDashboard: z.boolean(),
  /** Skipped on purpose: earns nothing, neither counts for nor breaks the streak. */
  skipped: z.boolean(),
  createdAt: isoDateTimeSchema,
  /**
   * The XP the completion now standing earned (0 when not completed, and for one an import brought:
   * imported history earns no XP). Absent from older answers: read xpForCompletion instead.
   */
  awardedXp: z.number().int().min(0).optional(),
  /** Brought in by an import (Loop, Habitica). */
  imported: z.boolean().optional(),
  /** A measurable routine's target for this day (absent or null: done or not). */
  measure: measureSchema.nullable().optional(),
  /** The amount entered for the day; null before one is. */
  amount: z.number().nullable().optional(),
  /** A per-week target's total from Monday to this day; absent for a per-day or done-or-not routine. */
  weekTotal: z.number().nullable().optional(),
  /** The day's own copy of its routine's steps with their ticks, and the routine's auto-complete choice. */
  ...checklistAnswerFields,
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

/** POST /api/quests/occurrences/{id}/toggle and /complete: the occurrence after the change, with the XP it moved. */
export const occurrenceToggleResponseSchema = occurrenceSchema.extend({
  xpDelta: z.number().int(),
  /** The event of the completion now standing (what Undo takes back); null when not completed. */
  completionEventId: z.string().nullable().optional(),
});
export type OccurrenceToggleResponse = z.infer<typeof occurrenceToggleResponseSchema>;

/**
 * PATCH /api/quests/{id}/progress and PATCH /api/quests/occurrences/{id}/progress:
 * completionType, progressNotes (null).
 */
export const progressUpdateRequestSchema = z.object({
  completionType: completionTypeSchema,
  progressNotes: z.string().max(2000).nullable().default(null),
});
export type ProgressUpdateRequest = z.infer<typeof progressUpdateRequestSchema>;

/** The series summary a card reads (Recurring series: todaysOccurrence, yesterdaysOccurrence). */
export const occurrenceSummarySchema = z.object({
  id: z.string(),
  isCompleted: z.boolean(),
  completionType: completionTypeSchema,
  hiddenFromDashboard: z.boolean(),
  xpReward: z.number().int().min(0),
  scheduledFor: localDateSchema,
  /** Skipped on purpose (absent from older answers: not skipped). */
  skipped: z.boolean().optional(),
  /** The amount entered for a measurable routine's day; null before one is. */
  amount: z.number().nullable().optional(),
  /** A per-week target's total from Monday to this day (absent: per day, or not measured). */
  weekTotal: z.number().nullable().optional(),
  /** The day's steps with their ticks (absent from older answers: none). */
  checklist: z.array(checklistStepSchema).optional(),
});
export type OccurrenceSummary = z.infer<typeof occurrenceSummarySchema>;

/** GET /api/quests/occurrences?startDate&endDate. */
export const occurrenceListResponseSchema = z.array(occurrenceSchema);
export type OccurrenceListResponse = z.infer<typeof occurrenceListResponseSchema>;
