import { describe, expect, it } from 'vitest';
import { levelProgress, totalXpToReachLevel } from './level.ts';

describe('levelProgress (level n needs n*100 XP to pass)', () => {
  it.each([
    // totalXp, level, xpIntoLevel, xpToNextLevel, percent
    [0, 1, 0, 100, 0],
    [1, 1, 1, 100, 1],
    [99, 1, 99, 100, 99],
    [100, 2, 0, 200, 0],
    [101, 2, 1, 200, 0.5],
    [299, 2, 199, 200, 99.5],
    [300, 3, 0, 300, 0],
    [599, 3, 299, 300, (299 / 300) * 100],
    [600, 4, 0, 400, 0],
    [4500, 10, 0, 1000, 0],
    [4499, 9, 899, 900, (899 / 900) * 100],
  ])(
    'when the user has %i XP in total, then they are level %i with %i XP into it of %i',
    (xp, level, into, toNext, percent) => {
      expect(levelProgress(xp)).toEqual({
        level,
        xpIntoLevel: into,
        xpToNextLevel: toNext,
        percent,
      });
    },
  );

  it('when XP is negative or not a number, then it counts as level 1 with nothing earned', () => {
    expect(levelProgress(-5)).toEqual({ level: 1, xpIntoLevel: 0, xpToNextLevel: 100, percent: 0 });
    expect(levelProgress(Number.NaN).level).toBe(1);
  });

  it.each([
    [1, 0],
    [2, 100],
    [3, 300],
    [4, 600],
    [10, 4500],
  ])('when asking for level %i, then it is reached at %i total XP', (level, xp) => {
    expect(totalXpToReachLevel(level)).toBe(xp);
  });

  it('when walking XP from 0 to 20000, then the level never drops and each step starts at the sum of 100*k', () => {
    let previous = 1;
    for (let xp = 0; xp <= 20_000; xp += 7) {
      const p = levelProgress(xp);
      expect(p.level).toBeGreaterThanOrEqual(previous);
      expect(xp - totalXpToReachLevel(p.level)).toBe(p.xpIntoLevel);
      expect(p.xpIntoLevel).toBeLessThan(p.xpToNextLevel);
      previous = p.level;
    }
  });
});
