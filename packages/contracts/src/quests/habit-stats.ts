import { z } from 'zod';
import { localDateSchema } from '../common/dates.ts';
import {
  addDays,
  daysBetween,
  parseLocalDate,
  startOfIsoWeek,
  weekdayOfLocalDate,
} from '../time/zone.ts';
import { type CompletionType } from './enums.ts';
import { measuredCompletion, measureSchema, periodOf, type Measure } from './measure.ts';
import { occurrenceDatesBetween, type SeriesSchedule } from './recurrence.ts';
import { seriesSchema, weekdaySchema } from './series.ts';

// Statistics of one habit (a recurring series): its strength score over time, history bars per ISO
// week, month and year, its best streaks and how often it is done on each weekday. Everything here is
// pure and works on local days 'YYYY-MM-DD'; docs/habit-stats.md explains the score in words.

/** What one scheduled day of a habit came to. */
export type HabitDayState = 'done' | 'partial' | 'missed' | 'skipped';

export interface HabitDay {
  date: string;
  state: HabitDayState;
}

/** What a partly done day ("Kinda Sorta") is worth to the score: half, as it earns half the XP. */
export const PARTIAL_CHECKMARK_VALUE = 0.5;

/** The score's half-life, in days, of a habit scheduled every day (Loop Habit Tracker's constant). */
export const SCORE_HALF_LIFE_DAYS = 13;

/** Best streaks listed on a habit's page. */
export const BEST_STREAKS_SHOWN = 5;

/** The score line and the week and month bars cover this many days back from today. */
export const HABIT_STATS_WINDOW_DAYS = 365;

/** An occurrence as far as statistics read it. */
export interface HabitOccurrence {
  scheduledFor: string;
  isCompleted: boolean;
  completionType: CompletionType;
  skipped: boolean;
  /** A measurable day's amount; null or absent when none was entered. */
  amount?: number | null;
}

/**
 * Scheduled days per day: daily and custom every n days 1/n; weekly k weekdays every n weeks k/(7n);
 * monthly every n months 1/(30n) (a month counted as 30 days, as Loop does).
 */
export function scheduleFrequency(
  schedule: Pick<SeriesSchedule, 'recurrenceType' | 'recurrenceInterval' | 'weeklyPattern'>,
): number {
  const interval = Math.max(1, Math.floor(schedule.recurrenceInterval));
  switch (schedule.recurrenceType) {
    case 'weekly':
      return Math.max(1, schedule.weeklyPattern?.length ?? 0) / (7 * interval);
    case 'monthly':
      return 1 / (30 * interval);
    case 'daily':
    case 'custom':
      return 1 / interval;
  }
}

/** Loop's daily multiplier: 0.5 ^ (sqrt(frequency) / 13). */
export function loopDailyMultiplier(frequency: number): number {
  return 0.5 ** (Math.sqrt(frequency) / SCORE_HALF_LIFE_DAYS);
}

/**
 * The multiplier of one scheduled day. Loop moves its score every calendar day; ours moves only on
 * scheduled days, so one step stands for 1/frequency calendar days: loopDailyMultiplier ^ (1/frequency).
 * The score then forgets at Loop's pace in calendar time (a daily habit halves in 13 days, a weekly
 * one in 13 * sqrt(7) = 34.4 days), and a daily habit's score is exactly Loop's.
 */
export function scoreStepMultiplier(frequency: number): number {
  return loopDailyMultiplier(frequency) ** (1 / frequency);
}

/** What a day adds to the score: done 1, partial PARTIAL_CHECKMARK_VALUE, missed 0; null = no step. */
export function checkmarkValue(state: HabitDayState): number | null {
  if (state === 'done') return 1;
  if (state === 'partial') return PARTIAL_CHECKMARK_VALUE;
  if (state === 'missed') return 0;
  return null;
}

