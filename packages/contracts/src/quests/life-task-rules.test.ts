import { describe, expect, it } from 'vitest';
import { lifeTaskCompletion, type LifeTaskCompletionInput } from './life-task-rules.ts';

const task = (overrides: Partial<LifeTaskCompletionInput> = {}): LifeTaskCompletionInput => ({
  isCompleted: false,
  isRecurring: false,
  recurrenceInterval: 1,
  recurrenceType: 'weeks',
  maintenanceXp: 2,
  lastCompletedOn: null,
  ...overrides,
});

describe('lifeTaskCompletion', () => {
  it.each([
    // recurring?, interval, unit, today -> next due
    [1, 'weeks', '2026-11-22', '2026-11-29'],
    [3, 'days', '2026-11-30', '2026-12-03'],
    [1, 'months', '2026-01-31', '2026-02-28'],
    [1, 'months', '2028-01-31', '2028-02-29'],
    [2, 'weeks', '2026-12-25', '2027-01-08'],
    [1, 'years', '2028-02-29', '2029-02-28'],
  ] as const)(
    'when a task recurring every %i %s is completed on %s, then it comes due again on %s and earns its XP',
    (recurrenceInterval, recurrenceType, today, next) => {
      expect(
        lifeTaskCompletion(
          task({ isRecurring: true, recurrenceInterval, recurrenceType, maintenanceXp: 5 }),
          today,
        ),
      ).toEqual({ earns: true, xpEarned: 5, isCompleted: false, nextDueOn: next });
    },
  );

  it.each([
    ['a one-time open task', task(), true, 2, true],
    ['a one-time done task', task({ isCompleted: true }), false, 0, true],
    [
      'a recurring task done earlier',
      task({ isRecurring: true, lastCompletedOn: '2026-11-21' }),
      true,
      2,
      false,
    ],
    [
      'a recurring task already done today',
      task({ isRecurring: true, lastCompletedOn: '2026-11-22' }),
      false,
      0,
      false,
    ],
    ['a task worth 0 XP', task({ maintenanceXp: 0 }), true, 0, true],
  ])(
    'when %s is completed, then earns=%s with %i XP and isCompleted=%s',
    (_l, t, earns, xp, done) => {
      const outcome = lifeTaskCompletion(t, '2026-11-22');
      expect([outcome.earns, outcome.xpEarned, outcome.isCompleted]).toEqual([earns, xp, done]);
    },
  );
});
