import { describe, expect, it } from 'vitest';
import {
  bestStreaks,
  habitDays,
  habitScoreNow,
  habitStats,
  habitStatsResponseSchema,
  historyBuckets,
  isoWeekOf,
  loopDailyMultiplier,
  measureStats,
  scheduleFrequency,
  scoreHistory,
  scoreOn,
  scoreStepMultiplier,
  weekdayFrequency,
  weeklyScorePoints,
  type HabitDay,
  type HabitOccurrence,
} from './habit-stats.ts';
import type { SeriesSchedule } from './recurrence.ts';

const daily: SeriesSchedule = {
  recurrenceType: 'daily',
  recurrenceInterval: 1,
  weeklyPattern: null,
  startDate: '2026-03-01',
  endDate: null,
};

const occ = (
  scheduledFor: string,
  completionType: HabitOccurrence['completionType'],
  skipped = false,
): HabitOccurrence => ({
  scheduledFor,
  completionType,
  isCompleted: completionType === 'completed',
  skipped,
});

const day = (date: string, state: HabitDay['state']): HabitDay => ({ date, state });

describe('scheduleFrequency', () => {
  it('is scheduled days per day for each cadence', () => {
    expect(scheduleFrequency(daily)).toBe(1);
    expect(scheduleFrequency({ ...daily, recurrenceInterval: 2 })).toBe(1 / 2);
    // Mon, Wed, Fri every week: 3 / 7; every other week: 3 / 14.
    const mwf = { ...daily, recurrenceType: 'weekly' as const, weeklyPattern: [1, 3, 5] };
    expect(scheduleFrequency(mwf)).toBe(3 / 7);
    expect(scheduleFrequency({ ...mwf, recurrenceInterval: 2 })).toBe(3 / 14);
    expect(scheduleFrequency({ ...daily, recurrenceType: 'monthly' })).toBe(1 / 30);
  });
});

describe('score multipliers', () => {
  it("is Loop's 0.5 ^ (sqrt(f) / 13) a day, and that to the 1/f per scheduled day", () => {
    // Daily: 0.5 ^ (1 / 13) = e^(-0.693147 / 13) = e^(-0.053319) = 0.948078, per day and per step.
    expect(loopDailyMultiplier(1)).toBeCloseTo(0.948078, 6);
    expect(scoreStepMultiplier(1)).toBeCloseTo(0.948078, 6);
    // Once a week, f = 1/7: a day 0.5 ^ (0.377964 / 13) = 0.5 ^ 0.029074 = 0.980049;
    // a step (7 days) 0.980049 ^ 7 = 0.5 ^ (7 * 0.029074) = 0.5 ^ 0.203519 = e^(-0.141069) = 0.868430.
    expect(loopDailyMultiplier(1 / 7)).toBeCloseTo(0.980049, 6);
    expect(scoreStepMultiplier(1 / 7)).toBeCloseTo(0.86843, 5);
  });
});

