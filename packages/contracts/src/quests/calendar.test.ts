import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  monthDays,
  calendarDayColor,
  calendarDayTotalXp,
  calendarMonthSummary,
  calendarTooltip,
  hasCalendarStar,
} from './calendar.ts';

const day = (
  questsCompleted: number,
  goals: number,
  lifeTasksCompleted: number,
  totalXp = 0,
  maintenanceXp = 0,
) => ({
  questsCompleted,
  goalsCompleted: Array.from({ length: goals }, (_, i) => ({ id: `g${i}`, title: `Goal ${i}` })),
  lifeTasksCompleted,
  totalXp,
  maintenanceXp,
});

describe('calendar star (3 or more items)', () => {
  it.each([
    [0, 0, 0, false],
    [2, 0, 0, false],
    [3, 0, 0, true],
    [1, 1, 0, false],
    [1, 1, 1, true],
    [0, 0, 2, false],
    [0, 3, 0, true],
    [4, 0, 0, true],
  ])(
    'when %i quests, %i goals and %i life tasks were completed, then star: %s',
    (q, g, l, star) => {
      expect(hasCalendarStar(day(q, g, l))).toBe(star);
    },
  );
});

describe('calendar day colour and tooltip', () => {
  it.each([
    [undefined, 'none', 'No activity'],
    [day(0, 0, 0), 'none', 'No activity'],
    [day(2, 0, 0), 'blue', '2 quests, 0 goals, 0 life tasks'],
    [day(0, 1, 0), 'green', '0 quests, 1 goals, 0 life tasks'],
    [day(0, 0, 1), 'orange', '0 quests, 0 goals, 1 life tasks'],
    [day(1, 0, 1), 'multiple', '1 quests, 0 goals, 1 life tasks'],
  ])('when the day is %o, then colour %s and tooltip %s', (d, color, tooltip) => {
    expect(calendarDayColor(d)).toBe(color);
    expect(calendarTooltip(d)).toBe(tooltip);
  });

  it('when a day is selected, then Total XP is totalXp plus maintenanceXp, and the month sums every day', () => {
    expect(calendarDayTotalXp(day(1, 0, 2, 25, 4))).toBe(29);
    expect(
      calendarMonthSummary({
        '2026-11-01': day(1, 1, 2, 25, 4),
        '2026-11-02': day(3, 0, 0, 60, 0),
      }),
    ).toEqual({
      questsCompleted: 4,
      goalsAchieved: 1,
      lifeTasks: 2,
      totalXp: 89,
    });
  });
});

describe('monthDays and buildCalendar', () => {
  it.each([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2026-11', '2026-11-01', '2026-11-30'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('when the month is %s, then its days run from %s to %s', (month, from, to) => {
    expect(monthDays(month)).toEqual({ from, to });
  });

  it('when quests, life tasks and goals happened, then each day sums its own and quiet days have no key', () => {
    expect(
      buildCalendar({
        quests: [
          { localDate: '2026-11-20', xp: 20 },
          { localDate: '2026-11-20', xp: 12 },
          { localDate: '2026-11-22', xp: 50 },
        ],
        lifeTasks: [
          { localDate: '2026-11-20', xp: 2 },
          { localDate: '2026-11-21', xp: 5 },
        ],
        goals: [{ localDate: '2026-11-22', id: 'g1', title: 'Run 5k' }],
      }),
    ).toEqual({
      '2026-11-20': {
        questsCompleted: 2,
        goalsCompleted: [],
        lifeTasksCompleted: 1,
        totalXp: 32,
        maintenanceXp: 2,
      },
      '2026-11-21': {
        questsCompleted: 0,
        goalsCompleted: [],
        lifeTasksCompleted: 1,
        totalXp: 0,
        maintenanceXp: 5,
      },
      '2026-11-22': {
        questsCompleted: 1,
        goalsCompleted: [{ id: 'g1', title: 'Run 5k' }],
        lifeTasksCompleted: 0,
        totalXp: 50,
        maintenanceXp: 0,
      },
    });
  });
});
