import { describe, expect, it } from 'vitest';
import type { SeriesSchedule } from '../quests/recurrence.ts';
import {
  goalForecast,
  goalForecastText,
  type ForecastSeries,
  type GoalForecast,
} from './forecast.ts';

// Today is Tuesday 2026-11-10 in every case.
const today = '2026-11-10';
const daily: SeriesSchedule = {
  recurrenceType: 'daily',
  recurrenceInterval: 1,
  weeklyPattern: null,
  startDate: '2026-11-01',
  endDate: null,
};
const mondays: SeriesSchedule = { ...daily, recurrenceType: 'weekly', weeklyPattern: [1] };

function series(overrides: Partial<ForecastSeries> = {}): ForecastSeries {
  return {
    xpPerOccurrence: 10,
    linkedOn: today,
    schedule: daily,
    isActive: true,
    occurrences: [],
    ...overrides,
  };
}
const done = (scheduledFor: string) => ({ scheduledFor, isCompleted: true });
const open = (scheduledFor: string) => ({ scheduledFor, isCompleted: false });
const active = (currentXp: number, targetXp: number) => ({
  currentXp,
  targetXp,
  status: 'active' as const,
});

describe('goalForecast', () => {
  it.each<[string, Parameters<typeof goalForecast>[0], GoalForecast]>([
    [
      'a goal at its target is complete',
      { goal: active(300, 300), series: [series()], today },
      { kind: 'complete' },
    ],
    [
      'a completed goal is complete',
      { goal: { currentXp: 10, targetXp: 300, status: 'completed' }, series: [series()], today },
      { kind: 'complete' },
    ],
    [
      'no linked series gives no schedule',
      { goal: active(0, 30), series: [], today },
      { kind: 'no_schedule' },
    ],
    [
      'a daily 10 XP series linked today finishes 30 XP on the third day',
      { goal: active(0, 30), series: [series()], today },
      { kind: 'on_track', finishDate: '2026-11-12', missedOccurrences: 0 },
    ],
    [
      "today's occurrence already done counts as done: the plan starts tomorrow",
      { goal: active(10, 30), series: [series({ occurrences: [done(today)] })], today },
      { kind: 'on_track', finishDate: '2026-11-12', missedOccurrences: 0 },
    ],
    [
      'a Monday series of 50 XP reaches 100 XP on the second Monday',
      { goal: active(0, 100), series: [series({ schedule: mondays, xpPerOccurrence: 50 })], today },
      { kind: 'on_track', finishDate: '2026-11-23', missedOccurrences: 0 },
    ],
    [
      'one missed day since the link puts the finish one day behind',
      {
        goal: active(20, 50),
        series: [
          series({
            linkedOn: '2026-11-07',
            occurrences: [done('2026-11-07'), done('2026-11-08'), open('2026-11-09')],
          }),
        ],
        today,
      },
      { kind: 'behind', finishDate: '2026-11-12', daysBehind: 1, missedOccurrences: 1 },
    ],
    [
      'a scheduled day with no occurrence at all counts as missed too (the rule is the plan)',
      {
        goal: active(10, 40),
        series: [series({ linkedOn: '2026-11-08', occurrences: [done('2026-11-08')] })],
        today,
      },
      { kind: 'behind', finishDate: '2026-11-12', daysBehind: 1, missedOccurrences: 1 },
    ],
    [
      'misses that alone would have finished the goal compare with today (a lower bound)',
      { goal: active(0, 30), series: [series({ linkedOn: '2026-11-05' })], today },
      { kind: 'behind', finishDate: '2026-11-12', daysBehind: 2, missedOccurrences: 5 },
    ],
    [
      'occurrences before the link are never missed',
      {
        goal: active(0, 30),
        series: [series({ occurrences: [open('2026-11-01'), open('2026-11-02')] })],
        today,
      },
      { kind: 'on_track', finishDate: '2026-11-12', missedOccurrences: 0 },
    ],
    [
      'two series add up: daily 10 to 60 by Sunday, Monday 10 + 25 reaches 95',
      {
        goal: active(0, 95),
        series: [series(), series({ schedule: mondays, xpPerOccurrence: 25 })],
        today,
      },
      { kind: 'on_track', finishDate: '2026-11-16', missedOccurrences: 0 },
    ],
    [
      'a paused series offers only the occurrences the journey lists ahead',
      {
        goal: active(0, 20),
        series: [series({ isActive: false, occurrences: [open(today), open('2026-11-14')] })],
        today,
      },
      { kind: 'on_track', finishDate: '2026-11-14', missedOccurrences: 0 },
    ],
    [
      'a series without a known rule and nothing listed ahead gives no schedule',
      { goal: active(0, 20), series: [series({ schedule: null })], today },
      { kind: 'no_schedule' },
    ],
    [
      'a target the schedule cannot reach within the horizon is beyond it',
      { goal: active(0, 100), series: [series({ xpPerOccurrence: 1 })], today, horizonDays: 5 },
      { kind: 'beyond_horizon', missedOccurrences: 0 },
    ],
    [
      'an ended series plans nothing after its end',
      {
        goal: active(0, 50),
        series: [series({ schedule: { ...daily, endDate: '2026-11-11' } })],
        today,
        horizonDays: 30,
      },
      { kind: 'beyond_horizon', missedOccurrences: 0 },
    ],
  ])('when %s', (_name, input, expected) => {
    expect(goalForecast(input)).toEqual(expected);
  });
});

describe('goalForecastText', () => {
  it.each<[GoalForecast, string | null]>([
    [
      { kind: 'on_track', finishDate: '2027-03-05', missedOccurrences: 0 },
      'on track for 03/05/2027',
    ],
    [
      { kind: 'behind', finishDate: '2027-03-05', daysBehind: 1, missedOccurrences: 1 },
      '1 day behind',
    ],
    [
      { kind: 'behind', finishDate: '2027-03-05', daysBehind: 4, missedOccurrences: 2 },
      '4 days behind',
    ],
    [{ kind: 'no_schedule' }, 'no occurrences scheduled ahead'],
    [
      { kind: 'beyond_horizon', missedOccurrences: 0 },
      'not reachable within a year at this schedule',
    ],
    [{ kind: 'complete' }, null],
  ])('when the forecast is %o, then it reads %s', (forecast, text) => {
    expect(goalForecastText(forecast)).toBe(text);
  });
});
