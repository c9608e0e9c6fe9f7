import { describe, expect, it } from 'vitest';
import {
  COMPLETION_FEEDBACK,
  canSnooze,
  completionMove,
  completionRate,
  completionXpDelta,
  isOccurrenceDone,
  occurrenceBadge,
  streakProgressPercent,
  xpForCompletion,
} from './completion.ts';
import { defaultXpForDifficulty, partialXp } from './xp.ts';

describe('partialXp (half, rounded down)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [25, 12],
    [50, 25],
    [51, 25],
  ])('when the reward is %i, then partial gives %i', (xp, half) => {
    expect(partialXp(xp)).toBe(half);
  });
});

describe('xpForCompletion and completionXpDelta', () => {
  it.each([
    ['not_completed', 25, 0],
    ['partial', 25, 12],
    ['completed', 25, 25],
  ] as const)('when an item worth %s is %s, then it earns %i', (type, xp, earned) => {
    expect(xpForCompletion(type, xp)).toBe(earned);
  });

  it.each([
    ['not_completed', 'completed', 25],
    ['not_completed', 'partial', 12],
    ['partial', 'completed', 13],
    ['completed', 'partial', -13],
    ['completed', 'not_completed', -25],
    ['partial', 'not_completed', -12],
    ['completed', 'completed', 0],
  ] as const)('when a 25 XP item goes from %s to %s, then %i XP moves', (from, to, delta) => {
    expect(completionXpDelta(from, to, 25)).toBe(delta);
  });
});

describe('isOccurrenceDone and its badge', () => {
  it.each([
    [false, 'not_completed', false, null],
    [true, 'not_completed', true, 'Done'],
    [false, 'partial', true, 'Partial'],
    [false, 'completed', true, 'Done'],
    [true, 'completed', true, 'Done'],
  ] as const)(
    'when isCompleted=%s and type %s, then done=%s with badge %s',
    (isCompleted, completionType, done, badge) => {
      expect(isOccurrenceDone({ isCompleted, completionType })).toBe(done);
      expect(occurrenceBadge({ isCompleted, completionType })).toBe(badge);
    },
  );

  it('when a choice is made, then the feedback has its title and description', () => {
    expect(COMPLETION_FEEDBACK.partial).toEqual({
      title: 'Progress is progress!',
      description: "You're building momentum - every step counts!",
    });
  });
});

describe('canSnooze', () => {
  const zone = 'Europe/Berlin';
  const now = new Date('2026-11-22T09:00:00.000Z');
  it.each([
    // isCompleted, dueDate, timeOfDay, expected
    [false, '2026-11-21T22:59:59.999Z', 'anytime', true], // overdue
    [false, '2026-11-22T22:59:59.999Z', 'anytime', true], // today, last millisecond
    [false, '2026-11-22T23:00:00.000Z', 'anytime', false], // tomorrow's first millisecond
    [false, '2026-11-25T12:00:00.000Z', null, false],
    [false, null, 'anytime', false],
    [false, null, null, false],
    [false, null, 'morning', true],
    // Due in 8 days: snoozing "until tomorrow" would move it earlier, so it is not offered.
    [false, '2026-11-30T12:00:00.000Z', 'evening', false],
    [false, '2026-11-25T12:00:00.000Z', 'morning', false],
    [true, '2026-11-21T12:00:00.000Z', 'morning', false],
  ] as const)(
    'when completed=%s, due %s and time of day %s, then snooze offered: %s',
    (isCompleted, dueDate, timeOfDay, expected) => {
      expect(canSnooze({ isCompleted, dueDate, timeOfDay }, now, zone)).toBe(expected);
    },
  );

  it.each([
    // dueDate, scheduledTime, timeOfDay, expected
    [null, '2026-11-22T17:00:00.000Z', 'evening', true], // scheduled later today
    [null, '2026-11-21T17:00:00.000Z', 'anytime', true], // scheduled yesterday
    [null, '2026-11-24T17:00:00.000Z', 'evening', false], // scheduled in two days
    ['2026-11-22T22:59:59.999Z', '2026-11-24T17:00:00.000Z', 'evening', false],
  ] as const)(
    'when due %s and scheduled %s (%s), then snooze offered: %s',
    (dueDate, scheduledTime, timeOfDay, expected) => {
      expect(canSnooze({ isCompleted: false, dueDate, scheduledTime, timeOfDay }, now, zone)).toBe(
        expected,
      );
    },
  );
});

describe('completionRate', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 200, 1], // 0.5 rounds up
    [1, 201, 0],
    [5, 5, 100],
  ])('when %i of %i quests are completed, then the rate is %i%%', (done, total, rate) => {
    expect(completionRate(done, total)).toBe(rate);
  });

  it.each([
    [0, 0],
    [15, 50],
    [30, 100],
    [45, 100],
  ])('when the streak is %i days, then the 30-day bar is %i%%', (days, percent) => {
    expect(streakProgressPercent(days)).toBe(percent);
  });
});

describe('defaultXpForDifficulty', () => {
  it('when a quest has no xpReward, then easy gives 20, medium 50, hard 100', () => {
    expect([
      defaultXpForDifficulty('easy'),
      defaultXpForDifficulty('medium'),
      defaultXpForDifficulty('hard'),
    ]).toEqual([20, 50, 100]);
  });
});

describe('completionMove (moving between states moves XP by the difference)', () => {
  it.each([
    // from, awarded before, to, xpReward -> isCompleted, awardedXp, partialXpEarned, xpDelta
    ['not_completed', 0, 'completed', 25, true, 25, 0, 25],
    ['not_completed', 0, 'partial', 25, true, 12, 12, 12],
    ['partial', 12, 'completed', 25, true, 25, 0, 13],
    ['completed', 25, 'partial', 25, true, 12, 12, -13],
    ['completed', 25, 'not_completed', 25, false, 0, 0, -25],
    ['partial', 12, 'not_completed', 25, false, 0, 0, -12],
    ['completed', 25, 'completed', 25, true, 25, 0, 0],
    ['partial', 12, 'partial', 25, true, 12, 12, 0],
    ['not_completed', 0, 'not_completed', 25, false, 0, 0, 0],
    // the reward was edited after the award: the revoke takes back what was really given
    ['completed', 20, 'not_completed', 50, false, 0, 0, -20],
    ['completed', 20, 'partial', 50, true, 25, 25, 5],
  ] as const)(
    'when an item %s (awarded %i) moves to %s with reward %i, then it holds isCompleted %s, %i XP (partial %i) and moves %i',
    (from, awarded, to, xpReward, isCompleted, awardedXp, partialXpEarned, xpDelta) => {
      expect(completionMove({ completionType: from, awardedXp: awarded, xpReward }, to)).toEqual({
        changed: from !== to,
        isCompleted,
        awardedXp,
        partialXpEarned,
        xpDelta,
      });
    },
  );

  it('when every path of moves is walked, then the XP moved always sums to what the last state is worth', () => {
    const types = ['not_completed', 'partial', 'completed'] as const;
    let state = {
      completionType: 'not_completed' as (typeof types)[number],
      awardedXp: 0,
      xpReward: 31,
    };
    let total = 0;
    for (const a of types)
      for (const b of types)
        for (const to of [a, b]) {
          const move = completionMove(state, to);
          total += move.xpDelta;
          state = { ...state, completionType: to, awardedXp: move.awardedXp };
          expect(total).toBe(xpForCompletion(to, 31));
        }
  });
});