describe('scoreHistory', () => {
  it('moves on each scheduled day: done 1, partial 0.5, missed 0, skipped not at all', () => {
    const m = 0.948078;
    const history = scoreHistory(
      [
        day('2026-03-01', 'done'),
        day('2026-03-02', 'done'),
        day('2026-03-03', 'missed'),
        day('2026-03-04', 'skipped'),
        day('2026-03-05', 'partial'),
      ],
      1,
    );
    // s1 = 0 * m + 1 * (1 - m)          = 0.051922
    // s2 = s1 * m + 1 * (1 - m)         = 0.051922 * 1.948078 = 0.101148
    // s3 = s2 * m + 0                   = 0.101148 * 0.948078 = 0.095896
    // (skipped: no step)
    // s4 = s3 * m + 0.5 * (1 - m)       = 0.090917 + 0.025961 = 0.116878
    expect(history.map((p) => p.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-05',
    ]);
    const scores = history.map((p) => p.score);
    expect(scores[0]).toBeCloseTo(1 - m, 5);
    expect(scores[0]).toBeCloseTo(0.051922, 5);
    expect(scores[1]).toBeCloseTo(0.101148, 5);
    expect(scores[2]).toBeCloseTo(0.095896, 5);
    expect(scores[3]).toBeCloseTo(0.116878, 5);
  });

  it('a weekly habit done five weeks running is about half strong (half-life 13 * sqrt(7) = 34.4 days)', () => {
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
    const history = scoreHistory(
      weeks.map((d) => day(d, 'done')),
      1 / 7,
    );
    // 1 - 0.868430 ^ 5 = 1 - 0.5 ^ (5 * 0.203519) = 1 - 0.5 ^ 1.017597 = 1 - e^(-0.705345)
    //   = 1 - 0.493939 = 0.506061
    expect(history.at(-1)!.score).toBeCloseTo(0.506061, 5);
  });

  it('stays within 0..1 when done every day for years, even with a multiplier under 0.5', () => {
    const days = Array.from({ length: 2000 }, () => day('2020-01-01', 'done'));
    for (const f of [1, 1 / 364]) {
      const last = scoreHistory(days, f).at(-1)!.score;
      expect(last).toBeLessThanOrEqual(1);
      expect(last).toBeCloseTo(1, 6);
    }
  });
});

describe('habitDays', () => {
  it("reads the schedule and the occurrences; a day never read is missed, today's open day is left out", () => {
    const days = habitDays(
      daily,
      [
        occ('2026-02-20', 'completed'), // an earlier schedule's day, before the current start
        occ('2026-03-01', 'completed'),
        occ('2026-03-03', 'not_completed', true),
        occ('2026-03-04', 'partial'),
        occ('2026-03-05', 'not_completed'),
        occ('2026-03-09', 'completed'), // after today: not yet counted
      ],
      '2026-03-05',
    );
    expect(days).toEqual([
      day('2026-02-20', 'done'),
      day('2026-03-01', 'done'),
      day('2026-03-02', 'missed'),
      day('2026-03-03', 'skipped'),
      day('2026-03-04', 'partial'),
    ]);
  });

  it('counts today once it is done, and leaves paused days out', () => {
    const paused = { ...daily, pauses: [{ from: '2026-03-02', to: '2026-03-03' }] };
    expect(habitDays(paused, [occ('2026-03-04', 'completed')], '2026-03-04')).toEqual([
      day('2026-03-01', 'missed'),
      day('2026-03-04', 'done'),
    ]);
  });
});

describe('isoWeekOf', () => {
  it('starts weeks on Monday; week 1 holds the first Thursday', () => {
    // 2026-01-01 is a Thursday: its week (Mon 2025-12-29) is 2026's week 1.
    expect(isoWeekOf('2026-01-01')).toEqual({ key: '2026-W01', start: '2025-12-29' });
    // 2027-01-01 is a Friday: still 2026's last week, the 53rd (2026 starts on a Thursday).
    expect(isoWeekOf('2027-01-01')).toEqual({ key: '2026-W53', start: '2026-12-28' });
    // 2021-01-03 is a Sunday: the last day of 2020-W53.
    expect(isoWeekOf('2021-01-03')).toEqual({ key: '2020-W53', start: '2020-12-28' });
    expect(isoWeekOf('2026-03-09').key).toBe('2026-W11');
  });
});

describe('historyBuckets', () => {
  const days = [
    day('2026-03-01', 'done'), // Sunday, 2026-W09
    day('2026-03-02', 'partial'), // Monday, W10
    day('2026-03-03', 'missed'),
    day('2026-03-04', 'done'),
    day('2026-03-05', 'skipped'),
  ];

  it('counts done and partial days per ISO week, empty weeks included', () => {
    expect(historyBuckets(days, 'week', '2026-03-01', '2026-03-10')).toEqual([
      { period: '2026-W09', start: '2026-02-23', completed: 1, partial: 0 },
      { period: '2026-W10', start: '2026-03-02', completed: 1, partial: 1 },
      { period: '2026-W11', start: '2026-03-09', completed: 0, partial: 0 },
    ]);
  });

  it('per month and per year', () => {
    expect(historyBuckets(days, 'month', '2026-02-10', '2026-03-10')).toEqual([
      { period: '2026-02', start: '2026-02-01', completed: 0, partial: 0 },
      { period: '2026-03', start: '2026-03-01', completed: 2, partial: 1 },
    ]);
    expect(historyBuckets(days, 'year', '2025-12-31', '2026-03-10')).toEqual([
      { period: '2025', start: '2025-01-01', completed: 0, partial: 0 },
      { period: '2026', start: '2026-01-01', completed: 2, partial: 1 },
    ]);
  });
});

