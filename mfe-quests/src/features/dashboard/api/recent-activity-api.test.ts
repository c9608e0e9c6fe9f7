import { describe, expect, it } from 'vitest';
import { occurrenceFixture, questFixture } from '../../../test/fixtures.ts';
import { activityEntries } from './recent-activity-api.ts';

const done = { isCompleted: true, completionType: 'completed' as const };

describe('the recent-activity entries', () => {
  it('when a completion was imported, then it shows the 0 XP it earned and says it was imported', () => {
    const entries = activityEntries(
      [],
      [
        occurrenceFixture({
          ...done,
          id: 'imported',
          completedAt: '2026-11-20T12:00:00.000Z',
          awardedXp: 0,
          imported: true,
        }),
        occurrenceFixture({
          ...done,
          id: 'mine',
          completedAt: '2026-11-21T12:00:00.000Z',
          awardedXp: 20,
        }),
      ],
    );
    expect(entries.map((e) => [e.id, e.xp, e.imported])).toEqual([
      ['mine', 20, false],
      ['imported', 0, true],
    ]);
  });

  it('when an answer predates the earned figure, then the XP is read from the completion rule', () => {
    const [quest] = activityEntries(
      [
        questFixture({
          ...done,
          completionType: 'partial',
          completedAt: '2026-11-21T12:00:00.000Z',
        }),
      ],
      [],
    );
    expect(quest).toMatchObject({ xp: 10, partial: true, imported: false });
  });
});
