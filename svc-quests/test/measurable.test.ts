import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_MEASURABLE_MESSAGE,
  habitStatsResponseSchema,
  occurrenceToggleResponseSchema,
  partialXp,
  seriesSchema,
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
const now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'measurable-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

/** The XP events of these occurrences, once `count` of them arrived and nothing more came for 300 ms. */
async function xpEventsOfAll(occurrenceIds: readonly string[], count: number) {
  const of = () =>
    listener.events.filter(
      (e) =>
        occurrenceIds.includes(e.data.occurrenceId as string) &&
        e.type !== 'quests.occurrence_scheduled',
    );
  await eventually(
    async () => of(),
    (list) => list.length >= count,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return of();
}

/** The XP events of one occurrence (xpEventsOfAll). */
const xpEventsOf = (occurrenceId: string, count: number) => xpEventsOfAll([occurrenceId], count);

/** A user with one daily routine measured by `measure`; answers the request function and today's day. */
async function measured(measure: Record<string, unknown> | null, xpReward = 40) {
  const userId = randomUUID();
  await userInZone(quests, userId, 'UTC');
  const me = quests.as(userId);
  const { status, body } = await me('POST', '/api/quests/recurring', {
    ...newQuest({ xpReward }),
    recurrenceType: 'daily',
    measure,
  });
  expect(status).toBe(201);
  const series = seriesSchema.parse(body);
  const day = series.todaysOccurrence!.id;
  const amount = async (value: unknown) =>
    me('PUT', `/api/quests/occurrences/${day}/amount`, value);
  return { me, series, day, amount };
}

describe('PUT /api/quests/occurrences/:id/amount', () => {
  it('when a reading habit gets 12, then 25, then 30, then 0 pages, then the day goes Kinda Sorta, Completed, stays Completed with the new amount, then not done, and XP follows exactly', async () => {
    const { series, day, amount } = await measured({
      rule: 'at_least',
      target: 20,
      unit: ' pages ',
    });
    expect(series.measure).toEqual({ rule: 'at_least', target: 20, unit: 'pages' });
    expect(series.todaysOccurrence?.amount).toBeNull();

    const some = occurrenceToggleResponseSchema.parse((await amount({ amount: 12 })).body);
    expect(some).toMatchObject({ completionType: 'partial', amount: 12, xpDelta: partialXp(40) });
    const reached = occurrenceToggleResponseSchema.parse((await amount({ amount: 25 })).body);
    expect(reached).toMatchObject({ completionType: 'completed', amount: 25 });
    expect(reached.xpDelta).toBe(40 - partialXp(40));
    const more = occurrenceToggleResponseSchema.parse((await amount({ amount: 30.12345 })).body);
    expect(more).toMatchObject({ completionType: 'completed', amount: 30.123, xpDelta: 0 });
    const none = occurrenceToggleResponseSchema.parse((await amount({ amount: 0 })).body);
    expect(none).toMatchObject({ completionType: 'not_completed', amount: 0, xpDelta: -40 });

    const events = await xpEventsOf(day, 3);
    expect(events.map((e) => [e.type, e.data.xpDelta])).toEqual([
      ['quests.partial', partialXp(40)],
      ['quests.completed', 40 - partialXp(40)],
      ['quests.revoked', -40],
    ]);
  });

  it('when a limit habit gets 3 coffees against at most 2, then 1, then the day is not done (no XP), then Completed', async () => {
    const { amount } = await measured({ rule: 'at_most', target: 2, unit: 'coffees' }, 10);
    expect((await amount({ amount: 3 })).body).toMatchObject({
      completionType: 'not_completed',
      amount: 3,
      xpDelta: 0,
    });
    expect((await amount({ amount: 1 })).body).toMatchObject({
      completionType: 'completed',
      amount: 1,
      xpDelta: 10,
    });
  });

  it("when amounts were entered, then the habit's statistics give its target progress over the last 30 days", async () => {
    const { me, series, amount } = await measured({ rule: 'at_least', target: 20, unit: 'pages' });
    await amount({ amount: 12.5 });
    const { status, body } = await me('GET', `/api/quests/recurring/${series.id}/stats`);
    expect(status).toBe(200);
    expect(habitStatsResponseSchema.parse(body).measured).toEqual({
      measure: { rule: 'at_least', target: 20, unit: 'pages' },
      entered: 1,
      kept: 0,
      average: 12.5,
      days: [{ date: '2026-11-21', amount: 12.5 }],
      last: { date: '2026-11-21', amount: 12.5 },
    });
    const yesNo = await measured(null);
    const { body: plain } = await yesNo.me('GET', `/api/quests/recurring/${yesNo.series.id}/stats`);
    expect(plain.measured).toBeNull();
  });

  it("when yesterday's amount is filled in from the calendar, then that day is judged and counted on yesterday, and a day out of the window is a 409", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    const { body: series } = await me('POST', '/api/quests/recurring', {
      ...newQuest({ xpReward: 40 }),
      recurrenceType: 'daily',
      startDate: '2026-11-01T00:00:00.000Z',
      measure: { rule: 'at_least', target: 20, unit: 'pages' },
    });
    const filled = await me('PUT', `/api/quests/recurring/${series.id}/days/2026-11-20/amount`, {
      amount: 30,
    });
    expect(filled.status).toBe(200);
    const done = occurrenceToggleResponseSchema.parse(filled.body);
    expect(done).toMatchObject({ scheduledFor: '2026-11-20', amount: 30, xpDelta: 40 });
    const [event] = await xpEventsOf(done.id, 1);
    expect(event?.data).toMatchObject({ localDate: '2026-11-20', xpDelta: 40 });
    const old = await me('PUT', `/api/quests/recurring/${series.id}/days/2026-11-10/amount`, {
      amount: 30,
    });
    expect(old.status).toBe(409);
  });

  it('when ten requests enter the same amount at once, then one completion is awarded', async () => {
    const { day, amount } = await measured({ rule: 'at_least', target: 5, unit: 'km' }, 30);
    const answers = await Promise.all(Array.from({ length: 10 }, () => amount({ amount: 6 })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.reduce((sum, r) => sum + (r.body.xpDelta as number), 0)).toBe(30);
    expect((await xpEventsOf(day, 1)).map((e) => e.type)).toEqual(['quests.completed']);
  });

  it('when the completion an amount made is undone, then the day is not done and forgets the amount', async () => {
    const { me, amount } = await measured({ rule: 'at_least', target: 5, unit: 'km' }, 30);
    const done = occurrenceToggleResponseSchema.parse((await amount({ amount: 5 })).body);
    const undo = await me('POST', `/api/quests/completions/${done.completionEventId}/undo`);
    expect(undo.body).toMatchObject({ undone: true, xpDelta: -30 });
    const { body: list } = await me('GET', '/api/quests/recurring');
    expect(list[0].todaysOccurrence).toMatchObject({
      completionType: 'not_completed',
      amount: null,
    });
  });

  it("when the target is edited, then today's open day takes it, and the next amount is judged by it", async () => {
    const { me, series, amount } = await measured({ rule: 'at_least', target: 20, unit: 'pages' });
    const { status } = await me('PATCH', `/api/quests/recurring/${series.id}`, {
      measure: { rule: 'at_least', target: 10, unit: 'pages' },
    });
    expect(status).toBe(200);
    expect((await amount({ amount: 12 })).body).toMatchObject({
      completionType: 'completed',
      measure: { target: 10 },
    });
  });

  it('when the routine is done or not, then an amount is a 409 naming the rule and nothing changes', async () => {
    const { me, amount } = await measured(null);
    const { status, body } = await amount({ amount: 3 });
    expect(status).toBe(409);
    expect(body.error.message).toBe(NOT_MEASURABLE_MESSAGE);
    const { body: list } = await me('GET', '/api/quests/recurring');
    expect(list[0].todaysOccurrence).toMatchObject({
      completionType: 'not_completed',
      amount: null,
    });
  });

  it.each([[{ amount: -1 }], [{ amount: 'ten' }], [{ amount: 1_000_001 }], [{}]])(
    'when the body is %j, then it is a 400 and nothing changes',
    async (value) => {
      const { me, amount } = await measured({ rule: 'at_least', target: 5, unit: 'km' });
      expect((await amount(value)).status).toBe(400);
      const { body: list } = await me('GET', '/api/quests/recurring');
      expect(list[0].todaysOccurrence).toMatchObject({
        completionType: 'not_completed',
        amount: null,
      });
    },
  );

  it.each([
    [{ rule: 'at_least', target: 0, unit: 'pages' }],
    [{ rule: 'at_least', target: 5, unit: '  ' }],
    [{ rule: 'exactly', target: 5, unit: 'pages' }],
    [{ rule: 'at_most', target: 5 }],
  ])(
    'when a new routine is measured by %j, then it is a 400 and no routine is made',
    async (measure) => {
      const userId = randomUUID();
      const me = quests.as(userId);
      const { status } = await me('POST', '/api/quests/recurring', {
        ...newQuest(),
        recurrenceType: 'daily',
        measure,
      });
      expect(status).toBe(400);
      expect((await me('GET', '/api/quests/recurring')).body).toEqual([]);
    },
  );
});

describe('a per-week target', () => {
  // Saturday 2026-11-21 is today: its week started on Monday 2026-11-16.
  async function weekly(measure: Record<string, unknown>, xpReward = 40) {
    const userId = randomUUID();
    await userInZone(quests, userId, 'UTC');
    const me = quests.as(userId);
    const { status, body } = await me('POST', '/api/quests/recurring', {
      ...newQuest({ xpReward }),
      recurrenceType: 'daily',
      startDate: '2026-11-01T00:00:00.000Z',
      measure: { ...measure, period: 'week' },
    });
    expect(status).toBe(201);
    const seriesId = seriesSchema.parse(body).id;
    const enter = async (date: string, amount: number) => {
      const answer = await me('PUT', `/api/quests/recurring/${seriesId}/days/${date}/amount`, {
        amount,
      });
      expect(answer.status).toBe(200);
      return occurrenceToggleResponseSchema.parse(answer.body);
    };
    /** Each day of the week with what it stands at: completion, amount, the week's total so far. */
    const week = async () => {
      const { body: list } = await me(
        'GET',
        '/api/quests/occurrences?startDate=2026-11-16&endDate=2026-11-21',
      );
      return Object.fromEntries(
        (
          list as {
            scheduledFor: string;
            completionType: string;
            amount: number | null;
            weekTotal: number | null;
          }[]
        )
          .filter((o) => o.amount !== null)
          .map((o) => [o.scheduledFor, [o.completionType, o.amount, o.weekTotal]]),
      );
    };
    return { me, seriesId, enter, week };
  }

  /** The XP the events of these occurrences moved, once they stopped coming. */
  async function xpOf(ids: string[], count: number) {
    const events = await xpEventsOfAll(ids, count);
    const xpOfDay = (id: string) =>
      events
        .filter((e) => e.data.occurrenceId === id)
        .reduce((sum, e) => sum + (e.data.xpDelta as number), 0);
    return Object.fromEntries(ids.map((id) => [id, xpOfDay(id)]));
  }

  it('when a run habit of at least 20 km a week gets 8, 7 and 6 km, then the days before the target are Kinda Sorta and the day it is reached Completed', async () => {
    const { enter, week } = await weekly({ rule: 'at_least', target: 20, unit: 'km' });
    const monday = await enter('2026-11-16', 8);
    expect(monday).toMatchObject({
      completionType: 'partial',
      weekTotal: 8,
      xpDelta: partialXp(40),
    });
    expect(monday.measure).toEqual({ rule: 'at_least', target: 20, unit: 'km', period: 'week' });
    await enter('2026-11-18', 7);
    const saturday = await enter('2026-11-21', 6);
    expect(saturday).toMatchObject({ completionType: 'completed', weekTotal: 21, xpDelta: 40 });
    expect(await week()).toEqual({
      '2026-11-16': ['partial', 8, 8],
      '2026-11-18': ['partial', 7, 15],
      '2026-11-21': ['completed', 6, 21],
    });
  });

  it('when an earlier day is filled in, then the later days of the week are judged again, each moving its XP once on its own day, and its Undo moves them back', async () => {
    const { me, enter, week } = await weekly({ rule: 'at_least', target: 20, unit: 'km' });
    const monday = await enter('2026-11-16', 8);
    const wednesday = await enter('2026-11-18', 7);
    const saturday = await enter('2026-11-21', 6);
    const tuesday = await enter('2026-11-17', 10);
    // Its own half and the rest of Wednesday's, which it lifted over the target.
    expect(tuesday).toMatchObject({ completionType: 'partial', weekTotal: 18, xpDelta: 40 });
    expect(await week()).toEqual({
      '2026-11-16': ['partial', 8, 8],
      '2026-11-17': ['partial', 10, 18],
      '2026-11-18': ['completed', 7, 25],
      '2026-11-21': ['completed', 6, 31],
    });
    const ids = [monday.id, tuesday.id, wednesday.id, saturday.id];
    expect(await xpOf(ids, 5)).toEqual({
      [monday.id]: partialXp(40),
      [tuesday.id]: partialXp(40),
      [wednesday.id]: 40,
      [saturday.id]: 40,
    });
    const wednesdayEvents = listener.events.filter(
      (e) => e.data.occurrenceId === wednesday.id && e.type !== 'quests.occurrence_scheduled',
    );
    expect(wednesdayEvents.every((e) => e.data.localDate === '2026-11-18')).toBe(true);

    const undo = await me('POST', `/api/quests/completions/${tuesday.completionEventId}/undo`);
    expect(undo.status).toBe(200);
    expect(await week()).toEqual({
      '2026-11-16': ['partial', 8, 8],
      '2026-11-18': ['partial', 7, 15],
      '2026-11-21': ['completed', 6, 21],
    });
    expect(await xpOf(ids, 7)).toEqual({
      [monday.id]: partialXp(40),
      [tuesday.id]: 0,
      [wednesday.id]: partialXp(40),
      [saturday.id]: 40,
    });
  });

  it('when at most 10 coffees a week goes over on Wednesday, then Wednesday earns nothing, and a lower Monday brings it back', async () => {
    const { enter, week } = await weekly({ rule: 'at_most', target: 10, unit: 'coffees' }, 10);
    await enter('2026-11-16', 4);
    await enter('2026-11-17', 4);
    expect(await enter('2026-11-18', 3)).toMatchObject({
      completionType: 'not_completed',
      weekTotal: 11,
      xpDelta: 0,
    });
    await enter('2026-11-16', 2);
    expect(await week()).toEqual({
      '2026-11-16': ['completed', 2, 2],
      '2026-11-17': ['completed', 4, 6],
      '2026-11-18': ['completed', 3, 9],
    });
  });

  it("when a day of the week is first read after amounts were entered before it, then it starts from the week's total so far", async () => {
    const { me, enter } = await weekly({ rule: 'at_least', target: 20, unit: 'km' });
    await enter('2026-11-16', 8);
    const { body } = await me(
      'GET',
      '/api/quests/occurrences?startDate=2026-11-17&endDate=2026-11-17',
    );
    expect(body).toMatchObject([{ scheduledFor: '2026-11-17', amount: null, weekTotal: 8 }]);
  });

  it('when two days of one week are entered at once, then both settle on what both amounts make, and XP matches them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { enter, week } = await weekly({ rule: 'at_least', target: 20, unit: 'km' });
      const [monday, saturday] = await Promise.all([
        enter('2026-11-16', 12),
        enter('2026-11-21', 9),
      ]);
      expect(await week()).toEqual({
        '2026-11-16': ['partial', 12, 12],
        '2026-11-21': ['completed', 9, 21],
      });
      expect(await xpOf([monday.id, saturday.id], 2)).toEqual({
        [monday.id]: partialXp(40),
        [saturday.id]: 40,
      });
    }
  });
});
