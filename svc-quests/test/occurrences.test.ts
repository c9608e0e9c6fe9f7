import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RANGE_LENGTH_MESSAGE,
  RANGE_ORDER_MESSAGE,
  occurrenceListResponseSchema,
  occurrenceToggleResponseSchema,
  seriesCardOccurrence,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  listenToQuestEvents,
  newQuest,
  startQuests,
  userInZone,
  type QuestsHarness,
} from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
let now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'occurrences-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const xpEventsFor = (occurrenceId: string) =>
  listener.events.filter(
    (e) => e.data.occurrenceId === occurrenceId && e.type !== 'quests.occurrence_scheduled',
  );

async function settledXpEvents(occurrenceId: string, count: number) {
  await eventually(
    async () => xpEventsFor(occurrenceId),
    (list) => list.length >= count,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return xpEventsFor(occurrenceId);
}

/** A user with one series; answers the user's request function and today's occurrence. */
async function seriesOf(fields: Record<string, unknown> = {}, userId = randomUUID()) {
  const me = quests.as(userId);
  const { body: series } = await me(
    'POST',
    '/api/quests/recurring',
    newQuest({ recurrenceType: 'daily', ...fields }),
  );
  return { me, userId, series, today: series.todaysOccurrence };
}

describe('GET /api/quests/occurrences', () => {
  it('when a weekly Mon/Wed/Fri series is read for a week, many times and in parallel, then there is exactly one per scheduled day', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const { me, series } = await seriesOf({
      recurrenceType: 'weekly',
      weeklyPattern: [1, 3, 5],
      startDate: '2026-11-01T00:00:00.000Z',
    });
    const path = '/api/quests/occurrences?startDate=2026-11-15&endDate=2026-11-21';
    const answers = await Promise.all(Array.from({ length: 5 }, () => me('GET', path)));
    answers.push(await me('GET', path));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      const list = occurrenceListResponseSchema.parse(body);
      expect(list.map((o) => [o.seriesId, o.scheduledFor])).toEqual([
        [series.id, '2026-11-16'],
        [series.id, '2026-11-18'],
        [series.id, '2026-11-20'],
      ]);
    }
    const ids = answers.map(({ body }) => body.map((o: { id: string }) => o.id).join());
    expect(new Set(ids).size).toBe(1);
  });

  it('when Berlin changes to summer time inside the range, then a daily series has one occurrence per local day', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Europe/Berlin');
    now = new Date('2026-03-27T12:00:00.000Z');
    const { me } = await seriesOf({}, userId);
    now = new Date('2026-03-31T12:00:00.000Z');
    const { body } = await me(
      'GET',
      '/api/quests/occurrences?startDate=2026-03-26T23:00:00.000Z&endDate=2026-03-31T21:59:59.999Z',
    );
    expect(body.map((o: { scheduledFor: string }) => o.scheduledFor)).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
  });

  it.each([
    ['startDate=2026-11-22&endDate=2026-11-21', RANGE_ORDER_MESSAGE],
    ['startDate=2025-01-01&endDate=2026-11-21', RANGE_LENGTH_MESSAGE],
    ['startDate=yesterday', undefined],
    ['startDate=2026-02-30', undefined],
  ])(
    'when the query is %s, then it is a 400 and nothing is materialised',
    async (query, message) => {
      const { me } = await seriesOf();
      const { status, body } = await me('GET', `/api/quests/occurrences?${query}`);
      expect(status).toBe(400);
      if (message) expect(body.error.message).toBe(message);
    },
  );
});

describe('occurrence completion', () => {
  it('when an occurrence moves through every state, then XP moves by the difference and each event names the series', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const { me, userId, series, today } = await seriesOf({ xpReward: 25 });
    const steps = [
      ['PATCH', 'progress', { completionType: 'partial', progressNotes: 'half' }, 12, 'partial'],
      ['POST', 'complete', undefined, 13, 'completed'],
      ['POST', 'complete', undefined, 0, 'completed'],
      ['PATCH', 'progress', { completionType: 'partial' }, -13, 'partial'],
      ['POST', 'toggle', undefined, -12, 'not_completed'],
      ['POST', 'toggle', undefined, 25, 'completed'],
      ['PATCH', 'progress', { completionType: 'not_completed' }, -25, 'not_completed'],
    ] as const;
    for (const [method, action, body, xpDelta, completionType] of steps) {
      const result = await me(method, `/api/quests/occurrences/${today.id}/${action}`, body);
      expect(result.status).toBe(200);
      expect(occurrenceToggleResponseSchema.parse(result.body)).toMatchObject({
        xpDelta,
        completionType,
      });
    }
    const events = await settledXpEvents(today.id, 6);
    expect(events.map((e) => [e.type, e.data.xpDelta])).toEqual([
      ['quests.partial', 12],
      ['quests.completed', 13],
      ['quests.partial', -13],
      ['quests.revoked', -12],
      ['quests.completed', 25],
      ['quests.revoked', -25],
    ]);
    expect(new Set(events.map((e) => `${e.data.userId}|${e.data.seriesId}`))).toEqual(
      new Set([`${userId}|${series.id}`]),
    );
  });

  it('when ten completes race, then one awards the XP', async () => {
    const { me, today } = await seriesOf({ difficulty: 'medium' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => me('POST', `/api/quests/occurrences/${today.id}/complete`)),
    );
    expect(results.map((r) => r.body.xpDelta).sort((a, b) => b - a)).toEqual([
      50,
      ...Array(9).fill(0),
    ]);
    expect(await settledXpEvents(today.id, 1)).toHaveLength(1);
  });

  it('when a progress body is wrong, then it is a 400 and the occurrence is unchanged', async () => {
    const { me, today } = await seriesOf();
    const { status } = await me('PATCH', `/api/quests/occurrences/${today.id}/progress`, {
      completionType: 'kinda',
    });
    expect(status).toBe(400);
    expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence).toEqual(today);
  });
});

