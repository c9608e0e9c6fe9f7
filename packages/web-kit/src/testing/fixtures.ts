import { levelProgress, type UserProfile } from '@levelup/contracts';

/** A signed-in user's profile as svc-identity answers it, with level fields derived from xp. */
export function profileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  const xp = overrides.xp ?? 0;
  const progress = levelProgress(xp);
  return {
    id: 'u1',
    username: 'ada',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    level: progress.level,
    xp,
    xpIntoLevel: progress.xpIntoLevel,
    xpToNextLevel: progress.xpToNextLevel,
    levelProgressPercent: progress.percent,
    joinedAt: '2026-01-15T10:00:00.000Z',
    isFounder: false,
    userNumber: null,
    timeZone: 'Europe/London',
    initials: 'AL',
    role: 'member',
    ...overrides,
  };
}
