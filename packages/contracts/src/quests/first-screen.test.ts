import { describe, expect, it } from 'vitest';
import { firstScreenBadge, firstScreenHeading, type FirstScreenReads } from './first-screen.ts';

const none: FirstScreenReads = {
  profile: { xp: 0, isFounder: false, userNumber: null },
  overview: { totalXpEarned: 0, totalQuestsCompleted: 0 },
  quests: [],
  series: [],
  todos: [],
  lifeTasks: [],
  goals: [],
};

describe('the first screen heading and badge', () => {
  it('when the reads show nothing at all, then the new-adventurer greeting', () => {
    expect(firstScreenHeading(none)).toBe('Welcome, New Adventurer!');
  });

  it.each([
    ['a goal', { goals: [{}] }],
    ['a life task', { lifeTasks: [{}] }],
    ['XP earned', { overview: { totalXpEarned: 5, totalQuestsCompleted: 0 } }],
  ])('when the user has %s, then the level greeting from the profile XP', (_label, patch) => {
    expect(firstScreenHeading({ ...none, ...patch, profile: { xp: 300 } })).toBe(
      'Welcome back, Level 3 Adventurer!',
    );
  });

  it('when a read is not of the shape the heading needs, then no heading (no first screen)', () => {
    expect(firstScreenHeading({ ...none, profile: null })).toBeNull();
    expect(firstScreenHeading({ ...none, overview: 'oops' })).toBeNull();
    expect(firstScreenHeading({ ...none, goals: { items: [] } })).toBeNull();
  });

  it('when the profile says founder with a number, then the badge names it', () => {
    expect(firstScreenBadge({ ...none, profile: { isFounder: true, userNumber: 12 } })).toBe(
      'Founder #12',
    );
    expect(
      firstScreenBadge({ ...none, profile: { isFounder: true, userNumber: null } }),
    ).toBeNull();
    expect(firstScreenBadge(none)).toBeNull();
  });
});
