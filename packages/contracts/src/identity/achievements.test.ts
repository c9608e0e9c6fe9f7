import { describe, expect, it } from 'vitest';
import { achievementsFrom, xpSourceOf, type AchievementHistoryRow } from './achievements.ts';

const row = (
  type: string,
  xpDelta: number,
  at: string,
  localDate: string | null = at.slice(0, 10),
): AchievementHistoryRow => ({ type, xpDelta, at: new Date(at), localDate });

const byId = (
  history: AchievementHistoryRow[],
  helped: { count: number; at: Date | null } | null = null,
) => Object.fromEntries(achievementsFrom(history, helped).map((a) => [a.id, a]));

/** A completion on each of `days` consecutive days from 2026-11-01. */
const streakOf = (days: number, from = 1) =>
  Array.from({ length: days }, (_, i) =>
    row('quests.completed', 10, `2026-11-${String(from + i).padStart(2, '0')}T09:00:00.000Z`),
  );

describe('achievementsFrom (Achievements, earned from history)', () => {
  it('when a user has no history, then the four tiles show in their fixed order, none earned', () => {
    const achievements = achievementsFrom([]);
    expect(achievements.map((a) => a.name)).toEqual([
      'First Quest',
      'Week Warrior',
      'Community Helper',
      'Level 10 Hero',
    ]);
    expect(achievements.every((a) => !a.earned && a.earnedDate === null)).toBe(true);
  });

  it('when the first completion came after a life task, then First Quest is earned at that completion', () => {
    const a = byId([
      row('quests.completed', 50, '2026-11-03T08:00:00.000Z'),
      row('quests.life_task_completed', 2, '2026-11-02T08:00:00.000Z'),
      row('quests.revoked', -50, '2026-11-03T09:00:00.000Z'),
    ]);
    expect(a['first-quest']).toMatchObject({
      earned: true,
      earnedDate: '2026-11-03T08:00:00.000Z',
    });
  });

  it.each([
    [6, false],
    [7, true],
  ])(
    'when completions fall on %i days in a row, then Week Warrior earned is %s',
    (days, earned) => {
      const a = byId(streakOf(days));
      expect(a['week-warrior']?.earned).toBe(earned);
      if (earned) expect(a['week-warrior']?.earnedDate).toBe('2026-11-07T09:00:00.000Z');
    },
  );

  it('when a gap breaks the run, then only a later full week earns Week Warrior, on its 7th day', () => {
    const a = byId([...streakOf(5, 1), ...streakOf(7, 10)]);
    expect(a['week-warrior']?.earnedDate).toBe('2026-11-16T09:00:00.000Z');
  });

  it('when a missed day is filled in later, then Week Warrior is earned when the gap was filled, on that day', () => {
    // Days 1, 2 and 4..7 on time; day 3 filled in on the 8th: the run is whole from then on.
    const onTime = streakOf(7).filter((r) => r.localDate !== '2026-11-03');
    const filled = row('quests.completed', 10, '2026-11-08T20:00:00.000Z', '2026-11-03');
    expect(byId(onTime)['week-warrior']?.earned).toBe(false);
    expect(byId([...onTime, filled])['week-warrior']?.earnedDate).toBe('2026-11-08T20:00:00.000Z');
    // Days 2..8 on time were a whole week on the 8th at 09:00, before day 1 was filled in.
    const late = row('quests.completed', 10, '2026-11-09T21:00:00.000Z', '2026-11-01');
    expect(byId([...streakOf(7, 2), late])['week-warrior']?.earnedDate).toBe(
      '2026-11-08T09:00:00.000Z',
    );
  });

  it("when the days are the user's local days, then they decide the run, not the UTC dates", () => {
    // UTC-11: 23:30 on odd local days and 00:30 on even ones land on the same UTC day in pairs,
    // so the UTC days (2, 4, 6, 8) have gaps while the local days 1..7 do not.
    const history = Array.from({ length: 7 }, (_, i) => {
      const local = i + 1;
      const utcDay = local % 2 === 1 ? local + 1 : local;
      const utcHour = local % 2 === 1 ? '10:30' : '11:30';
      return row(
        'quests.completed',
        10,
        `2026-11-${String(utcDay).padStart(2, '0')}T${utcHour}:00.000Z`,
        `2026-11-${String(local).padStart(2, '0')}`,
      );
    });
    expect(byId(history)['week-warrior']?.earned).toBe(true);
    const utcOnly = history.map((r) => ({ ...r, localDate: null }));
    expect(byId(utcOnly)['week-warrior']?.earned).toBe(false);
  });

  it('when the running total reaches 4,500 XP, then Level 10 Hero is earned then and kept after a loss', () => {
    const a = byId([
      row('quests.completed', 4000, '2026-11-01T09:00:00.000Z'),
      row('quests.completed', 499, '2026-11-02T09:00:00.000Z'),
      row('quests.completed', 1, '2026-11-03T09:00:00.000Z'),
      row('quests.revoked', -1, '2026-11-04T09:00:00.000Z'),
    ]);
    expect(a['level-10-hero']).toMatchObject({
      earned: true,
      earnedDate: '2026-11-03T09:00:00.000Z',
    });
  });

  it.each([
    [null, false],
    [{ count: 9, at: null }, false],
    [{ count: 10, at: new Date('2026-11-05T12:00:00.000Z') }, true],
  ])('when %o members were helped, then Community Helper earned is %s', (helped, earned) => {
    expect(byId([], helped)['community-helper']?.earned).toBe(earned);
  });
});

describe('xpSourceOf', () => {
  it.each([
    ['quests.completed', null, 'quest'],
    ['quests.partial', 'occ-1', 'occurrence'],
    ['quests.life_task_completed', null, 'life_task'],
    ['goals.progressed', null, 'other'],
  ])('%s (occurrence %s) is %s', (type, occurrenceId, source) => {
    expect(xpSourceOf(type, occurrenceId)).toBe(source);
  });
});
