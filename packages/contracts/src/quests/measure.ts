import { z } from 'zod';
import { startOfIsoWeek } from '../time/zone.ts';
import type { CompletionType } from './enums.ts';

/**
 * Measurable habits: a routine tracked by an amount a day ("read at least 20 pages", "at most 2
 * coffees") rather than yes or no. The day's amount decides its completion, so XP, streaks, goals and
 * talents follow the same completion rules and events as any check-off (docs/xp-rules.md).
 */
export const measureRuleSchema = z.enum(['at_least', 'at_most']);
export type MeasureRule = z.infer<typeof measureRuleSchema>;

export const MEASURE_RULE_LABELS: Readonly<Record<MeasureRule, string>> = {
  at_least: 'At least',
  at_most: 'At most',
};

/**
 * What a target counts over: each day on its own, or the week (Monday to Sunday, in the user's zone)
 * adding up, as Loop's "per week" numerical habits do.
 */
export const measurePeriodSchema = z.enum(['day', 'week']);
export type MeasurePeriod = z.infer<typeof measurePeriodSchema>;

export const MEASURE_PERIOD_LABELS: Readonly<Record<MeasurePeriod, string>> = {
  day: 'a day',
  week: 'a week',
};

/** The largest amount or target: far past any real day's count, small enough to stay exact. */
export const MEASURE_MAX = 1_000_000;
/** The longest unit name ("pages", "km"). */
export const MEASURE_UNIT_MAX = 20;
/** Amounts keep three decimals (Loop stores its amounts as thousandths). */
const roundedAmount = (n: number) => Math.round(n * 1000) / 1000;

/** A number of units, 0 to MEASURE_MAX, kept to three decimals. */
export const amountSchema = z.number().min(0).max(MEASURE_MAX).transform(roundedAmount);

export const TARGET_ABOVE_ZERO_MESSAGE = 'The target must be more than 0';

/**
 * A measurable routine's daily target. An at-most target may be 0 ("at most 0 cigarettes": none at
 * all); an at-least target of 0 would be kept by any amount, so it must be more than 0.
 */
export const measureSchema = z
  .object({
    rule: measureRuleSchema,
    /** Units a day: reach it (at least) or stay within it (at most). */
    target: z
      .number()
      .min(0, 'The target cannot be below 0')
      .max(MEASURE_MAX)
      .transform(roundedAmount),
    /** What is counted, as the user writes it: "pages", "km", "coffees". */
    unit: z.string().trim().min(1, 'Name what you count, e.g. pages').max(MEASURE_UNIT_MAX),
    /** What the target counts over; absent (as on every target set before weeks) is a day. */
    period: measurePeriodSchema.optional(),
  })
  .superRefine((measure, ctx) => {
    if (measure.rule === 'at_least' && measure.target <= 0)
      ctx.addIssue({ code: 'custom', path: ['target'], message: TARGET_ABOVE_ZERO_MESSAGE });
  });
export type Measure = z.infer<typeof measureSchema>;
export type MeasureInput = z.input<typeof measureSchema>;

/** PUT /api/quests/occurrences/{id}/amount: the day's amount. */
export const amountRequestSchema = z.object({ amount: amountSchema });
export type AmountRequest = z.infer<typeof amountRequestSchema>;

export const NOT_MEASURABLE_MESSAGE =
  'This routine is tracked as done or not done: complete it instead of entering an amount.';

/**
 * The completion a day's amount makes. At least: the target reached is Completed, some but less is
 * Kinda Sorta (half the XP, as for any partial day), nothing is not done. At most: within the limit is
 * Completed, over it is not done (never partly: going over is what the habit is about).
 */
export function measuredCompletion(measure: Measure, amount: number): CompletionType {
  if (measure.rule === 'at_most') return amount <= measure.target ? 'completed' : 'not_completed';
  if (amount >= measure.target) return 'completed';
  return amount > 0 ? 'partial' : 'not_completed';
}

/** The period a target counts over: a day unless it says a week. */
export function periodOf(measure: Pick<Measure, 'period'>): MeasurePeriod {
  return measure.period ?? 'day';
}

/** A day of a measurable routine: its local date and its amount (null before one is entered). */
export interface MeasuredEntry {
  date: string;
  amount: number | null | undefined;
}

/** A day's completion under its routine's target, and the total it was judged on. */
export interface MeasuredJudgement {
  completion: CompletionType;
  /** The day's amount (per day), or the week's total from Monday to this day (per week). */
  total: number | null;
}

/**
 * Each day's completion under a target (docs/xp-rules.md, "Measurable routines"). A day with no amount
 * entered is not done. Per day, the day's own amount is judged (measuredCompletion). Per week, the
 * week's total from Monday up to and including the day is judged in its place, so the day the total
 * reaches an at-least target is Completed, the days with some before it Kinda Sorta, and an at-most
 * week's days are Completed until the total goes over. An at-least day with 0 entered stays not done
 * even after the week's target is reached: nothing was done that day.
 */
export function judgeMeasuredDays(
  measure: Measure,
  entries: readonly MeasuredEntry[],
): Map<string, MeasuredJudgement> {
  const judged = new Map<string, MeasuredJudgement>();
  const weekly = periodOf(measure) === 'week';
  let week = '';
  let total = 0;
  for (const { date, amount } of [...entries].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    if (weekly && startOfIsoWeek(date) !== week) {
      week = startOfIsoWeek(date);
      total = 0;
    }
    if (amount === null || amount === undefined) {
      judged.set(date, {
        completion: 'not_completed',
        total: weekly ? roundedAmount(total) : null,
      });
      continue;
    }
    total = weekly ? total + amount : amount;
    const counted = roundedAmount(total);
    const idle = weekly && measure.rule === 'at_least' && amount <= 0;
    judged.set(date, {
      completion: idle ? 'not_completed' : measuredCompletion(measure, counted),
      total: counted,
    });
  }
  return judged;
}

/** A number as a person writes it: no trailing zeros, at most three decimals. */
export function formatAmount(n: number): string {
  return String(roundedAmount(n));
}

/** "At least 20 pages a day", "At least 100 km a week". */
export function measureLabel(measure: Measure): string {
  return `${MEASURE_RULE_LABELS[measure.rule]} ${formatAmount(measure.target)} ${measure.unit} ${MEASURE_PERIOD_LABELS[periodOf(measure)]}`;
}

/**
 * "12 / 20 pages", or "— / 20 pages" before an amount is entered. A per-week target shows the week's
 * total so far (`weekTotal`, Monday to this day) and says so: "45 / 100 km this week".
 */
export function amountProgress(
  measure: Measure,
  amount: number | null | undefined,
  weekTotal?: number | null,
): string {
  const weekly = periodOf(measure) === 'week';
  const shown = weekly ? (weekTotal ?? amount) : amount;
  const entered = shown === null || shown === undefined ? '—' : formatAmount(shown);
  return `${entered} / ${formatAmount(measure.target)} ${measure.unit}${weekly ? ' this week' : ''}`;
}
