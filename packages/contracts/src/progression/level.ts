// Level maths (XP per level).
// Level n needs n*100 XP to pass; total XP to reach level n is the sum of 100*k for k = 1..n-1.
// The profile screen's second reading, xpToNextLevel = (level+1)*100, is NOT used: the level keeps
// one rule, and the per-step reading is the one the level itself is computed with.

export const XP_PER_LEVEL_STEP = 100;

/** Total XP at which a level is reached: 1 -> 0, 2 -> 100, 3 -> 300, 4 -> 600. */
export function totalXpToReachLevel(level: number): number {
  const n = Math.max(1, Math.floor(level));
  return (XP_PER_LEVEL_STEP * (n - 1) * n) / 2;
}

export interface LevelProgress {
  level: number;
  /** XP earned inside the current level. */
  xpIntoLevel: number;
  /** XP the current level needs to pass (level*100). */
  xpToNextLevel: number;
  /** xpIntoLevel / xpToNextLevel as a percent, clamped 0..100. */
  percent: number;
}

/** Level and progress from total XP: 0 -> 1, 99 -> 1, 100 -> 2, 299 -> 2, 300 -> 3. */
export function levelProgress(totalXp: number): LevelProgress {
  const xp = Number.isFinite(totalXp) ? Math.max(0, Math.floor(totalXp)) : 0;
  // Largest n with 50*n*(n-1) <= xp, from the quadratic formula, then corrected for rounding.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (8 * xp) / XP_PER_LEVEL_STEP)) / 2));
  while (totalXpToReachLevel(level + 1) <= xp) level += 1;
  while (level > 1 && totalXpToReachLevel(level) > xp) level -= 1;
  const xpIntoLevel = xp - totalXpToReachLevel(level);
  const xpToNextLevel = level * XP_PER_LEVEL_STEP;
  return {
    level,
    xpIntoLevel,
    xpToNextLevel,
    percent: clampPercent((xpIntoLevel / xpToNextLevel) * 100),
  };
}

export function levelFromXp(totalXp: number): number {
  return levelProgress(totalXp).level;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
