import { FIRST_SCREEN_DATA_ID, levelProgress, type UserProfile } from '@levelup/contracts';
import { resetEmbeddedAnswers } from '../api/first-screen-data.ts';

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

/**
 * Puts the first screen's answers in the page as the server embeds them (`answers` as the block's
 * text: an object, or a string for a damaged block), and makes the client read them anew.
 */
export function embedFirstScreen(answers: Record<string, unknown> | string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.appendChild(block);
  resetEmbeddedAnswers();
}