describe('POST /api/quests/occurrences/{id}/hide and clear-completed', () => {
  it('when an occurrence is hidden, then the dashboard leaves it out, the Quest Log card still shows it and XP stays', async () => {
    const { me, today } = await seriesOf();
    await me('POST', `/api/quests/occurrences/${today.id}/complete`);
    const { status, body } = await me('POST', `/api/quests/occurrences/${today.id}/hide`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ hiddenFromDashboard: true, isCompleted: true });
    const [series] = (await me('GET', '/api/quests/recurring')).body;
    expect(series.todaysOccurrence.hiddenFromDashboard).toBe(true);
    expect(seriesCardOccurrence<{ id: string; hiddenFromDashboard: boolean }>(series)?.id).toBe(
      today.id,
    );
    expect((await me('GET', '/api/quests/with-occurrences')).body.occurrences).toEqual([]);
    expect(await settledXpEvents(today.id, 1)).toHaveLength(1);
  });

  it('when a cleared partial occurrence is lifted to completed, un-completed and un-hidden, then each move lands and it is back on the dashboard', async () => {
    const { me, today } = await seriesOf();
    await me('PATCH', `/api/quests/occurrences/${today.id}/progress`, {
      completionType: 'partial',
    });
    expect((await me('POST', '/api/quests/clear-completed')).body).toEqual({ clearedCount: 1 });
    const lifted = await me('POST', `/api/quests/occurrences/${today.id}/complete`);
    expect(lifted.body).toMatchObject({ completionType: 'completed', xpDelta: 10 });
    const undone = await me('PATCH', `/api/quests/occurrences/${today.id}/progress`, {
      completionType: 'not_completed',
    });
    expect(undone.body).toMatchObject({ completionType: 'not_completed', xpDelta: -20 });
    const shown = await me('POST', `/api/quests/occurrences/${today.id}/unhide`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: today.id, hiddenFromDashboard: false });
    const again = await me('POST', `/api/quests/occurrences/${today.id}/unhide`);
    expect(again.body).toEqual(shown.body);
    expect(
      (await me('GET', '/api/quests/with-occurrences')).body.occurrences.map(
        (o: { id: string }) => o.id,
      ),
    ).toEqual([today.id]);
  });

  it('when hide and complete race, then the completion still lands and awards its XP', async () => {
    const { me, today } = await seriesOf();
    const [, completed] = await Promise.all([
      me('POST', `/api/quests/occurrences/${today.id}/hide`),
      me('POST', `/api/quests/occurrences/${today.id}/complete`),
    ]);
    expect(completed.body).toMatchObject({ xpDelta: 20, isCompleted: true });
    expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence).toMatchObject({
      hiddenFromDashboard: true,
      isCompleted: true,
    });
  });

  it('when Clear Completed runs, then done occurrences and quests are counted and hidden', async () => {
    const { me, today } = await seriesOf();
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    await me('POST', `/api/quests/${quest.id}/complete`);
    await me('PATCH', `/api/quests/occurrences/${today.id}/progress`, {
      completionType: 'partial',
    });
    expect((await me('POST', '/api/quests/clear-completed')).body).toEqual({ clearedCount: 2 });
    expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence).toMatchObject({
      hiddenFromDashboard: true,
      completionType: 'partial',
    });
  });
});

describe("another user's occurrence", () => {
  it.each([
    ['POST', 'toggle', undefined],
    ['POST', 'complete', undefined],
    ['PATCH', 'progress', { completionType: 'completed' }],
    ['POST', 'hide', undefined],
    ['POST', 'unhide', undefined],
  ] as const)(
    'when a stranger calls %s .../%s, then it is a 404 and nothing changes',
    async (method, action, body) => {
      const { me, today } = await seriesOf();
      const result = await quests.as(randomUUID())(
        method,
        `/api/quests/occurrences/${today.id}/${action}`,
        body,
      );
      expect(result.status).toBe(404);
      expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence).toEqual(today);
      expect(xpEventsFor(today.id)).toEqual([]);
    },
  );

  it.each([['zzz'], ['a'.repeat(24)]])(
    'when the id is %s, then every verb is a 404',
    async (id) => {
      const me = quests.as(randomUUID());
      for (const [method, action, body] of [
        ['POST', 'toggle', undefined],
        ['POST', 'complete', undefined],
        ['PATCH', 'progress', { completionType: 'partial' }],
        ['POST', 'hide', undefined],
        ['POST', 'unhide', undefined],
      ] as const)
        expect((await me(method, `/api/quests/occurrences/${id}/${action}`, body)).status).toBe(
          404,
        );
    },
  );
});
