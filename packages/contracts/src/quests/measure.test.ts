import { describe, expect, it } from 'vitest';
import {
  amountProgress,
  amountSchema,
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
