import { describe, expect, it } from 'vitest';
import {
  buildUserProfile,
  dashboardGreeting,
  founderBadge,
  profileProgressText,
} from './profile.ts';
import { userProfileSchema } from './user.ts';

const user = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  xp: 350,
  joinedAt: new Date('2026-01-02T03:04:05.000Z'),
  isFounder: true,
  userNumber: 7,
  timeZone: 'Europe/Berlin',
};

describe('buildUserProfile', () => {
  it('when a user has 350 XP, then the profile says level 3 with 50 of 300 and passes the schema', () => {
    const profile = buildUserProfile(user);
    expect(userProfileSchema.parse(profile)).toEqual({
      id: 'u1',
      username: 'ada',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      level: 3,
      xp: 350,
      xpIntoLevel: 50,
      xpToNextLevel: 300,
      levelProgressPercent: (50 / 300) * 100,
      joinedAt: '2026-01-02T03:04:05.000Z',
      isFounder: true,
      userNumber: 7,
      timeZone: 'Europe/Berlin',
      initials: 'AL',
      role: 'member',
    });
    expect(profileProgressText(profile)).toEqual({
      title: 'Progress to Level 4',
      text: '50 / 300 XP',
    });
  });

  it.each([
    [true, 7, 'Founder #7'],
    [true, null, null],
    [false, 7, null],
  ])(
    'when isFounder=%s and userNumber=%s, then the badge is %s',
    (isFounder, userNumber, badge) => {
      expect(founderBadge({ isFounder, userNumber })).toBe(badge);
    },
  );

  it.each([
    [true, 1, 'Welcome, New Adventurer!'],
    [false, 4, 'Welcome back, Level 4 Adventurer!'],
  ])('when new=%s at level %i, then the heading is %s', (isNew, level, text) => {
    expect(dashboardGreeting(isNew, level)).toBe(text);
  });
});
