import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { localDateSchema } from '../common/dates.ts';
import { daysBetween } from '../time/zone.ts';
import { occurrenceSchema } from './occurrence.ts';
import { questSchema } from './quest.ts';

/**
 * Back-fill: a missed check-off can be filled in afterwards, on the day it belongs to, for today and
 * the BACKFILL_DAYS local days before it (the user's zone decides what a day is). Older days stay as
 * they were, and a day that has not come yet cannot be filled in. A filled-in completion counts on its
 * own day (XP history, calendar, streaks) exactly as if it had been ticked that day.
 */
export const BACKFILL_DAYS = 7;
export const BACKFILL_RULE = `You can fill in the last ${BACKFILL_DAYS} days.`;

/** Whether local day `day` can still be filled in on local day `today`. */
export function canBackfill(day: string, today: string): boolean {
  const back = daysBetween(day, today);
  return back >= 0 && back <= BACKFILL_DAYS;
}

/** Refusal of a back-fill of a routine on a day its series is not scheduled on. */
export const BACKFILL_NOT_SCHEDULED = 'This routine is not scheduled on that day.';

/** An item and one of its local days: PUT /api/quests/{id}/days/{date} and the series' one. */
export const itemDayParamsSchema = z.object({ id: idSchema, date: localDateSchema });
export type ItemDayParams = z.infer<typeof itemDayParamsSchema>;

export const dayParamsSchema = z.object({ date: localDateSchema });

/**
 * GET /api/quests/days/{date}: what the calendar's day detail lists. The routines scheduled that day
 * (one occurrence per series) and the one-time quests of that day: completed that day, or due that
 * day and not done on another. `canFillIn` says whether the day can still be changed (canBackfill).
 */
export const dayActivityResponseSchema = z.object({
  date: localDateSchema,
  canFillIn: z.boolean(),
  occurrences: z.array(occurrenceSchema),
  quests: z.array(questSchema),
});
export type DayActivityResponse = z.infer<typeof dayActivityResponseSchema>;
