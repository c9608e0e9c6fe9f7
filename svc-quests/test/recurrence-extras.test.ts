import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrenceSchema, seriesSchema } from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { listenToQuestEvents, newQuest, startQuests, type QuestsHarness } from './harness.ts';

// Series every N days or weeks, monthly by date or by weekday, skip one occurrence
// without breaking the streak, pause and resume a series.

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
let now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'recurrence-extras-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

async function create(fields: Record<string, unknown>) {
  const me = quests.as(randomUUID());
  const { status, body } = await me('POST', '/api/quests/recurring', newQuest(fields));
  expect(status).toBe(201);
  return { me, series: seriesSchema.parse(body) };
}

const days = async (me: ReturnType<QuestsHarness['as']>, from: string, to: string) =>
  (await me('GET', `/api/quests/occurrences?startDate=${from}&endDate=${to}`)).body.map(
    (o: { scheduledFor: string }) => o.scheduledFor,
  );

describe('series every N days, every N weeks, monthly', () => {
  it.each([
    [
      'every 3 days',
      { recurrenceType: 'daily', recurrenceInterval: 3 },
      '2026-11-01',
      '2026-11-10',
      ['2026-11-01', '2026-11-04', '2026-11-07', '2026-11-10'],
    ],
    [
      'every 2 weeks on Monday and Thursday',
      { recurrenceType: 'weekly', recurrenceInterval: 2, weeklyPattern: [1, 4] },
      '2026-11-01',
      '2026-11-28',
      ['2026-11-02', '2026-11-05', '2026-11-16', '2026-11-19'],
    ],
    [
      'monthly on the 31st (short months get their last day)',
      { recurrenceType: 'monthly', startDate: '2026-01-31T12:00:00.000Z' },
      '2026-01-01',
      '2026-04-30',
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'],
    ],
    [
      'monthly on the 2nd Tuesday',
      {
        recurrenceType: 'monthly',
        monthlyBy: 'weekday',
        startDate: '2026-03-10T12:00:00.000Z',
      },
      '2026-03-01',
      '2026-06-30',
      ['2026-03-10', '2026-04-14', '2026-05-12', '2026-06-09'],
    ],
  ])(
    'when a series repeats %s, then the occurrences fall on exactly those days',
    async (_l, fields, from, to, expected) => {
      now = new Date('2026-11-21T10:00:00.000Z');
      const { me, series } = await create({ startDate: '2026-11-01T12:00:00.000Z', ...fields });
      expect(await days(me, from, to)).toEqual(expected);
      expect(series.monthlyBy).toBe((fields as { monthlyBy?: string }).monthlyBy ?? 'day_of_month');
    },
  );

  it('when monthlyBy is not a known reading, then it is a 400', async () => {
    const { status } = await quests.as(randomUUID())(
      'POST',
      '/api/quests/recurring',
      newQuest({ recurrenceType: 'monthly', monthlyBy: 'lunar' }),
    );
    expect(status).toBe(400);
  });
});

describe('POST /api/quests/occurrences/{id}/skip', () => {
  it('when a day in the middle is skipped, then the streak goes on; without the skip it breaks', async () => {
    const run = async (skipMiddle: boolean) => {
      now = new Date('2026-11-18T12:00:00.000Z');
      const { me } = await create({ recurrenceType: 'daily' });
      for (const [at, action] of [
        ['2026-11-18T12:00:00.000Z', 'complete'],
        ['2026-11-19T12:00:00.000Z', skipMiddle ? 'skip' : null],
        ['2026-11-20T12:00:00.000Z', 'complete'],
      ] as const) {
        now = new Date(at);
        const [series] = (await me('GET', '/api/quests/recurring')).body;
        if (action) {
          const { status, body } = await me(
            'POST',
            `/api/quests/occurrences/${series.todaysOccurrence.id}/${action}`,
          );
          expect(status).toBe(200);
          if (action === 'skip') expect(occurrenceSchema.parse(body).skipped).toBe(true);
        }
      }
      return (await me('GET', '/api/dashboard/overview')).body;
    };
    expect(await run(true)).toMatchObject({
      currentStreak: 2,
      longestStreak: 2,
      totalXpEarned: 40,
    });
    expect(await run(false)).toMatchObject({
      currentStreak: 1,
      longestStreak: 1,
      totalXpEarned: 40,
    });
  });

  it('when a skipped occurrence is done after all, then it is no longer skipped; a done one cannot be skipped', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const { me, series } = await create({ recurrenceType: 'daily' });
    const id = series.todaysOccurrence?.id;
    await me('POST', `/api/quests/occurrences/${id}/skip`);
    const done = await me('POST', `/api/quests/occurrences/${id}/complete`);
    expect(done.body).toMatchObject({ skipped: false, isCompleted: true, xpDelta: 20 });
    const refused = await me('POST', `/api/quests/occurrences/${id}/skip`);
    expect(refused.status).toBe(409);
    expect(
      (await quests.as(randomUUID())('POST', `/api/quests/occurrences/${id}/skip`)).status,
    ).toBe(404);
  });
});

describe('POST /api/quests/recurring/{id}/pause and /resume', () => {
  it('when a series is paused for three days and resumed, then those days have no occurrence and series_changed tells other services', async () => {
    now = new Date('2026-11-16T12:00:00.000Z');
    const { me, series } = await create({ recurrenceType: 'daily' });
    const paused = await me('POST', `/api/quests/recurring/${series.id}/pause`);
    expect(paused.status).toBe(200);
    expect(seriesSchema.parse(paused.body)).toMatchObject({ isActive: false });
    // Pausing twice changes nothing.
    expect((await me('POST', `/api/quests/recurring/${series.id}/pause`)).body.isActive).toBe(
      false,
    );
    now = new Date('2026-11-20T12:00:00.000Z');
    expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence).toBeNull();
    const resumed = await me('POST', `/api/quests/recurring/${series.id}/resume`);
    expect(resumed.body).toMatchObject({ isActive: true });
    expect(resumed.body.todaysOccurrence.scheduledFor).toBe('2026-11-20');
    now = new Date('2026-11-22T12:00:00.000Z');
    expect(await days(me, '2026-11-15', '2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    const changes = await eventually(
      async () =>
        listener.events.filter(
          (e) => e.type === 'quests.series_changed' && e.data.seriesId === series.id,
        ),
      (list) => list.length >= 2,
    );
    expect(changes.map((e) => e.data.isActive)).toEqual([false, true]);
  });

  it.each([['pause'], ['resume']])(
    "when a stranger calls %s on someone's series, then it is a 404 and nothing changes",
    async (action) => {
      now = new Date('2026-11-21T10:00:00.000Z');
      const { me, series } = await create({ recurrenceType: 'daily' });
      const result = await quests.as(randomUUID())(
        'POST',
        `/api/quests/recurring/${series.id}/${action}`,
      );
      expect(result.status).toBe(404);
      expect((await me('GET', '/api/quests/recurring')).body[0].isActive).toBe(true);
      expect((await me('POST', `/api/quests/recurring/nope/${action}`)).status).toBe(404);
    },
  );
});
