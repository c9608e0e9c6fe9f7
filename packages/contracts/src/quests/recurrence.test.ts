import { describe, expect, it } from 'vitest';
import {
  isSeriesPaused,
  occurrenceDatesBetween,
  pauseSeries,
  resumeSeries,
  seriesCardOccurrence,
  seriesOccursOn,
  type SeriesSchedule,
} from './recurrence.ts';
import { dayStreaks } from './streaks.ts';
import { canClearCompleted } from './completion.ts';
import { addInterval, addMonths, startOfIsoWeek, startOfWeek } from '../time/zone.ts';

const base: SeriesSchedule = {
  recurrenceType: 'daily',
  recurrenceInterval: 1,
  weeklyPattern: null,
  startDate: '2026-03-06',
  endDate: null,
};

describe('seriesOccursOn', () => {
  it.each([
    ['daily, day before start', base, '2026-03-05', false],
    ['daily, start day', base, '2026-03-06', true],
    ['daily, across the New York/Berlin DST weekends', base, '2026-03-29', true],
    ['daily with an end, last day', { ...base, endDate: '2026-03-10' }, '2026-03-10', true],
    ['daily with an end, day after', { ...base, endDate: '2026-03-10' }, '2026-03-11', false],
    ['every 2 days, day 2', { ...base, recurrenceInterval: 2 }, '2026-03-08', true],
    ['every 2 days, day 3', { ...base, recurrenceInterval: 2 }, '2026-03-09', false],
    [
      'weekly Mon/Wed, Monday',
      { ...base, recurrenceType: 'weekly', weeklyPattern: [1, 3] },
      '2026-03-09',
      true,
    ],
    [
      'weekly Mon/Wed, Tuesday',
      { ...base, recurrenceType: 'weekly', weeklyPattern: [1, 3] },
      '2026-03-10',
      false,
    ],
    [
      'weekly Sunday, DST Sunday in New York',
      { ...base, recurrenceType: 'weekly', weeklyPattern: [0] },
      '2026-03-08',
      true,
    ],
    [
      'weekly with no days',
      { ...base, recurrenceType: 'weekly', weeklyPattern: [] },
      '2026-03-09',
      false,
    ],
    [
      'fortnightly Monday, week 1',
      { ...base, recurrenceType: 'weekly', recurrenceInterval: 2, weeklyPattern: [1] },
      '2026-03-09',
      false,
    ],
    [
      'fortnightly Monday, week 2',
      { ...base, recurrenceType: 'weekly', recurrenceInterval: 2, weeklyPattern: [1] },
      '2026-03-16',
      true,
    ],
    ['monthly, same day next month', { ...base, recurrenceType: 'monthly' }, '2026-04-06', true],
    ['monthly, other day', { ...base, recurrenceType: 'monthly' }, '2026-04-07', false],
    [
      'monthly from the 31st, end of February',
      { ...base, recurrenceType: 'monthly', startDate: '2026-01-31' },
      '2026-02-28',
      true,
    ],
    [
      'monthly from the 31st, 30 April',
      { ...base, recurrenceType: 'monthly', startDate: '2026-01-31' },
      '2026-04-30',
      true,
    ],
  ] as const)(
    'when %s (%o) is asked about %s, then it occurs: %s',
    (_label, series, date, expected) => {
      expect(seriesOccursOn(series, date)).toBe(expected);
    },
  );

  it('when listing a weekly Mon/Wed/Fri series over two weeks, then six days come back in order', () => {
    expect(
      occurrenceDatesBetween(
        { ...base, recurrenceType: 'weekly', weeklyPattern: [1, 3, 5] },
        '2026-03-06',
        '2026-03-19',
      ),
    ).toEqual(['2026-03-06', '2026-03-09', '2026-03-11', '2026-03-13', '2026-03-16', '2026-03-18']);
  });
});

describe('seriesCardOccurrence (Quest Log)', () => {
  const o = (id: string, hiddenFromDashboard = false) => ({ id, hiddenFromDashboard });
  it.each([
    [o('t'), o('y'), 't'],
    [null, o('y'), 'y'],
    [o('t', true), o('y'), 't'],
    [o('t', true), null, 't'],
    [null, o('y', true), null],
    [null, null, null],
  ])(
    'when today is %o and yesterday %o, then the card shows %s',
    (todaysOccurrence, yesterdaysOccurrence, id) => {
      expect(seriesCardOccurrence({ todaysOccurrence, yesterdaysOccurrence })?.id ?? null).toBe(id);
    },
  );
});

