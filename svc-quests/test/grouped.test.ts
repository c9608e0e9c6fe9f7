import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupedQuestsResponseSchema,
  questsWithOccurrencesResponseSchema,
} from '@levelup/contracts';
import { newQuest, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
// Saturday 2026-11-21 10:00 UTC.
const now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

describe('GET /api/quests/grouped and /with-occurrences', () => {
  it('when a new user asks, then every group is empty', async () => {
    const me = quests.as(randomUUID());
    expect((await me('GET', '/api/quests/grouped')).body).toEqual({
      regularQuests: [],
      recurringSeries: [],
      lifeTasks: [],
    });
    expect((await me('GET', '/api/quests/with-occurrences')).body).toEqual({
      quests: [],
      occurrences: [],
    });
  });

  it('when a user in UTC+14 asks for their week, then quests, series, occurrences and open life tasks of that week are answered', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const me = quests.as(userId);
    const title = (t: string) => newQuest({ title: t });
    const undated = (await me('POST', '/api/quests', title('Undated quest'))).body;
    // Due at 23:00 local on Sunday 22nd (09:00Z): inside; due Monday 30th local: after the range.
    const inside = (
      await me('POST', '/api/quests', { ...title('Inside quest'), dueDate: '2026-11-22T09:00:00Z' })
    ).body;
    await me('POST', '/api/quests', { ...title('Later quest'), dueDate: '2026-11-30T09:00:00Z' });
    const overdue = (
      await me('POST', '/api/quests', {
        ...title('Overdue quest'),
        dueDate: '2026-11-10T09:00:00Z',
      })
    ).body;
    const series = (
      await me('POST', '/api/quests/recurring', {
        ...newQuest(),
        recurrenceType: 'weekly',
        weeklyPattern: [0, 2],
        startDate: '2026-11-01T00:00:00.000Z',
      })
    ).body;
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Renew passport' });
    const { body: doneTask } = await me('POST', '/api/life-tasks', { title: 'Pay the rent' });
    await me('POST', `/api/life-tasks/${doneTask.id}/complete`);
    const range = 'startDate=2026-11-16&endDate=2026-11-22';

    const grouped = groupedQuestsResponseSchema.parse(
      (await me('GET', `/api/quests/grouped?${range}`)).body,
    );
    expect(grouped.regularQuests.map((q) => q.id)).toEqual([undated.id, inside.id, overdue.id]);
    expect(grouped.recurringSeries.map((s) => [s.id, s.todaysOccurrence?.scheduledFor])).toEqual([
      [series.id, '2026-11-22'],
    ]);
    expect(grouped.lifeTasks.map((t) => t.id)).toEqual([task.id]);

    const withOccurrences = questsWithOccurrencesResponseSchema.parse(
      (await me('GET', `/api/quests/with-occurrences?${range}`)).body,
    );
    expect(withOccurrences.quests.map((q) => q.id)).toEqual([undated.id, inside.id, overdue.id]);
    expect(withOccurrences.occurrences.map((o) => o.scheduledFor)).toEqual([
      '2026-11-17',
      '2026-11-22',
    ]);
  });

  it.each([
    ['/api/quests/grouped?startDate=2026-11-22&endDate=2026-11-01'],
    ['/api/quests/with-occurrences?endDate=nope'],
  ])('when the range is wrong (%s), then it is a 400', async (path) => {
    expect((await quests.as(randomUUID())('GET', path)).status).toBe(400);
  });
});
