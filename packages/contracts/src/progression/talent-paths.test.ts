import { describe, expect, it } from 'vitest';
import { QUEST_CATEGORIES } from '../quests/enums.ts';
import { deriveCategory } from '../wizard/quest-wizard.ts';
import {
  CATEGORY_TALENT_PATH,
  NO_PATH_COMPLETIONS,
  countsTowardTalents,
  talentPathOf,
  talentUnlocksDue,
} from './talent-paths.ts';

describe('talentPathOf (a quest counts in its growthPath, else its category path)', () => {
  it.each([
    [{ growthPath: 'physical_growth', category: 'learning' }, 'physical_growth'],
    [{ growthPath: null, category: 'learning' }, 'inner_growth'],
    [{ growthPath: null, category: 'health_fitness' }, 'physical_growth'],
    [{ growthPath: null, category: 'chores_errands' }, 'environment_growth'],
    [{ growthPath: null, category: 'work_focus' }, 'environment_growth'],
    [{ growthPath: null, category: 'other' }, null],
    [{ growthPath: null, category: null }, null],
    [{}, null],
  ] as const)('when the quest is %o, then it counts in %s', (item, path) => {
    expect(talentPathOf(item)).toBe(path);
  });

  it('when every category is listed, then each has an entry', () => {
    expect(Object.keys(CATEGORY_TALENT_PATH).sort()).toEqual([...QUEST_CATEGORIES].sort());
  });

  it.each([
    ['inner_growth', 'afternoon'],
    ['inner_growth', 'evening'],
    ['inner_growth', 'anytime'],
    ['physical_growth', 'morning'],
    ['environment_growth', 'afternoon'],
    ['environment_growth', 'evening'],
    ['environment_growth', 'anytime'],
  ] as const)(
    'when the wizard derives a category from %s and %s, then the category maps back to that path',
    (path, timeOfDay) => {
      expect(CATEGORY_TALENT_PATH[deriveCategory(timeOfDay, path)]).toBe(path);
    },
  );

  it.each([
    ['completed', true],
    ['partial', false],
    ['not_completed', false],
  ] as const)('when an item is %s, then it counts toward talents: %s', (type, counts) => {
    expect(countsTowardTalents(type)).toBe(counts);
  });
});

describe('talentUnlocksDue', () => {
  const nodes = [
    { nodeKey: 'a1', path: 'inner_growth', tier: 1, prerequisites: [], completionsRequired: 1 },
    { nodeKey: 'a2', path: 'inner_growth', tier: 2, prerequisites: ['a1'], completionsRequired: 3 },
    { nodeKey: 'a3', path: 'inner_growth', tier: 3, prerequisites: ['a2'], completionsRequired: 9 },
    { nodeKey: 'b1', path: 'physical_growth', tier: 1, prerequisites: [], completionsRequired: 1 },
    {
      nodeKey: 'x2',
      path: 'physical_growth',
      tier: 2,
      prerequisites: ['a1', 'b1'],
      completionsRequired: 1,
    },
  ] as const;
  const keys = (list: readonly { nodeKey: string }[]) => list.map((n) => n.nodeKey);

  it('when a path has no completions, then nothing unlocks', () => {
    expect(talentUnlocksDue(nodes, NO_PATH_COMPLETIONS, new Set())).toEqual([]);
  });

  it('when a path has enough for two tiers, then both unlock in one check, tier by tier', () => {
    expect(
      keys(talentUnlocksDue(nodes, { ...NO_PATH_COMPLETIONS, inner_growth: 3 }, new Set())),
    ).toEqual(['a1', 'a2']);
  });

  it('when a node is unlocked already, then it is not unlocked again', () => {
    expect(
      keys(talentUnlocksDue(nodes, { ...NO_PATH_COMPLETIONS, inner_growth: 3 }, new Set(['a1']))),
    ).toEqual(['a2']);
  });

  it('when the completions suffice but a prerequisite is locked, then the node stays locked', () => {
    expect(
      keys(talentUnlocksDue(nodes, { ...NO_PATH_COMPLETIONS, physical_growth: 5 }, new Set())),
    ).toEqual(['b1']);
    expect(
      keys(
        talentUnlocksDue(
          nodes,
          { ...NO_PATH_COMPLETIONS, physical_growth: 5, inner_growth: 1 },
          new Set(),
        ),
      ),
    ).toEqual(['a1', 'b1', 'x2']);
  });
});
