import { initials, levelProgress, type UserProfile } from '@levelup/contracts';
import type { UserDoc } from './models.ts';

type ProfileSource = Pick<
  UserDoc,
  | '_id'
  | 'username'
  | 'email'
  | 'displayName'
  | 'xp'
  | 'createdAt'
  | 'isFounder'
  | 'userNumber'
  | 'timeZone'
  | 'role'
>;

/** The user as screens read it; level and progress come from the one rule in contracts. */
export function toProfile(user: ProfileSource): UserProfile {
  const xp = Math.max(0, user.xp);
  const progress = levelProgress(xp);
  return {
    id: user._id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    level: progress.level,
    xp,
    xpIntoLevel: progress.xpIntoLevel,
    xpToNextLevel: progress.xpToNextLevel,
    levelProgressPercent: progress.percent,
    joinedAt: new Date(user.createdAt).toISOString(),
    isFounder: user.isFounder,
    userNumber: user.userNumber,
    timeZone: user.timeZone,
    initials: initials(user.displayName),
    role: user.role ?? 'member',
  };
}
