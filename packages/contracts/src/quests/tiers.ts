import type { QuestDifficulty } from './enums.ts';

// Derived tiers; thresholds (rarity 75, 150, 200; glow 16, 31).

export type QuestRarity = 'common' | 'uncommon' | 'rare' | 'epic';

export const RARITY_THRESHOLDS = { uncommon: 75, rare: 150, epic: 200 } as const;

/** epic at 200+; rare if hard or 150+; uncommon if medium or 75+; otherwise common. */
export function questRarity(quest: { xpReward: number; difficulty: QuestDifficulty }): QuestRarity {
  if (quest.xpReward >= RARITY_THRESHOLDS.epic) return 'epic';
  if (quest.difficulty === 'hard' || quest.xpReward >= RARITY_THRESHOLDS.rare) return 'rare';
  if (quest.difficulty === 'medium' || quest.xpReward >= RARITY_THRESHOLDS.uncommon)
    return 'uncommon';
  return 'common';
}

export type GlowTier = 'none' | 'low' | 'medium' | 'high';

export const GLOW_THRESHOLDS = { medium: 16, high: 31 } as const;

/** high at 31+, medium at 16+, otherwise low; none when completed. */
export function glowTier(quest: { xpReward: number; isCompleted: boolean }): GlowTier {
  if (quest.isCompleted) return 'none';
  if (quest.xpReward >= GLOW_THRESHOLDS.high) return 'high';
  if (quest.xpReward >= GLOW_THRESHOLDS.medium) return 'medium';
  return 'low';
}

/** Badge colours of the feed: easy green, medium yellow, hard red. */
export const DIFFICULTY_BADGE_COLOR: Readonly<Record<QuestDifficulty, 'green' | 'yellow' | 'red'>> =
  {
    easy: 'green',
    medium: 'yellow',
    hard: 'red',
  };
