import { describe, expect, it } from 'vitest';
import {
  SLIP_BEFORE_START,
  SLIP_OUTSIDE_WINDOW,
  createBreakHabitRequestSchema,
  dayCount,
  slipDayRefusal,
  slipHistory,
  slipRuns,
  slipsInLastDays,
  updateBreakHabitRequestSchema,
} from './break-habit.ts';
import { habiticaSlipDates } from '../import/import.ts';

const today = '2026-03-20';

describe('slipRuns', () => {
  it.each([
    // [case, start, slip days, current, best]
    ['created today, never a slip', '2026-03-20', [], 0, 0],
    ['started 5 days ago, never a slip', '2026-03-15', [], 5, 5],
    ['a slip today', '2026-03-01', ['2026-03-20'], 0, 19],
    ['a slip yesterday', '2026-03-18', ['2026-03-19'], 1, 1],
    // start 03-01, slips 03-04 (gap 3), 03-14 (gap 10), now 6 days since 03-14
    ['the longest gap between slips', '2026-03-01', ['2026-03-04', '2026-03-14'], 6, 10],
    // start 02-28, slip 03-02 (gap 2 across the month end), current run 18 is the best
    ['the current run is the best', '2026-02-28', ['2026-03-02'], 18, 18],
    ['a slip on the start day', '2026-03-10', ['2026-03-10'], 10, 10],
  ] as const)('%s', (_case, start, days, current, best) => {
    const slips = days.map((date) => ({ date, count: 2 }));
    expect(slipRuns(start, slips, today)).toEqual({ current, best });
  });

  it('ignores days at 0 and days after today', () => {
    const slips = [
      { date: '2026-03-18', count: 0 },
      { date: '2026-03-21', count: 1 },
    ];
    expect(slipRuns('2026-03-15', slips, today)).toEqual({ current: 5, best: 5 });
  });

  it('counts from a slip before the start when there is one (an import)', () => {
    expect(slipRuns('2026-03-10', [{ date: '2026-03-05', count: 1 }], today)).toEqual({
      current: 15,
      best: 15,
    });
  });
});

describe('slipsInLastDays', () => {
  const slips = [
    { date: '2026-02-19', count: 9 }, // 29 days back: in the 30, not in the 7
    { date: '2026-02-18', count: 5 }, // 30 days back: in neither
    { date: '2026-03-14', count: 2 }, // 6 days back: in both
    { date: '2026-03-13', count: 4 }, // 7 days back: only in the 30
    { date: '2026-03-20', count: 1 },
  ];
  it('counts today and the days before it', () => {
    expect(slipsInLastDays(slips, today, 7)).toBe(3);
    expect(slipsInLastDays(slips, today, 30)).toBe(16);
  });
});

describe('slipHistory', () => {
  it('lists the last 30 days oldest first with their slips', () => {
    const history = slipHistory('2026-01-01', [{ date: '2026-03-19', count: 3 }], today);
    expect(history).toHaveLength(30);
    expect(history[0]).toEqual({ date: '2026-02-19', slips: 0 });
    expect(history[28]).toEqual({ date: '2026-03-19', slips: 3 });
    expect(history[29]).toEqual({ date: today, slips: 0 });
  });
  it('leaves out the days before the start', () => {
    expect(slipHistory('2026-03-18', [], today)).toEqual([
      { date: '2026-03-18', slips: 0 },
      { date: '2026-03-19', slips: 0 },
      { date: '2026-03-20', slips: 0 },
    ]);
  });
});

describe('slipDayRefusal', () => {
  it.each([
    ['today', '2026-03-01', today, null],
    ['7 days back', '2026-03-01', '2026-03-13', null],
    ['8 days back', '2026-03-01', '2026-03-12', SLIP_OUTSIDE_WINDOW],
    ['tomorrow', '2026-03-01', '2026-03-21', SLIP_OUTSIDE_WINDOW],
    ['the start day', '2026-03-18', '2026-03-18', null],
    ['before the start', '2026-03-18', '2026-03-17', SLIP_BEFORE_START],
  ] as const)('%s', (_case, start, day, refusal) => {
    expect(slipDayRefusal(day, start, today)).toBe(refusal);
  });
});

describe('the request schemas', () => {
  it('trims the title and keeps one spelling of each tag', () => {
    expect(
      createBreakHabitRequestSchema.parse({ title: '  Smoke ', tags: ['Health', ' health', 'x'] }),
    ).toEqual({ title: 'Smoke', description: '', tags: ['Health', 'x'] });
  });
  it('refuses an empty or a 101-character title and unknown fields', () => {
    expect(createBreakHabitRequestSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(createBreakHabitRequestSchema.safeParse({ title: 'x'.repeat(101) }).success).toBe(false);
    expect(createBreakHabitRequestSchema.safeParse({ title: 'x'.repeat(100) }).success).toBe(true);
    expect(updateBreakHabitRequestSchema.safeParse({ xp: 5 }).success).toBe(false);
  });
  it('says days in words', () => {
    expect([dayCount(0), dayCount(1), dayCount(2)]).toEqual(['0 days', '1 day', '2 days']);
  });
});

describe('habiticaSlipDates', () => {
  it('gives each "−" click its date: scoredDown counts per day, or a drop of the value in older exports', () => {
    expect(
      habiticaSlipDates([
        { date: 1, value: -1, scoredUp: 0, scoredDown: 1 },
        { date: 2, value: 0, scoredUp: 1, scoredDown: 0 },
        { date: 3, value: -3, scoredUp: 0, scoredDown: 3 },
      ]),
    ).toEqual([1, 3, 3, 3]);
    // Without markers: the value drops at 'a' and 'c', rises at 'b'.
    expect(
      habiticaSlipDates([
        { date: 'a', value: -1 },
        { date: 'b', value: 0 },
        { date: 'c', value: -2 },
      ]),
    ).toEqual(['a', 'c']);
    expect(habiticaSlipDates(undefined)).toEqual([]);
  });
});
