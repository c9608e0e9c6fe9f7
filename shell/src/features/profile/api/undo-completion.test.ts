import { describe, expect, it } from 'vitest';
import type { XpHistoryEntry } from '@levelup/contracts';
import { canUndo } from './undo-completion.ts';

const entry = (
  type: string,
  source: XpHistoryEntry['source'],
  xpDelta: number,
): XpHistoryEntry => ({
  id: 'e1',
  type,
  source,
  title: 'Pay rent',
  xpDelta,
  at: '2026-11-22T09:00:00.000Z',
  localDate: '2026-11-22',
});

describe('canUndo (the XP history offers Undo)', () => {
  it.each([
    ['quests.completed', 'quest', 20, true],
    ['quests.partial', 'occurrence', 10, true],
    ['quests.life_task_completed', 'life_task', 2, true],
    ['quests.life_task_completed', 'life_task', 0, false],
    ['quests.life_task_uncompleted', 'life_task', -2, false],
    ['quests.revoked', 'quest', -20, false],
    ['community.co_focus.awarded', 'co_focus', 10, false],
  ] as const)(
    'when a %s row (%s, %i XP) is shown, then Undo is offered: %s',
    (type, source, xp, offered) => {
      expect(canUndo(entry(type, source, xp))).toBe(offered);
    },
  );
});
