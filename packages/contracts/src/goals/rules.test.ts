import { describe, expect, it } from 'vitest';
import {
  canLinkSeries,
  clampAddXp,
  defaultLinkXp,
  goalAverageProgress,
  goalProgressPercent,
  goalSection,
  goalSummary,
  goalTint,
  journeyCaption,
  linkableSeries,
  nextPauseStatus,
  parseAddXpInput,
  parseLinkXpInput,
} from './rules.ts';

describe('goalAverageProgress (Avg Progress)', () => {
  it.each([
    [[], 0],
    [[{ currentXp: 0, targetXp: 300 }], 0],
    [[{ currentXp: 150, targetXp: 300 }], 50],
    [
      [
        { currentXp: 100, targetXp: 300 },
        { currentXp: 0, targetXp: 300 },
      ],
      17,
    ],
    [[{ currentXp: 1, targetXp: 200 }], 1], // 0.5 rounds up
    [[{ currentXp: 1, targetXp: 201 }], 0],
    [
      [
        { currentXp: 300, targetXp: 300 },
        { currentXp: 300, targetXp: 300 },
      ],
      100,
    ],
  ])('when goals are %o, then the average progress is %i%%', (goals, avg) => {
    expect(goalAverageProgress(goals)).toBe(avg);
  });

  it('when goals are summarised, then active, completed and paused are counted apart and current XP is summed over all', () => {
    expect(
      goalSummary([
        { currentXp: 100, targetXp: 300, status: 'active' },
        { currentXp: 300, targetXp: 300, status: 'completed' },
        { currentXp: 50, targetXp: 100, status: 'paused' },
      ]),
    ).toEqual({
      activeCount: 1,
      completedCount: 1,
      pausedCount: 1,
      totalXp: 450,
      averageProgress: 64,
    });
  });

  it.each([
    [0, 300, 0],
    [150, 300, 50],
    [300, 300, 100],
    [450, 300, 100],
  ])(
    'when a goal has %i of %i XP, then its bar is %i%% (capped at 100)',
    (currentXp, targetXp, percent) => {
      expect(goalProgressPercent({ currentXp, targetXp })).toBe(percent);
    },
  );
});

describe('Add XP', () => {
  it.each([
    ['', 10],
    ['abc', 10],
    ['0', 10],
    ['1', 1],
    ['10', 10],
    ['100', 100],
    ['101', 10],
    ['-5', 10],
    ['2.5', 10],
    [null, 10],
    [42, 42],
  ])('when the input is %j, then the amount is %i', (raw, amount) => {
    expect(parseAddXpInput(raw)).toBe(amount);
  });

  it.each([
    // amount, currentXp, targetXp, sent
    [10, 0, 300, 10],
    [100, 0, 300, 100],
    [150, 0, 300, 100],
    [50, 270, 300, 30],
    [30, 270, 300, 30],
    [29, 270, 300, 29],
    [10, 299, 300, 1],
    [0, 0, 300, 1],
    [10, 300, 300, 1],
  ])('when adding %i to a goal at %i/%i, then %i is sent', (amount, currentXp, targetXp, sent) => {
    expect(clampAddXp(amount, { currentXp, targetXp })).toBe(sent);
  });
});

describe('Link series XP', () => {
  it.each([
    [1, 1],
    [4, 1], // 0.4 rounds to 0, at least 1
    [5, 1], // 0.5 rounds to 1
    [14, 1],
    [15, 2],
    [300, 30],
    [305, 31],
  ])('when the target is %i XP, then the default per occurrence is %i', (target, xp) => {
    expect(defaultLinkXp(target)).toBe(xp);
  });

  it.each([
    ['', 1],
    [null, 1],
    ['0', 1],
    ['1', 1],
    ['25', 25],
    ['abc', 1],
  ])('when the XP input is %j, then it becomes %i', (raw, xp) => {
    expect(parseLinkXpInput(raw)).toBe(xp);
  });

  it.each([
    [null, 10, false],
    ['s1', 0, false],
    ['s1', 1, true],
  ])('when the series is %s and XP %i, then Link Series enabled: %s', (id, xp, ok) => {
    expect(canLinkSeries(id, xp)).toBe(ok);
  });

  it('when every series is linked, then the choices are empty and say all are linked; with none at all, that there are none', () => {
    const all = [{ id: 'a' }, { id: 'b' }];
    expect(linkableSeries(all, ['a'])).toEqual({ choices: [{ id: 'b' }], emptyText: null });
    expect(linkableSeries(all, ['a', 'b'])).toEqual({
      choices: [],
      emptyText: 'All recurring series are already linked',
    });
    expect(linkableSeries([], [])).toEqual({
      choices: [],
      emptyText: 'No recurring quest series available',
    });
  });
});

describe('goal status rules', () => {
  it.each([
    ['paused', 'active'],
    ['active', 'paused'],
    ['completed', 'paused'],
    ['archived', 'paused'],
  ] as const)('when Pause/Resume is pressed on a %s goal, then it becomes %s', (from, to) => {
    expect(nextPauseStatus(from)).toBe(to);
  });

  it.each([
    ['active', 'active'],
    ['completed', 'completed'],
    ['paused', 'paused'],
    ['archived', null],
  ] as const)('when a goal is %s, then it shows in section %s', (status, section) => {
    expect(goalSection(status)).toBe(section);
  });

  it('when the journey has 1 of 3 stars completed, then the caption reads so', () => {
    expect(
      journeyCaption([{ isCompleted: true }, { isCompleted: false }, { isCompleted: false }]),
    ).toBe('1 of 3 completed (33%)');
    expect(journeyCaption([])).toBe('0 of 0 completed (0%)');
  });

  it.each([
    ['teal', 'teal'],
    ['blue', 'blue'],
    ['chartreuse', 'blue'],
    [null, 'blue'],
  ])('when the colour is %j, then the tint is %s', (color, tint) => {
    expect(goalTint(color)).toBe(tint);
  });
});
