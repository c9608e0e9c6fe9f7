import { describe, expect, it } from 'vitest';
import {
  talentNodeState,
  talentProgressMap,
  talentRecommendationPriority,
  talentRecommendations,
  talentRequirementText,
  type TalentNode,
  type TalentProgress,
} from './talents.ts';

const node = (nodeKey: string, over: Partial<TalentNode> = {}): TalentNode => ({
  nodeKey,
  title: nodeKey,
  description: '',
  path: 'inner_growth',
  tier: 2,
  icon: 'star',
  position: { x: 0, y: 0 },
  completionsRequired: 4,
  isKeystone: false,
  isBranch: false,
  prerequisites: [],
  effects: [],
  unlockMessage: '',
  ...over,
});
const prog = (nodeKey: string, currentCompletions: number, isUnlocked = false): TalentProgress => ({
  nodeKey,
  currentCompletions,
  isUnlocked,
});

describe('talentNodeState', () => {
  it.each([
    ['no prerequisites, 0 of 4', [], [], 'in_progress'],
    ['no prerequisites, 3 of 4', [], [prog('n', 3)], 'in_progress'],
    ['no prerequisites, 4 of 4', [], [prog('n', 4)], 'ready'],
    ['no prerequisites, 5 of 4', [], [prog('n', 5)], 'ready'],
    ['unlocked', [], [prog('n', 4, true)], 'unlocked'],
    ['prerequisite not unlocked', ['p'], [prog('p', 4), prog('n', 4)], 'locked'],
    ['prerequisite unlocked', ['p'], [prog('p', 4, true), prog('n', 1)], 'in_progress'],
    ['prerequisite missing from progress', ['p'], [], 'locked'],
  ] as const)('when %s, then the node is %s', (_label, prerequisites, progress, state) => {
    expect(
      talentNodeState(
        node('n', { prerequisites: [...prerequisites] }),
        talentProgressMap([...progress]),
      ),
    ).toBe(state);
  });
});

describe('talentRecommendationPriority', () => {
  const none = talentProgressMap([]);
  it.each([
    // completions of 4 -> percent
    [4, 100], // ready
    [3, 80 + 75], // 75%
    [2, 60 + 50], // 50%
    [1, 40 + 25], // 25%
  ])('when a node has %i of 4 completions, then the priority is %i', (completions, priority) => {
    expect(
      talentRecommendationPriority(node('n'), talentProgressMap([prog('n', completions)]), []),
    ).toBe(priority);
  });

  it.each([
    // required, completions, priority at 74/75% and 49/50% and 0/1%
    [100, 74, 60 + 74],
    [100, 75, 80 + 75],
    [100, 49, 40 + 49],
    [100, 50, 60 + 50],
    [100, 1, 40 + 1],
  ])(
    'when a node needs %i and has %i, then the priority is %i',
    (completionsRequired, completions, priority) => {
      expect(
        talentRecommendationPriority(
          node('n', { completionsRequired }),
          talentProgressMap([prog('n', completions)]),
          [],
        ),
      ).toBe(priority);
    },
  );

  it.each([
    [{ tier: 1 }, 50],
    [{ tier: 1, isKeystone: true }, 50],
    [{ isBranch: true }, 45],
    [{ isKeystone: true }, 30],
    [{}, 35],
  ])('when a node with %o has no progress, then the priority is %i', (over, priority) => {
    expect(talentRecommendationPriority(node('n', over), none, [])).toBe(priority);
  });

  it('when two nodes need this one, then it gains 5 for each', () => {
    const all = [
      node('n'),
      node('a', { prerequisites: ['n'] }),
      node('b', { prerequisites: ['n', 'x'] }),
      node('c'),
    ];
    expect(talentRecommendationPriority(node('n'), none, all)).toBe(35 + 10);
  });
});

describe('talentRecommendations', () => {
  it('when picking, then only available not-unlocked nodes count and the top 3 by priority are shown', () => {
    const nodes = [
      node('root', { tier: 1 }),
      node('ready'),
      node('half'),
      node('fresh'),
      node('branch', { isBranch: true }),
      node('locked', { prerequisites: ['ready'] }),
    ];
    const progress = [prog('root', 4, true), prog('ready', 4), prog('half', 2)];
    expect(talentRecommendations(nodes, progress).map((r) => [r.node.nodeKey, r.priority])).toEqual(
      [
        ['half', 110],
        ['ready', 105],
        ['branch', 45],
      ],
    );
  });

  it('when the requirement text is shown, then it names the count and path', () => {
    expect(
      talentRequirementText(node('n', { completionsRequired: 3, path: 'physical_growth' })),
    ).toBe('Complete 3 quest(s) in the Physical Growth path');
  });
});
