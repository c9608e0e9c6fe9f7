import { z } from 'zod';
import { isoDateTimeSchema, localDateSchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { addDays, daysBetween } from '../time/zone.ts';
import { BACKFILL_DAYS, canBackfill } from './backfill.ts';
import { normaliseTags, questTagsSchema } from './quest.ts';

/**
 * Habits to break ("Smoke", "Doomscroll"): the user records a slip each time it happens, and the app
 * counts the days without one. They are not series: no occurrences, no dashboard, planner, rooms,
 * reminders or streaks, and slips never earn or cost XP (no XP event, no completion event).
 * docs/habits-to-break.md explains the rules in words.
 */

export const BREAK_HABIT_TITLE_MAX = 100;
export const BREAK_HABIT_DESCRIPTION_MAX = 2000;
/** The days of the small history (per-day slips) and of the longer count. */
export const BREAK_HABIT_HISTORY_DAYS = 30;
export const BREAK_HABIT_NO_XP_NOTE = 'Slips earn no XP and take none away.';
/** A slip before the habit's start day. */
export const SLIP_BEFORE_START = 'A slip cannot be before the day this habit started.';
/** A slip on a day that has not come yet, or further back than the back-fill window. */
export const SLIP_OUTSIDE_WINDOW = `You can record a slip for today and the last ${BACKFILL_DAYS} days.`;
export const NO_SLIP_TO_UNDO = 'There is no slip on that day to undo.';

const titleMessage = `A title is 1 to ${BREAK_HABIT_TITLE_MAX} characters`;
export const breakHabitTitleSchema = z
  .string({ error: titleMessage })
  .trim()
  .min(1, titleMessage)
  .max(BREAK_HABIT_TITLE_MAX, titleMessage);
export const breakHabitDescriptionSchema = z
  .string()
  .trim()
  .max(
    BREAK_HABIT_DESCRIPTION_MAX,
    `A description is at most ${BREAK_HABIT_DESCRIPTION_MAX} characters`,
  );
/** Tags as a quest's (the same limits), one spelling each (normaliseTags). */
const breakHabitTagsSchema = questTagsSchema.transform(normaliseTags);

/** POST /api/quests/break-habits. */
export const createBreakHabitRequestSchema = z.strictObject({
  title: breakHabitTitleSchema,
  description: breakHabitDescriptionSchema.default(''),
  tags: breakHabitTagsSchema.default([]),
});
export type CreateBreakHabitRequest = z.infer<typeof createBreakHabitRequestSchema>;
export type CreateBreakHabitRequestInput = z.input<typeof createBreakHabitRequestSchema>;

/** PATCH /api/quests/break-habits/{id}: the fields given change, the others stay. */
export const updateBreakHabitRequestSchema = z.strictObject({
  title: breakHabitTitleSchema.optional(),
  description: breakHabitDescriptionSchema.optional(),
  tags: breakHabitTagsSchema.optional(),
});
export type UpdateBreakHabitRequest = z.infer<typeof updateBreakHabitRequestSchema>;
export type UpdateBreakHabitRequestInput = z.input<typeof updateBreakHabitRequestSchema>;

/** POST /api/quests/break-habits/{id}/slips: one slip today, or on `date` within the window. */
export const recordSlipRequestSchema = z.strictObject({ date: localDateSchema.optional() });
export type RecordSlipRequest = z.infer<typeof recordSlipRequestSchema>;

/** A habit to break and one of its local days (undo a slip of that day). */
export const breakHabitDayParamsSchema = z.object({ id: idSchema, date: localDateSchema });

/** One local day's slips. */
export const slipDaySchema = z.object({
  date: localDateSchema,
  slips: z.number().int().min(0),
});
export type SlipDay = z.infer<typeof slipDaySchema>;

export const breakHabitSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  startDate: localDateSchema,
  /** The user's local day the counts below were made on. */
  today: localDateSchema,
  daysWithoutSlip: z.number().int().min(0),
  bestRun: z.number().int().min(0),
  slipsLast7Days: z.number().int().min(0),
  slipsLast30Days: z.number().int().min(0),
  totalSlips: z.number().int().min(0),
  lastSlipDate: localDateSchema.nullable(),
  /** The last 30 days, oldest first (days before the start are left out), each with its slips. */
  history: z.array(slipDaySchema),
  createdAt: isoDateTimeSchema,
});
export type BreakHabit = z.infer<typeof breakHabitSchema>;
export const breakHabitListResponseSchema = z.array(breakHabitSchema);

/** Whether a slip can be recorded (or undone) on `day`: within the back-fill window, not before the start. */
export function slipDayRefusal(day: string, startDate: string, today: string): string | null {
  if (!canBackfill(day, today)) return SLIP_OUTSIDE_WINDOW;
  if (day < startDate) return SLIP_BEFORE_START;
  return null;
}

/** Days with at least one slip, as stored: a count per local date. */
export type SlipCounts = ReadonlyArray<{ date: string; count: number }>;

/**
 * The clean runs: `current` is the whole days from the last slip day to today (a slip today: 0), or
 * from the start when there was never a slip (started today: 0); `best` is the longest of the gaps
 * between the start and the slip days, one after the other, and the current run. Slip days after
 * today are not counted (there are none unless a clock moved back).
 */
export function slipRuns(
  startDate: string,
  slips: SlipCounts,
  today: string,
): { current: number; best: number } {
  const days = [
    ...new Set(slips.filter((s) => s.count > 0 && s.date <= today).map((s) => s.date)),
  ].sort();
  const first = days[0];
  const anchors = first !== undefined && first < startDate ? days : [startDate, ...days];
  let best = 0;
  for (let i = 1; i < anchors.length; i += 1)
    best = Math.max(best, daysBetween(anchors[i - 1]!, anchors[i]!));
  const last = anchors[anchors.length - 1] ?? startDate;
  const current = Math.max(0, daysBetween(last, today));
  return { current, best: Math.max(best, current) };
}

/** Slips of the `days` local days ending today (today included). */
export function slipsInLastDays(slips: SlipCounts, today: string, days: number): number {
  const from = addDays(today, -(days - 1));
  return slips
    .filter((s) => s.date >= from && s.date <= today)
    .reduce((sum, s) => sum + Math.max(0, s.count), 0);
}

/** Per-day slips of the last `days` days ending today, oldest first, none before the start. */
export function slipHistory(
  startDate: string,
  slips: SlipCounts,
  today: string,
  days = BREAK_HABIT_HISTORY_DAYS,
): SlipDay[] {
  const counts = new Map(slips.map((s) => [s.date, s.count]));
  const history: SlipDay[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    if (date < startDate) continue;
    history.push({ date, slips: counts.get(date) ?? 0 });
  }
  return history;
}

/** "1 day", "3 days". */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
