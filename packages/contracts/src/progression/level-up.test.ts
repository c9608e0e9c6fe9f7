import { describe, expect, it } from 'vitest';
import { detectLevelUp } from './level-up.ts';

describe('detectLevelUp (Level-up)', () => {
  it.each([
    // previousLevel, totalXp, leveledUp, newLevel, previousXp
    [1, 99, false, 1, 0],
    [1, 100, true, 2, 0],
    [2, 299, false, 2, 0],
    [2, 300, true, 3, 100],
    [3, 600, true, 4, 200],
    [2, 650, true, 4, 100], // two levels at once: previous XP still from the old level
    [4, 300, false, 3, 0], // a revoke lowers the level: no celebration
    [null, 5000, false, 10, 0], // nothing seen yet: no celebration on first load
  ])(
    'when the last seen level is %s and total XP becomes %i, then level-up=%s to %i with previous XP %i',
    (prev, xp, up, level, previousXp) => {
      expect(detectLevelUp(prev, xp)).toEqual({ leveledUp: up, newLevel: level, previousXp });
    },
  );
});
