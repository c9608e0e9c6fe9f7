import { levelProgress } from '../progression/level.ts';
import { initials } from './initials.ts';
import type { UserProfile, UserRole } from './user.ts';

export interface StoredUser {
  id: string;
  username: string;
  email: string;
  displayName: string;
  /** Total XP earned. */
  xp: number;
  joinedAt: Date | string;
  isFounder: boolean;
  userNumber: number | null;
  timeZone: string;
  /** Absent on users stored before roles: they are members. */
  role?: UserRole;
}

/**
 * The profile every identity answer carries, with level and progress derived from total XP (so a stored
 * level can never disagree with the XP; one level rule, in contracts).
 */
export function buildUserProfile(user: StoredUser): UserProfile {
  const p = levelProgress(user.xp);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    level: p.level,
    xp: Math.max(0, Math.floor(user.xp)),
    xpIntoLevel: p.xpIntoLevel,
    xpToNextLevel: p.xpToNextLevel,
    levelProgressPercent: p.percent,
    joinedAt: user.joinedAt instanceof Date ? user.joinedAt.toISOString() : user.joinedAt,
    isFounder: user.isFounder,
    userNumber: user.userNumber,
    timeZone: user.timeZone,
    initials: initials(user.displayName),
    role: user.role ?? 'member',
  };
}

/** Profile progress bar: 'Progress to Level N+1' and 'xp / xpToNextLevel XP', with xp inside the level. */
export function profileProgressText(
  profile: Pick<UserProfile, 'level' | 'xpIntoLevel' | 'xpToNextLevel'>,
): { title: string; text: string } {
  return {
    title: `Progress to Level ${profile.level + 1}`,
    text: `${profile.xpIntoLevel} / ${profile.xpToNextLevel} XP`,
  };
}

/** Founder badge text 'Founder #N', or null. */
export function founderBadge(
  profile: Pick<UserProfile, 'isFounder' | 'userNumber'>,
): string | null {
  return profile.isFounder && profile.userNumber !== null ? `Founder #${profile.userNumber}` : null;
}

/** Dashboard heading. */
export function dashboardGreeting(isNewUser: boolean, level: number): string {
  return isNewUser ? 'Welcome, New Adventurer!' : `Welcome back, Level ${level} Adventurer!`;
}
