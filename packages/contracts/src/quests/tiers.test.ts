import { describe, expect, it } from 'vitest';
import { glowTier, questRarity } from './tiers.ts';

describe('questRarity (Derived tiers)', () => {
  it.each([
    // xpReward, difficulty, rarity
    [0, 'easy', 'common'],
    [74, 'easy', 'common'],
    [75, 'easy', 'uncommon'],
    [76, 'easy', 'uncommon'],
    [149, 'easy', 'uncommon'],
    [150, 'easy', 'rare'],
    [151, 'easy', 'rare'],
    [199, 'easy', 'rare'],
    [200, 'easy', 'epic'],
    [201, 'easy', 'epic'],
    [1, 'medium', 'uncommon'],
    [74, 'medium', 'uncommon'],
    [149, 'medium', 'uncommon'],
    [150, 'medium', 'rare'],
    [199, 'medium', 'rare'],
    [200, 'medium', 'epic'],
    [1, 'hard', 'rare'],
    [74, 'hard', 'rare'],
    [199, 'hard', 'rare'],
    [200, 'hard', 'epic'],
  ] as const)(
    'when a quest gives %i XP and is %s, then it is %s',
    (xpReward, difficulty, rarity) => {
      expect(questRarity({ xpReward, difficulty })).toBe(rarity);
    },
  );
});

describe('glowTier (16 and 31 XP)', () => {
  it.each([
    [0, 'low'],
    [15, 'low'],
    [16, 'medium'],
    [17, 'medium'],
    [30, 'medium'],
    [31, 'high'],
    [32, 'high'],
    [500, 'high'],
  ] as const)('when an open quest gives %i XP, then its glow is %s', (xpReward, tier) => {
    expect(glowTier({ xpReward, isCompleted: false })).toBe(tier);
  });

  it.each([0, 16, 31, 500])(
    'when a quest worth %i XP is completed, then it has no glow',
    (xpReward) => {
      expect(glowTier({ xpReward, isCompleted: true })).toBe('none');
    },
  );
});