/** One step: previous * multiplier + value * (1 - multiplier). */
export function nextScore(previous: number, value: number, multiplier: number): number {
  // Clamped: with a multiplier under 0.5, 1 - multiplier is rounded and the sum may pass 1 by a hair.
  return Math.min(1, Math.max(0, previous * multiplier + value * (1 - multiplier)));
}

/**
 * The score after each scheduled day, from 0 before the first: [{ date, score }] in date order. Skipped
 * days do not move it (they are left out); paused days are not scheduled at all.
 */
export function scoreHistory(
  days: readonly HabitDay[],
  frequency: number,
): { date: string; score: number }[] {
  const multiplier = scoreStepMultiplier(frequency);
  let score = 0;
  const out: { date: string; score: number }[] = [];
  for (const day of days) {
    const value = checkmarkValue(day.state);
    if (value === null) continue;
    score = nextScore(score, value, multiplier);
    out.push({ date: day.date, score });
  }
  return out;
}

/**
 * A habit's scheduled days up to today with what each came to, in date order. The schedule's days from
 * its start, and every day that has an occurrence (earlier schedules', imported or back-filled ones):
 * skipped, done (completed), partial, or missed (no occurrence or not done). Today counts only once
 * something is done: the day is not over, so an open today is not a miss yet.
 */
export function habitDays(
  schedule: SeriesSchedule,
  occurrences: readonly HabitOccurrence[],
  today: string,
): HabitDay[] {
  const byDay = new Map(occurrences.map((o) => [o.scheduledFor, o]));
  const dates = new Set(
    daysBetween(schedule.startDate, today) >= 0
      ? occurrenceDatesBetween(schedule, schedule.startDate, today)
      : [],
  );
  for (const o of occurrences)
    if (daysBetween(o.scheduledFor, today) >= 0) dates.add(o.scheduledFor);
  const out: HabitDay[] = [];
  for (const date of [...dates].sort()) {
    const o = byDay.get(date);
    const state = o ? occurrenceState(o) : 'missed';
    if (date === today && state === 'missed') continue;
    out.push({ date, state });
  }
  return out;
}

function occurrenceState(o: HabitOccurrence): HabitDayState {
  if (o.skipped) return 'skipped';
  if (o.completionType === 'partial') return 'partial';
  if (o.isCompleted || o.completionType === 'completed') return 'done';
  return 'missed';
}

const isDone = (state: HabitDayState) => state === 'done' || state === 'partial';

/** The score on a calendar day: the score after the last scheduled day on or before it (0 before any). */
export function scoreOn(history: readonly { date: string; score: number }[], date: string): number {
  let score = 0;
  for (const point of history) {
    if (daysBetween(point.date, date) < 0) break;
    score = point.score;
  }
  return score;
}

/** The ISO week of a local day: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeekOf(date: string): { key: string; start: string } {
  const start = startOfIsoWeek(date);
  const thursday = addDays(start, 3);
  const { year } = parseLocalDate(thursday);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, start };
}

export type HabitBucketUnit = 'week' | 'month' | 'year';

/** One bar: the period's key ('2026-W05', '2026-05', '2026'), its first day, and its done days. */
export interface HabitBucket {
  period: string;
  start: string;
  completed: number;
  partial: number;
}

function bucketOf(date: string, unit: HabitBucketUnit): { key: string; start: string } {
  if (unit === 'week') return isoWeekOf(date);
  const { year, month } = parseLocalDate(date);
  if (unit === 'year') return { key: `${year}`, start: `${year}-01-01` };
  const mm = String(month).padStart(2, '0');
  return { key: `${year}-${mm}`, start: `${year}-${mm}-01` };
}