describe('dayStreaks', () => {
  it.each([
    [[], 0, 0],
    [['2026-11-22'], 1, 1],
    [['2026-11-21'], 1, 1], // today not done yet: yesterday keeps the streak
    [['2026-11-20'], 0, 1],
    [['2026-11-20', '2026-11-21', '2026-11-22'], 3, 3],
    [['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-21', '2026-11-22'], 2, 4],
    [['2026-11-22', '2026-11-22', '2026-11-21'], 2, 2],
    [['2026-11-23'], 0, 0], // a future day (clock skew) counts for nothing
    [['2026-10-24', '2026-10-25', '2026-10-26'], 0, 3], // across Berlin's DST change
  ])(
    'when days %o are done and today is 2026-11-22, then current %i and longest %i',
    (days, current, longest) => {
      expect(dayStreaks(days, '2026-11-22')).toEqual({ current, longest });
    },
  );
});

describe('calendar intervals', () => {
  it.each([
    ['2026-01-31', 1, 'months', '2026-02-28'],
    ['2028-01-31', 1, 'months', '2028-02-29'],
    ['2026-03-31', 1, 'months', '2026-04-30'],
    ['2026-12-15', 1, 'months', '2027-01-15'],
    ['2026-03-15', -3, 'months', '2025-12-15'],
    ['2026-03-02', 1, 'weeks', '2026-03-09'],
    ['2028-02-29', 1, 'years', '2029-02-28'],
    ['2026-10-24', 2, 'days', '2026-10-26'],
  ] as const)('when %s moves by %i %s, then it is %s', (date, n, unit, expected) => {
    expect(addInterval(date, n, unit)).toBe(expected);
  });

  it.each([
    ['2026-11-22', '2026-11-22'],
    ['2026-11-23', '2026-11-22'],
    ['2026-11-28', '2026-11-22'],
    ['2026-11-29', '2026-11-29'],
    ['2026-03-01', '2026-03-01'],
    ['2026-01-01', '2025-12-28'],
  ])('when the day is %s, then its week starts on Sunday %s', (date, sunday) => {
    expect(startOfWeek(date)).toBe(sunday);
  });

  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-01-01', '2025-12-29'],
  ])('when the day is %s, then its ISO week starts on Monday %s', (date, monday) => {
    expect(startOfIsoWeek(date)).toBe(monday);
  });

  it('when adding months keeps the day, then it is unchanged', () => {
    expect(addMonths('2026-05-10', 2)).toBe('2026-07-10');
  });
});

describe('canClearCompleted', () => {
  const occ = (
    completionType: 'not_completed' | 'partial' | 'completed',
    hiddenFromDashboard = false,
  ) => ({
    isCompleted: completionType === 'completed',
    completionType,
    hiddenFromDashboard,
  });
  it.each([
    [[], [], false],
    [[{ isCompleted: false }], [occ('not_completed')], false],
    [[{ isCompleted: true }], [], true],
    [[], [occ('completed')], true],
    [[], [occ('partial')], true],
    [[], [occ('completed', true)], false],
  ])(
    'when quests %o and occurrences %o, then Clear Completed shown: %s',
    (quests, occurrences, shown) => {
      expect(canClearCompleted(quests, occurrences)).toBe(shown);
    },
  );
});

