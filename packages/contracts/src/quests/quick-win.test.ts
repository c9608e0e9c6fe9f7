import { describe, expect, it } from 'vitest';
import {
  QUICK_WIN_TEMPLATES,
  canStartQuickWin,
  nextQuickWinStep,
  quickWinTier,
  shouldCompleteQuickWin,
} from './quick-win.ts';

describe('quickWinTier', () => {
  it.each([
    [1, 'Novice', 'common'],
    [4, 'Novice', 'common'],
    [5, 'Skilled', 'uncommon'],
    [9, 'Skilled', 'uncommon'],
    [10, 'Expert', 'rare'],
    [14, 'Expert', 'rare'],
    [15, 'Master', 'rare'],
    [19, 'Master', 'rare'],
    [20, 'Legendary', 'epic'],
    [21, 'Legendary', 'epic'],
  ] as const)('when the user is level %i, then the tier is %s (%s)', (level, name, rarity) => {
    expect(quickWinTier(level)).toEqual({ name, rarity });
  });
});

describe('quick win demo flow', () => {
  it.each([
    ['prepare', undefined, 'breathing'],
    ['breathing', undefined, 'feedback'],
    ['feedback', 'not_completed', 'done'],
    ['feedback', 'partial', 'recurring_prompt'],
    ['feedback', 'completed', 'recurring_prompt'],
    ['recurring_prompt', undefined, 'done'],
  ] as const)('when at %s with outcome %s, then next is %s', (step, outcome, next) => {
    expect(nextQuickWinStep(step, outcome)).toBe(next);
  });

  it('when the outcome is partial or full, then the quest is completed after creation', () => {
    expect([
      shouldCompleteQuickWin('not_completed'),
      shouldCompleteQuickWin('partial'),
      shouldCompleteQuickWin('completed'),
    ]).toEqual([false, true, true]);
  });

  it.each([
    ['breathing', '', true],
    ['water', '', false],
    ['water', '   ', false],
    ['water', 'thirsty', true],
  ])('when starting %s with context %j, then allowed: %s', (id, text, ok) => {
    expect(canStartQuickWin(id, text)).toBe(ok);
  });

  it('when the templates are listed, then breathing is 10 XP 2 min, water 5 XP 30 sec, desk 15 XP 5 min', () => {
    expect(QUICK_WIN_TEMPLATES.map((t) => [t.id, t.xp, t.time])).toEqual([
      ['breathing', 10, '2 min'],
      ['water', 5, '30 sec'],
      ['desk', 15, '5 min'],
    ]);
  });
});
