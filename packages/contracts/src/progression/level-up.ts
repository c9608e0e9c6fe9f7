import { levelProgress } from './level.ts';

/**
 * Level-up: when the computed level rises above the previously seen level, the
 * celebration opens with the previous XP taken as (old level - 1) * 100.
 */
export function detectLevelUp(
  previousLevel: number | null | undefined,
  totalXp: number,
): { leveledUp: boolean; newLevel: number; previousXp: number } {
  const newLevel = levelProgress(totalXp).level;
  if (previousLevel === null || previousLevel === undefined)
    return { leveledUp: false, newLevel, previousXp: 0 };
  const leveledUp = newLevel > previousLevel;
  return {
    leveledUp,
    newLevel,
    previousXp: leveledUp ? Math.max(0, (previousLevel - 1) * 100) : 0,
  };
}