describe('seriesOccursOn: monthly by weekday and pauses', () => {
  // 2026-03-10 is the 2nd Tuesday of March; 2026-03-31 is the 5th (last) Tuesday.
  const secondTuesday: SeriesSchedule = {
    ...base,
    recurrenceType: 'monthly',
    startDate: '2026-03-10',
    monthlyBy: 'weekday',
  };
  const lastTuesday: SeriesSchedule = { ...secondTuesday, startDate: '2026-03-31' };
  it.each([
    ['2nd Tuesday, April 14', secondTuesday, '2026-04-14', true],
    ['2nd Tuesday, not April 10 (the date)', secondTuesday, '2026-04-10', false],
    ['2nd Tuesday, not April 21', secondTuesday, '2026-04-21', false],
    [
      '2nd Tuesday every 2 months, not April',
      { ...secondTuesday, recurrenceInterval: 2 },
      '2026-04-14',
      false,
    ],
    [
      '2nd Tuesday every 2 months, May 12',
      { ...secondTuesday, recurrenceInterval: 2 },
      '2026-05-12',
      true,
    ],
    ['last Tuesday, April 28 (the 4th)', lastTuesday, '2026-04-28', true],
    ['last Tuesday, not April 21', lastTuesday, '2026-04-21', false],
    ['last Tuesday, June 30', lastTuesday, '2026-06-30', true],
    [
      'by date (default), April 10',
      { ...secondTuesday, monthlyBy: 'day_of_month' },
      '2026-04-10',
      true,
    ],
    [
      'daily, paused day',
      { ...base, pauses: [{ from: '2026-03-08', to: '2026-03-09' }] },
      '2026-03-09',
      false,
    ],
    [
      'daily, day after a pause',
      { ...base, pauses: [{ from: '2026-03-08', to: '2026-03-09' }] },
      '2026-03-10',
      true,
    ],
    [
      'daily, still paused',
      { ...base, pauses: [{ from: '2026-03-08', to: null }] },
      '2026-04-01',
      false,
    ],
  ] as const)('%s: %s -> %s', (_label, series, date, expected) => {
    expect(seriesOccursOn(series, date)).toBe(expected);
  });

  it('when a daily series was paused for three days, then a week has four occurrences', () => {
    const paused = { ...base, pauses: [{ from: '2026-03-10', to: '2026-03-12' }] };
    expect(occurrenceDatesBetween(paused, '2026-03-08', '2026-03-14')).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-13',
      '2026-03-14',
    ]);
  });
});

describe('dayStreaks with rest days (a skipped occurrence does not break the streak)', () => {
  it.each([
    // done, rest -> current, longest (today 2026-11-22)
    [['2026-11-20', '2026-11-22'], ['2026-11-21'], 2, 2],
    [['2026-11-20', '2026-11-22'], [], 1, 1],
    [['2026-11-21'], ['2026-11-22'], 1, 1], // resting today keeps yesterday's streak
    [['2026-11-19', '2026-11-20'], ['2026-11-21', '2026-11-22'], 2, 2],
    [['2026-11-18', '2026-11-20'], ['2026-11-21'], 1, 1], // 19th neither done nor rest: broken
    [[], ['2026-11-21', '2026-11-22'], 0, 0], // rest alone is no streak
    [['2026-11-22'], ['2026-11-22'], 1, 1], // done on a rest day counts as done
  ])(
    'when %o are done and %o rested, then current %i and longest %i',
    (days, rest, current, longest) => {
      expect(dayStreaks(days, '2026-11-22', rest)).toEqual({ current, longest });
    },
  );
});

describe('pauseSeries and resumeSeries', () => {
  const today = '2026-11-22';
  it.each([
    ['a running series is paused', 'pause', [], [{ from: '2026-11-23', to: null }]],
    [
      'a paused series is paused again',
      'pause',
      [{ from: '2026-11-20', to: null }],
      [{ from: '2026-11-20', to: null }],
    ],
    [
      'a series paused three days ago is resumed',
      'resume',
      [{ from: '2026-11-19', to: null }],
      [{ from: '2026-11-19', to: '2026-11-21' }],
    ],
    ['a series paused today is resumed today', 'resume', [{ from: '2026-11-23', to: null }], []],
    [
      'a running series with an old pause is resumed',
      'resume',
      [{ from: '2026-10-01', to: '2026-10-05' }],
      [{ from: '2026-10-01', to: '2026-10-05' }],
    ],
    [
      'a paused series with an old pause is resumed',
      'resume',
      [
        { from: '2026-10-01', to: '2026-10-05' },
        { from: '2026-11-22', to: null },
      ],
      [{ from: '2026-10-01', to: '2026-10-05' }],
    ],
  ] as const)('when %s, then the pauses are %o', (_label, action, pauses, expected) => {
    const next = action === 'pause' ? pauseSeries(pauses, today) : resumeSeries(pauses, today);
    expect(next).toEqual(expected);
    expect(isSeriesPaused(next)).toBe(action === 'pause');
  });
});
