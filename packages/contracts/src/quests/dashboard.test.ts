import { describe, expect, it } from 'vitest';
import { dashboardHeading, isNewUser } from './dashboard.ts';

const zero = { totalXpEarned: 0, totalQuestsCompleted: 0 };
const empty = {
  overview: zero,
  questCount: 0,
  seriesCount: 0,
  goalCount: 0,
  todoCount: 0,
  lifeTaskCount: 0,
};

describe('isNewUser', () => {
  it.each([
    ['nothing at all', {}, true],
    ['no overview yet', { overview: null }, true],
    ['1 XP', { overview: { ...zero, totalXpEarned: 1 } }, false],
    ['1 completed quest', { overview: { ...zero, totalQuestsCompleted: 1 } }, false],
    ['a quest', { questCount: 1 }, false],
    ['a series', { seriesCount: 1 }, false],
    ['a goal', { goalCount: 1 }, false],
    ['a todo', { todoCount: 1 }, false],
    ['a life task', { lifeTaskCount: 1 }, false],
  ])('when the user has %s, then new: %s', (_label, patch, expected) => {
    expect(isNewUser({ ...empty, ...patch })).toBe(expected);
  });
});

describe('dashboardHeading', () => {
  it('when the user is new, then the greeting is the new adventurer one, whatever the XP', () => {
    expect(dashboardHeading(true, 0)).toBe('Welcome, New Adventurer!');
  });

  it('when the user is not new, then it names the level the total XP reaches', () => {
    expect(dashboardHeading(false, 0)).toBe('Welcome back, Level 1 Adventurer!');
    expect(dashboardHeading(false, 99)).toBe('Welcome back, Level 1 Adventurer!');
    expect(dashboardHeading(false, 100)).toBe('Welcome back, Level 2 Adventurer!');
  });
});
