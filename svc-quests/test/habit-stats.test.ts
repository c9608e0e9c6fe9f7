import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  habitScoreListResponseSchema,
  habitStats,
  habitStatsResponseSchema,
  seriesSchema,
  type HabitOccurrence,
} from '@levelup/contracts';
import { newQuest, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let now = new Date('2026-11-02T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

/** 10:00 in Berlin on a local day of November 2026 (UTC+1). */
const at = (day: string) => new Date(`${day}T09:00:00.000Z`);

type Me = ReturnType<QuestsHarness['as']>;
type Action = 'completed' | 'partial' | 'skipped' | 'open' | 'never read';

/**
 * Lives the days one by one through the API: on each, the clock is that day, the Quest Log's list
 * materialises today's occurrence, and the day's action is done to it ('never read': the app was not
 * opened that day, so the occurrence does not exist).
 */
async function live(me: Me, seriesId: string, days: [string, Action][]): Promise<void> {
  for (const [day, action] of days) {
    if (action === 'never read') continue;
    now = at(day);
    const list = await me('GET', '/api/quests/recurring');
    const series = list.body.find((s: { id: string }) => s.id === seriesId);
    const id = seriesSchema.parse(series).todaysOccurrence!.id;
    const url = `/api/quests/occurrences/${id}`;
    let result = { status: 200 };
    if (action === 'completed') result = await me('POST', `${url}/toggle`);
    if (action === 'partial')
      result = await me('PATCH', `${url}/progress`, { completionType: 'partial' });
    if (action === 'skipped') result = await me('POST', `${url}/skip`);
    expect(result.status).toBe(200);
  }
}

const HISTORY: [string, Action][] = [
  ['2026-11-02', 'completed'],
  ['2026-11-03', 'completed'],
  ['2026-11-04', 'partial'],
  ['2026-11-05', 'open'],
  ['2026-11-06', 'skipped'],
  ['2026-11-07', 'completed'],
  ['2026-11-08', 'never read'],
  ['2026-11-09', 'completed'],
  ['2026-11-10', 'open'],
];
const TODAY = '2026-11-10';

async function userWithHistory() {
  const userId = randomUUID();
  await userInZone(quests, userId, 'Europe/Berlin');
  const me = quests.as(userId);
  now = at('2026-11-02');
  const created = await me('POST', '/api/quests/recurring', newQuest({ title: 'Read 10 pages' }));
  expect(created.status).toBe(201);
  const weekly = await me(
    'POST',
    '/api/quests/recurring',
    newQuest({ title: 'Run', recurrenceType: 'weekly', weeklyPattern: [1, 3, 5] }),
  );
  expect(weekly.status).toBe(201);
  await live(me, created.body.id, HISTORY);
  now = at(TODAY);
  return { me, userId, id: created.body.id as string, weeklyId: weekly.body.id as string };
}

describe('GET /api/quests/recurring/:id/stats', () => {
  it('when a daily habit has nine days of history, then the answer is what the rules compute from them', async () => {
    const { me, id } = await userWithHistory();
    const { status, body } = await me('GET', `/api/quests/recurring/${id}/stats`);
    expect(status).toBe(200);
    const stats = habitStatsResponseSchema.parse(body);

    // The same days, written by hand, through the pure rules.
    const seeded: HabitOccurrence[] = HISTORY.filter(([, a]) => a !== 'never read').map(
      ([day, action]) => ({
        scheduledFor: day,
        isCompleted: action === 'completed',
        completionType:
          action === 'completed' ? 'completed' : action === 'partial' ? 'partial' : 'not_completed',
        skipped: action === 'skipped',
      }),
    );
    const schedule = {
      recurrenceType: 'daily' as const,
      recurrenceInterval: 1,
      weeklyPattern: null,
      startDate: '2026-11-02',
      endDate: null,
    };
    const { frequency, ...expected } = habitStats(schedule, seeded, TODAY);
    expect(stats).toEqual({
      ...expected,
      series: expect.objectContaining({ id, frequency }),
      // A done-or-not habit has no target progress.
      measured: null,
    });

    // By hand, m = 0.5 ^ (1/13) = 0.948078, 1 - m = 0.051922:
    // 02 done 0.051922; 03 done 0.101148; 04 partial 0.095896 + 0.025961 = 0.121857;
    // 05 missed 0.115530; 06 skipped (no step); 07 done 0.109531 + 0.051922 = 0.161453;
    // 08 missed (never read) 0.153070; 09 done 0.145122 + 0.051922 = 0.197044; 10 open (today).
    expect(stats.score).toBeCloseTo(0.197044, 5);
    expect(stats.today).toBe(TODAY);
    expect(stats.series).toMatchObject({
      title: 'Read 10 pages',
      recurrenceType: 'daily',
      startDate: '2026-11-02',
      isActive: true,
      frequency: 1,
    });
    expect(stats.totals).toEqual({ scheduled: 7, completed: 4, partial: 1, skipped: 1 });
    expect(stats.bestStreaks).toEqual([
      { start: '2026-11-02', end: '2026-11-04', length: 3 },
      { start: '2026-11-09', end: '2026-11-09', length: 1 },
      { start: '2026-11-07', end: '2026-11-07', length: 1 },
    ]);
    // ISO weeks: 2026-W45 is Mon 2 Nov to Sun 8 Nov, W46 from Mon 9 Nov.
    expect(stats.bars.week).toEqual([
      { period: '2026-W45', start: '2026-11-02', completed: 3, partial: 1 },
      { period: '2026-W46', start: '2026-11-09', completed: 1, partial: 0 },
    ]);
    expect(stats.bars.year).toEqual([
      { period: '2026', start: '2026-01-01', completed: 4, partial: 1 },
    ]);
    expect(stats.weekdays[1]).toEqual({ weekday: 1, completed: 2, scheduled: 2 }); // Mondays 2, 9
    expect(stats.scoreSeries.at(-1)).toEqual({ date: TODAY, score: stats.score });
  });

  it("when the id is another user's, unknown, malformed or deleted, then it is a 404", async () => {
    const { me, id } = await userWithHistory();
    const stranger = quests.as(randomUUID());
    expect((await stranger('GET', `/api/quests/recurring/${id}/stats`)).status).toBe(404);
    expect((await me('GET', `/api/quests/recurring/${'f'.repeat(24)}/stats`)).status).toBe(404);
    expect((await me('GET', '/api/quests/recurring/not-an-id/stats')).status).toBe(404);
    expect((await me('DELETE', `/api/quests/recurring/${id}`)).status).toBe(204);
    expect((await me('GET', `/api/quests/recurring/${id}/stats`)).status).toBe(404);
  });
});

describe('GET /api/quests/recurring/stats', () => {
  it("when a user has two habits, then each is listed with the same score as its page, another user's none", async () => {
    const { me, id, weeklyId } = await userWithHistory();
    const { status, body } = await me('GET', '/api/quests/recurring/stats');
    expect(status).toBe(200);
    const list = habitScoreListResponseSchema.parse(body);
    const page = habitStatsResponseSchema.parse(
      (await me('GET', `/api/quests/recurring/${id}/stats`)).body,
    );
    expect(list).toEqual([
      {
        id,
        title: 'Read 10 pages',
        category: null,
        recurrenceType: 'daily',
        recurrenceInterval: 1,
        weeklyPattern: null,
        isActive: true,
        score: page.score,
      },
      // Mon, Wed, Fri never done: Nov 2, 4, 6 and 9 missed, a score of 0.
      {
        id: weeklyId,
        title: 'Run',
        category: null,
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        weeklyPattern: [1, 3, 5],
        isActive: true,
        score: 0,
      },
    ]);
    const stranger = await quests.as(randomUUID())('GET', '/api/quests/recurring/stats');
    expect(stranger.body).toEqual([]);
  });
});
