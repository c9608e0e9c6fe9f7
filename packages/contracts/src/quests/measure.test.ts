import { describe, expect, it } from 'vitest';
import {
  amountProgress,
  amountSchema,
  judgeMeasuredDays,
  measureLabel,
  measureSchema,
  measuredCompletion,
} from './measure.ts';

const pages = measureSchema.parse({ rule: 'at_least', target: 20, unit: 'pages' });
const coffees = measureSchema.parse({ rule: 'at_most', target: 2, unit: 'coffees' });

describe('measuredCompletion', () => {
  it.each([
    [pages, 25, 'completed'],
    [pages, 20, 'completed'],
    [pages, 19.5, 'partial'],
    [pages, 0.001, 'partial'],
    [pages, 0, 'not_completed'],
    [coffees, 0, 'completed'],
    [coffees, 2, 'completed'],
    [coffees, 2.001, 'not_completed'],
    [coffees, 9, 'not_completed'],
  ] as const)('when %j gets %d, then the day is %s', (measure, amount, expected) => {
    expect(measuredCompletion(measure, amount)).toBe(expected);
  });
});

describe('measure and amount schemas', () => {
  it('when an amount has more than three decimals, then it is kept to three', () => {
    expect(amountSchema.parse(1.23456)).toBe(1.235);
  });

  it.each([[-1], [1_000_001], [Number.NaN]])('when the amount is %d, then it is refused', (n) => {
    expect(amountSchema.safeParse(n).success).toBe(false);
  });

  it.each([
    [{ rule: 'at_least', target: 0, unit: 'pages' }, 'The target must be more than 0'],
    [{ rule: 'at_least', target: 0.0001, unit: 'pages' }, 'The target must be more than 0'],
    [{ rule: 'at_least', target: 5, unit: ' ' }, 'Name what you count, e.g. pages'],
  ])('when the measure is %j, then it is refused with "%s"', (measure, message) => {
    const result = measureSchema.safeParse(measure);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('when an at-most target is 0, then it is taken, and only a day with none keeps it', () => {
    const none = measureSchema.parse({ rule: 'at_most', target: 0, unit: 'cigarettes' });
    expect(measuredCompletion(none, 0)).toBe('completed');
    expect(measuredCompletion(none, 1)).toBe('not_completed');
    expect(measureLabel(none)).toBe('At most 0 cigarettes a day');
  });

  it('when shown, then the target and the amount read as a person writes them', () => {
    expect(measureLabel(pages)).toBe('At least 20 pages a day');
    expect(measureLabel({ rule: 'at_most', target: 1.5, unit: 'l' })).toBe('At most 1.5 l a day');
    expect(amountProgress(pages, null)).toBe('— / 20 pages');
    expect(amountProgress(pages, 12.25)).toBe('12.25 / 20 pages');
  });
});

describe('judgeMeasuredDays', () => {
  const km = measureSchema.parse({ rule: 'at_least', target: 100, unit: 'km', period: 'week' });
  const cups = measureSchema.parse({
    rule: 'at_most',
    target: 10,
    unit: 'coffees',
    period: 'week',
  });
  // 2026-11-23 is a Monday.
  const week = (amounts: (number | null)[], from = '2026-11-23') =>
    amounts.map((amount, i) => ({
      date: `${from.slice(0, 8)}${String(Number(from.slice(8)) + i).padStart(2, '0')}`,
      amount,
    }));
  const completions = (measure: typeof km, entries: ReturnType<typeof week>) =>
    [...judgeMeasuredDays(measure, entries).values()].map((j) => j.completion);

  it('when a per-week at-least total grows, then the days before the target are Kinda Sorta and the day it is reached Completed', () => {
    const judged = judgeMeasuredDays(km, week([30, null, 40, 0, 35, 10]));
    expect([...judged.values()]).toEqual([
      { completion: 'partial', total: 30 },
      { completion: 'not_completed', total: 30 },
      { completion: 'partial', total: 70 },
      { completion: 'not_completed', total: 70 },
      { completion: 'completed', total: 105 },
      { completion: 'completed', total: 115 },
    ]);
  });

  it('when a new week starts on Monday, then its total starts again from 0', () => {
    const entries = [...week([60, 50], '2026-11-28'), ...week([20], '2026-11-30')];
    expect([...judgeMeasuredDays(km, entries).values()]).toEqual([
      { completion: 'partial', total: 60 },
      { completion: 'completed', total: 110 },
      { completion: 'partial', total: 20 },
    ]);
  });

  it('when a per-week at-most total goes over, then that day and the rest of the week are not done', () => {
    expect(completions(cups, week([3, 0, 4, 4, 1]))).toEqual([
      'completed',
      'completed',
      'completed',
      'not_completed',
      'not_completed',
    ]);
  });

  it('when days arrive out of order, then each is judged on the days before it in the week', () => {
    const judged = judgeMeasuredDays(km, week([50, 60]).reverse());
    expect(judged.get('2026-11-23')).toEqual({ completion: 'partial', total: 50 });
    expect(judged.get('2026-11-24')).toEqual({ completion: 'completed', total: 110 });
  });

  it('when the target is per day, then each day is judged on its own amount', () => {
    expect(completions(pages, week([25, 10, 0, null]))).toEqual([
      'completed',
      'partial',
      'not_completed',
      'not_completed',
    ]);
  });

  it('labels a per-week target and shows the week so far', () => {
    expect(measureLabel(km)).toBe('At least 100 km a week');
    expect(amountProgress(km, 20, 45)).toBe('45 / 100 km this week');
    expect(amountProgress(pages, 12, 45)).toBe('12 / 20 pages');
  });
});
