import { z } from 'zod';
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

/** A number as a person writes it: no trailing zeros, at most three decimals. */
export function formatAmount(n: number): string {
  return String(roundedAmount(n));
}

/** "At least 20 pages a day". */
export function measureLabel(measure: Measure): string {
  return `${MEASURE_RULE_LABELS[measure.rule]} ${formatAmount(measure.target)} ${measure.unit} a day`;
}

/** "12 / 20 pages", or "— / 20 pages" before an amount is entered. */
export function amountProgress(measure: Measure, amount: number | null | undefined): string {
  const entered = amount === null || amount === undefined ? '—' : formatAmount(amount);
  return `${entered} / ${formatAmount(measure.target)} ${measure.unit}`;
}