function nextBucketStart(start: string, unit: HabitBucketUnit): string {
  if (unit === 'week') return addDays(start, 7);
  const { year, month } = parseLocalDate(start);
  if (unit === 'year') return `${year + 1}-01-01`;
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Done days counted per ISO week, month or year, one bucket for every period from the one holding
 * `from` to the one holding `to` (empty ones too, so bars sit on a regular axis), oldest first.
 */
export function historyBuckets(
  days: readonly HabitDay[],
  unit: HabitBucketUnit,
  from: string,
  to: string,
): HabitBucket[] {
  const buckets = new Map<string, HabitBucket>();
  const last = bucketOf(to, unit).start;
  for (let start = bucketOf(from, unit).start; daysBetween(start, last) >= 0;) {
    const { key } = bucketOf(start, unit);
    buckets.set(key, { period: key, start, completed: 0, partial: 0 });
    start = nextBucketStart(start, unit);
  }
  for (const day of days) {
    const bucket = buckets.get(bucketOf(day.date, unit).key);
    if (!bucket) continue;
    if (day.state === 'done') bucket.completed += 1;
    if (day.state === 'partial') bucket.partial += 1;
  }
  return [...buckets.values()];
}

export interface HabitStreak {
  start: string;
  end: string;
  /** Scheduled days done in the run (skipped days inside it neither count nor break it). */
  length: number;
}

/**
 * The longest runs of consecutive scheduled days done (fully or partly), at most `limit`, longest first
 * and, among equals, the most recent first. A missed scheduled day ends a run; a skipped day neither
 * counts nor breaks it; unscheduled and paused days are not scheduled days, so they are no gap.
 */
export function bestStreaks(days: readonly HabitDay[], limit = BEST_STREAKS_SHOWN): HabitStreak[] {
  const runs: HabitStreak[] = [];
  let run: HabitStreak | null = null;
  for (const day of days) {
    if (day.state === 'skipped') continue;
    if (isDone(day.state)) {
      if (run) {
        run.end = day.date;
        run.length += 1;
      } else run = { start: day.date, end: day.date, length: 1 };
    } else if (run) {
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs.sort((a, b) => b.length - a.length || daysBetween(a.end, b.end)).slice(0, limit);
}

export interface HabitWeekday {
  /** 0 = Sunday .. 6 = Saturday. */
  weekday: number;
  /** Days done (fully or partly) on this weekday. */
  completed: number;
  /** Scheduled days on this weekday that count (skipped ones left out). */
  scheduled: number;
}

/** Done and scheduled days per weekday, Sunday (0) to Saturday (6). */
export function weekdayFrequency(days: readonly HabitDay[]): HabitWeekday[] {
  const out = Array.from({ length: 7 }, (_, weekday) => ({ weekday, completed: 0, scheduled: 0 }));
  for (const day of days) {
    if (day.state === 'skipped') continue;
    const row = out[weekdayOfLocalDate(day.date)]!;
    row.scheduled += 1;
    if (isDone(day.state)) row.completed += 1;
  }
  return out;
}

/**
 * The score line: the score at the end of each ISO week (today for the current one), from the week
 * holding `from` to today.
 */
export function weeklyScorePoints(
  history: readonly { date: string; score: number }[],
  from: string,
  today: string,
): { date: string; score: number }[] {
  const out: { date: string; score: number }[] = [];
  for (
    let start = isoWeekOf(from).start;
    daysBetween(start, today) >= 0;
    start = addDays(start, 7)
  ) {
    const end = addDays(start, 6);
    const date = daysBetween(end, today) < 0 ? today : end;
    out.push({ date, score: scoreOn(history, date) });
  }
  return out;
}

// --- the answers ---------------------------------------------------------------------------------

const scoreSchema = z.number().min(0).max(1);
const countSchema = z.number().int().min(0);

export const habitBucketSchema = z.object({
  period: z.string(),
  start: localDateSchema,
  completed: countSchema,
  partial: countSchema,
});

export const habitStreakSchema = z.object({
  start: localDateSchema,
  end: localDateSchema,
  length: z.number().int().min(1),
});

/** The habit a statistics page is about: the series' own fields, with its schedule's start day and pace. */
export const habitSummarySchema = seriesSchema
  .pick({
    id: true,
    title: true,
    category: true,
    recurrenceType: true,
    recurrenceInterval: true,
    weeklyPattern: true,
    monthlyBy: true,
    isActive: true,
  })
  .extend({
    /** First scheduled local day of the current schedule. */
    startDate: localDateSchema,
    /** Scheduled days per day (1 daily, 3/7 three weekdays). */
    frequency: z.number().positive(),
  });

/** A measurable habit's target progress covers this many days up to today. */
export const MEASURE_STATS_DAYS = 30;

/** A per-week target's progress covers this many weeks up to this one. */
export const MEASURE_STATS_WEEKS = 12;

/** A week of a per-week target: its Monday, its total and whether the total kept the target. */
export const measuredWeekSchema = z.object({
  start: localDateSchema,
  total: z.number(),
  kept: z.boolean(),
});
export type MeasuredWeek = z.infer<typeof measuredWeekSchema>;

/**
 * A measurable habit's amounts of the last MEASURE_STATS_DAYS days against its target now; for a
 * per-week target, of the last MEASURE_STATS_WEEKS weeks (this one included), counted by weeks.
 */
export const measureStatsSchema = z.object({
  measure: measureSchema,
  /** Days with an amount entered (per week: weeks with one). */
  entered: countSchema,
  /** Of those, the days (weeks) the amount reached the target (at least) or stayed within it (at most). */
  kept: countSchema,
  /** The mean of the entered amounts (per week: of the weeks' totals); null when none was entered. */
  average: z.number().nullable(),
  /** A per-week target's weeks with an amount, oldest first (absent for a per-day target). */
  weeks: z.array(measuredWeekSchema).optional(),
  /** Each day with an amount, oldest first. */
  days: z.array(z.object({ date: localDateSchema, amount: z.number() })),
  /**
   * The latest day with an amount up to today, however long ago (imported history may end months
   * back); null when none was ever entered. Absent from older answers.
   */
  last: z.object({ date: localDateSchema, amount: z.number() }).nullable().optional(),
});
export type MeasureStats = z.infer<typeof measureStatsSchema>;

/** The mean, kept to three decimals; null for none. */
function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sum = values.reduce((total, v) => total + v, 0);
  return Math.round((sum / values.length) * 1000) / 1000;
}

/** The latest day with an amount up to today, however long ago; null when none was ever entered. */
function lastEntered(
  occurrences: readonly HabitOccurrence[],
  today: string,
): { date: string; amount: number } | null {
  let last: { date: string; amount: number } | null = null;
  for (const o of occurrences)
    if (
      typeof o.amount === 'number' &&
      o.scheduledFor <= today &&
      !(last && last.date >= o.scheduledFor)
    )
      last = { date: o.scheduledFor, amount: o.amount };
  return last;
}

/** Days with an amount (oldest first) as weeks from Monday: each week's total, kept by the target. */
function weeksOf(
  measure: Measure,
  days: readonly { date: string; amount: number }[],
): MeasuredWeek[] {
  const weeks: MeasuredWeek[] = [];
  for (const { date, amount } of days) {
    const start = isoWeekOf(date).start;
    const week = weeks.at(-1);
    if (week?.start === start) week.total = Math.round((week.total + amount) * 1000) / 1000;
    else weeks.push({ start, total: amount, kept: false });
  }
  return weeks.map((w) => ({ ...w, kept: measuredCompletion(measure, w.total) === 'completed' }));
}

/** The target progress of a measurable habit (docs/habit-stats.md). */
export function measureStats(
  measure: Measure,
  occurrences: readonly HabitOccurrence[],
  today: string,
): MeasureStats {
  const weekly = periodOf(measure) === 'week';
  const from = weekly
    ? addDays(isoWeekOf(today).start, -7 * (MEASURE_STATS_WEEKS - 1))
    : addDays(today, -(MEASURE_STATS_DAYS - 1));
  const days = occurrences
    .filter(
      (o) => typeof o.amount === 'number' && o.scheduledFor >= from && o.scheduledFor <= today,
    )
    .map((o) => ({ date: o.scheduledFor, amount: o.amount as number }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const last = lastEntered(occurrences, today);
  if (weekly) {
    const weeks = weeksOf(measure, days);
    return {
      measure,
      entered: weeks.length,
      kept: weeks.filter((w) => w.kept).length,
      average: mean(weeks.map((w) => w.total)),
      weeks,
      days,
      last,
    };
  }
  const amounts = days.map((d) => d.amount);
  return {
    measure,
    entered: days.length,
    kept: amounts.filter((a) => measuredCompletion(measure, a) === 'completed').length,
    average: mean(amounts),
    days,
    last,
  };
}

/** GET /api/quests/recurring/{id}/stats. Scores are 0..1 (a share, shown as a percentage). */
export const habitStatsResponseSchema = z.object({
  series: habitSummarySchema,
  /** The user's today, the last day counted. */
  today: localDateSchema,
  score: scoreSchema,
  /** The score at the end of each ISO week of the last 12 months (today for this week). */
  scoreSeries: z.array(z.object({ date: localDateSchema, score: scoreSchema })),
  bars: z.object({
    week: z.array(habitBucketSchema),
    month: z.array(habitBucketSchema),
    year: z.array(habitBucketSchema),
  }),
  bestStreaks: z.array(habitStreakSchema).max(BEST_STREAKS_SHOWN),
  weekdays: z.array(
    z.object({ weekday: weekdaySchema, completed: countSchema, scheduled: countSchema }),
  ),
  totals: z.object({
    scheduled: countSchema,
    completed: countSchema,
    partial: countSchema,
    skipped: countSchema,
  }),
  /** A measurable habit's target progress (absent or null: done or not). */
  measured: measureStatsSchema.nullable().optional(),
});
export type HabitStatsResponse = z.infer<typeof habitStatsResponseSchema>;

/** GET /api/quests/recurring/stats: every series of the user (paused ones too) with its score now. */
export const habitScoreListResponseSchema = z.array(
  habitSummarySchema
    .omit({ monthlyBy: true, startDate: true, frequency: true })
    .extend({ score: scoreSchema }),
);
export type HabitScoreListResponse = z.infer<typeof habitScoreListResponseSchema>;

/** Everything a habit's page shows, from its schedule and occurrences (the service's whole answer). */
export function habitStats(
  schedule: SeriesSchedule,
  occurrences: readonly HabitOccurrence[],
  today: string,
): Omit<HabitStatsResponse, 'series'> & { frequency: number } {
  const frequency = scheduleFrequency(schedule);
  const days = habitDays(schedule, occurrences, today);
  const history = scoreHistory(days, frequency);
  const windowStart = addDays(today, -HABIT_STATS_WINDOW_DAYS);
  const first = days[0]?.date ?? today;
  const barsFrom = daysBetween(windowStart, first) > 0 ? first : windowStart;
  const count = (state: HabitDayState) => days.filter((d) => d.state === state).length;
  return {
    frequency,
    today,
    score: history.at(-1)?.score ?? 0,
    scoreSeries: weeklyScorePoints(history, barsFrom, today),
    bars: {
      week: historyBuckets(days, 'week', barsFrom, today),
      month: historyBuckets(days, 'month', barsFrom, today),
      year: historyBuckets(days, 'year', first, today),
    },
    bestStreaks: bestStreaks(days),
    weekdays: weekdayFrequency(days),
    totals: {
      scheduled: days.filter((d) => d.state !== 'skipped').length,
      completed: count('done'),
      partial: count('partial'),
      skipped: count('skipped'),
    },
  };
}

/** The score now alone (the overview list). */
export function habitScoreNow(
  schedule: SeriesSchedule,
  occurrences: readonly HabitOccurrence[],
  today: string,
): number {
  const history = scoreHistory(
    habitDays(schedule, occurrences, today),
    scheduleFrequency(schedule),
  );
  return history.at(-1)?.score ?? 0;
}