describe('bestStreaks', () => {
  it('longest runs first, a skip inside a run neither counts nor breaks it, ties most recent first', () => {
    const days = [
      day('2026-03-01', 'done'),
      day('2026-03-02', 'done'),
      day('2026-03-03', 'missed'),
      day('2026-03-04', 'done'),
      day('2026-03-05', 'skipped'),
      day('2026-03-06', 'partial'),
      day('2026-03-07', 'done'),
      day('2026-03-08', 'missed'),
      day('2026-03-09', 'done'),
      day('2026-03-10', 'missed'),
      day('2026-03-11', 'done'),
    ];
    // Runs: 01-02 (2), 04-07 (04, 06, 07 = 3), 09 (1), 11 (1).
    expect(bestStreaks(days)).toEqual([
      { start: '2026-03-04', end: '2026-03-07', length: 3 },
      { start: '2026-03-01', end: '2026-03-02', length: 2 },
      { start: '2026-03-11', end: '2026-03-11', length: 1 },
      { start: '2026-03-09', end: '2026-03-09', length: 1 },
    ]);
    expect(bestStreaks(days, 2)).toHaveLength(2);
  });
});

describe('weekdayFrequency', () => {
  it('counts done and scheduled days per weekday, skipped ones left out', () => {
    const rows = weekdayFrequency([
      day('2026-03-01', 'done'), // Sunday
      day('2026-03-08', 'missed'), // Sunday
      day('2026-03-02', 'partial'), // Monday
      day('2026-03-09', 'skipped'), // Monday
    ]);
    expect(rows[0]).toEqual({ weekday: 0, completed: 1, scheduled: 2 });
    expect(rows[1]).toEqual({ weekday: 1, completed: 1, scheduled: 1 });
    expect(rows[2]).toEqual({ weekday: 2, completed: 0, scheduled: 0 });
    expect(rows).toHaveLength(7);
  });
});

describe('weeklyScorePoints and scoreOn', () => {
  it('is the score at the end of each ISO week, today for the current one', () => {
    const history = [
      { date: '2026-03-02', score: 0.1 },
      { date: '2026-03-10', score: 0.2 },
    ];
    expect(scoreOn(history, '2026-03-01')).toBe(0);
    expect(scoreOn(history, '2026-03-09')).toBe(0.1);
    expect(weeklyScorePoints(history, '2026-03-02', '2026-03-11')).toEqual([
      { date: '2026-03-08', score: 0.1 },
      { date: '2026-03-11', score: 0.2 },
    ]);
  });
});

