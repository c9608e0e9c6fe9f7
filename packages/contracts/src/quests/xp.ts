import type { QuestDifficulty } from './enums.ts';

// XP rules of quests.

/** Partial completion gives half the XP, rounded down. */
export function partialXp(xpReward: number): number {
  return Math.floor(Math.max(0, xpReward) / 2);
}

/**
 * Default XP when a creation request omits xpReward. XP by intent gives easy 20 (simple_task and
 * any other intent) and medium 50 (learn_practice); no intent gives hard, so it takes 100, twice
 * medium, which keeps every hard quest in the 'rare' rarity the difficulty already gives it.
 */
export const DEFAULT_XP_BY_DIFFICULTY: Readonly<Record<QuestDifficulty, number>> = {
  easy: 20,
  medium: 50,
  hard: 100,
};

export function defaultXpForDifficulty(difficulty: QuestDifficulty): number {
  return DEFAULT_XP_BY_DIFFICULTY[difficulty];
}
