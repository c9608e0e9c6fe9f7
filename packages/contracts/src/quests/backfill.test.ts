import { describe, expect, it } from 'vitest';
import { BACKFILL_DAYS, BACKFILL_RULE, canBackfill } from './backfill.ts';

describe('canBackfill', () => {
  it.each([
    ['2026-11-21', true, 'today'],
    ['2026-11-20', true, 'yesterday'],
    ['2026-11-14', true, 'the 7th day back'],
    ['2026-11-13', false, 'the 8th day back'],
    ['2026-11-22', false, 'tomorrow'],
    ['2025-11-21', false, 'a year back'],
  ])('on 2026-11-21, %s (%s) can be filled in: %s', (day, expected) => {
    expect(canBackfill(day, '2026-11-21')).toBe(expected);
  });

  it('crosses a month and a year on the calendar alone', () => {
    expect(canBackfill('2025-12-25', '2026-01-01')).toBe(true);
    expect(canBackfill('2025-12-24', '2026-01-01')).toBe(false);
  });

  it('names the window in its rule', () => {
    expect(BACKFILL_DAYS).toBe(7);
    expect(BACKFILL_RULE).toBe('You can fill in the last 7 days.');
  });
});