describe('habitStats', () => {
  it('puts it together into a valid answer', () => {
    const occurrences = [
      occ('2026-03-01', 'completed'),
      occ('2026-03-02', 'completed'),
      occ('2026-03-04', 'partial'),
    ];
    const stats = habitStats(daily, occurrences, '2026-03-05');
    // Days: 01 done, 02 done, 03 missed, 04 partial (today 05 open, left out).
    // s = 0.095896 * 0.948078 + 0.5 * 0.051922 = 0.116878 (as in scoreHistory's test)
    expect(stats.score).toBeCloseTo(0.116878, 5);
    expect(habitScoreNow(daily, occurrences, '2026-03-05')).toBe(stats.score);
    expect(stats.totals).toEqual({ scheduled: 4, completed: 2, partial: 1, skipped: 0 });
    expect(stats.bestStreaks[0]).toEqual({ start: '2026-03-01', end: '2026-03-02', length: 2 });
    expect(stats.bars.week.map((b) => b.period)).toEqual(['2026-W09', '2026-W10']);
    expect(stats.bars.month).toEqual([
      { period: '2026-03', start: '2026-03-01', completed: 2, partial: 1 },
    ]);
    expect(stats.scoreSeries.at(-1)).toEqual({ date: '2026-03-05', score: stats.score });
    const parsed = habitStatsResponseSchema.safeParse({
      ...stats,
      series: {
        id: 'x',
        title: 'Read',
        category: null,
        recurrenceType: 'daily',
        recurrenceInterval: 1,
        weeklyPattern: null,
        monthlyBy: 'day_of_month',
        startDate: '2026-03-01',
        isActive: true,
        frequency: stats.frequency,
      },
    });
    expect(parsed.success).toBe(true);
  });

  it('a habit with nothing scheduled yet scores 0 with one point today', () => {
    const stats = habitStats({ ...daily, startDate: '2026-03-05' }, [], '2026-03-05');
    expect(stats.score).toBe(0);
    expect(stats.scoreSeries).toEqual([{ date: '2026-03-05', score: 0 }]);
    expect(stats.bestStreaks).toEqual([]);
  });
});

/** A day of a measured habit with its amount (null: none entered), not done. */
const measuredDay = (scheduledFor: string, amount: number | null) => ({
  scheduledFor,
  amount,
  isCompleted: false,
  completionType: 'not_completed' as const,
  skipped: false,
});

describe('measureStats', () => {
  const measure = { rule: 'at_most' as const, target: 2, unit: 'coffees' };

  it('when amounts fall inside and outside the last 30 days, then only those inside count, kept by the target', () => {
    const stats = measureStats(
      measure,
      [
        measuredDay('2026-10-22', 5), // 31 days back: outside
        measuredDay('2026-10-23', 1),
        measuredDay('2026-11-20', 3),
        measuredDay('2026-11-21', null),
        measuredDay('2026-11-22', 0),
      ],
      '2026-11-21',
    );
    expect(stats).toEqual({
      measure,
      entered: 2,
      kept: 1,
      average: 2,
      days: [
        { date: '2026-10-23', amount: 1 },
        { date: '2026-11-20', amount: 3 },
      ],
      // The 22nd is after today: the last entered day is the 20th.
      last: { date: '2026-11-20', amount: 3 },
    });
  });

  it('when nothing was entered, then the average is null', () => {
    expect(measureStats(measure, [], '2026-11-21')).toMatchObject({
      entered: 0,
      average: null,
      last: null,
    });
  });

  it('when the amounts end months ago (an imported history), then the last one is still named', () => {
    const stats = measureStats(
      measure,
      [measuredDay('2025-03-02', 4), measuredDay('2025-03-04', 1.5), measuredDay('2025-03-03', 0)],
      '2026-11-21',
    );
    expect(stats).toMatchObject({
      entered: 0,
      days: [],
      last: { date: '2025-03-04', amount: 1.5 },
    });
  });
});

describe('measureStats of a per-week target', () => {
  const measure = { rule: 'at_least' as const, target: 20, unit: 'km', period: 'week' as const };

  it('when amounts fall in three weeks, one of them before the 12 weeks, then the two inside are counted by their totals', () => {
    // Today is Saturday 2026-11-21; its week started on Monday the 16th; 12 weeks start on 2026-08-31.
    const stats = measureStats(
      measure,
      [
        measuredDay('2026-08-30', 50), // the Sunday before the first of the 12 weeks: outside
        measuredDay('2026-11-09', 8),
        measuredDay('2026-11-11', 7),
        measuredDay('2026-11-16', 15),
        measuredDay('2026-11-18', 0),
        measuredDay('2026-11-21', 6),
      ],
      '2026-11-21',
    );
    expect(stats).toMatchObject({
      entered: 2,
      kept: 1,
      average: 18,
      weeks: [
        { start: '2026-11-09', total: 15, kept: false },
        { start: '2026-11-16', total: 21, kept: true },
      ],
      last: { date: '2026-11-21', amount: 6 },
    });
    expect(stats.days).toHaveLength(5);
  });
});
