import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_SLIP_TO_UNDO,
  SLIP_BEFORE_START,
  SLIP_OUTSIDE_WINDOW,
  breakHabitListResponseSchema,
  breakHabitSchema,
  dataExportSectionSchema,
  type BreakHabit,
} from '@levelup/contracts';
import { listenToQuestEvents, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// 23:30 UTC on the 21st is already the 22nd in Berlin: "today" is the user's day, not the server's.
let now = new Date('2026-11-21T23:30:00.000Z');
const at = (iso: string) => {
  now = new Date(iso);
};

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'break-habits-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

/** A user in Berlin with one habit to break, made on the clock's day. */
async function smoker(title = '  Smoke  ') {
  const userId = randomUUID();
  await userInZone(quests, userId, 'Europe/Berlin');
  const me = quests.as(userId);
  const created = await me('POST', '/api/quests/break-habits', { title, tags: ['health'] });
  expect(created.status).toBe(201);
  const habit = breakHabitSchema.parse(created.body);
  const slip = async (body: unknown = {}) =>
    me('POST', `/api/quests/break-habits/${habit.id}/slips`, body);
  const undo = async (date: string) =>
    me('POST', `/api/quests/break-habits/${habit.id}/slips/${date}/undo`);
  const list = async (): Promise<BreakHabit[]> =>
    breakHabitListResponseSchema.parse((await me('GET', '/api/quests/break-habits')).body);
  return { userId, me, habit, slip, undo, list };
}

describe('habits to break', () => {
  it('when a habit to break is made, then it starts on the user’s local day with no slips and 0 days without one', async () => {
    at('2026-11-21T23:30:00.000Z');
    const { habit, list } = await smoker();
    expect(habit).toMatchObject({
      title: 'Smoke',
      description: '',
      tags: ['health'],
      startDate: '2026-11-22',
      today: '2026-11-22',
      daysWithoutSlip: 0,
      bestRun: 0,
      slipsLast7Days: 0,
      slipsLast30Days: 0,
      totalSlips: 0,
      lastSlipDate: null,
      history: [{ date: '2026-11-22', slips: 0 }],
    });
    expect((await list()).map((h) => h.id)).toEqual([habit.id]);
  });

  it('when slips are recorded and undone, then today’s count follows, the day at 0 is gone and no event is published', async () => {
    at('2026-11-10T12:00:00.000Z');
    const { habit, slip, undo, list } = await smoker();
    at('2026-11-15T12:00:00.000Z');
    expect((await list())[0]!.daysWithoutSlip).toBe(5);

    const first = breakHabitSchema.parse((await slip()).body);
    expect(first).toMatchObject({ daysWithoutSlip: 0, bestRun: 5, slipsLast7Days: 1 });
    expect(first.lastSlipDate).toBe('2026-11-15');
    const second = breakHabitSchema.parse((await slip()).body);
    expect(second.history.at(-1)).toEqual({ date: '2026-11-15', slips: 2 });

    const back = breakHabitSchema.parse((await undo('2026-11-15')).body);
    expect(back.history.at(-1)).toEqual({ date: '2026-11-15', slips: 1 });
    const clean = breakHabitSchema.parse((await undo('2026-11-15')).body);
    expect(clean).toMatchObject({ daysWithoutSlip: 5, totalSlips: 0, lastSlipDate: null });
    const none = await undo('2026-11-15');
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(NO_SLIP_TO_UNDO);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.events.filter((e) => JSON.stringify(e.data).includes(habit.id))).toEqual([]);
  });

  it('when a slip is for a past day, then it counts within the back-fill window and not before the start, 7 days back or tomorrow', async () => {
    at('2026-11-01T12:00:00.000Z');
    const { slip, list } = await smoker();
    at('2026-11-20T12:00:00.000Z');
    const past = breakHabitSchema.parse((await slip({ date: '2026-11-13' })).body);
    // Start 11-01, slip 11-13 (12 days), 7 clean days since.
    expect(past).toMatchObject({ daysWithoutSlip: 7, bestRun: 12, slipsLast7Days: 0 });
    expect(past.slipsLast30Days).toBe(1);

    for (const [date, message] of [
      ['2026-11-12', SLIP_OUTSIDE_WINDOW],
      ['2026-11-21', SLIP_OUTSIDE_WINDOW],
    ] as const) {
      const refused = await slip({ date });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect((await list())[0]!.totalSlips).toBe(1);

    at('2026-11-20T12:00:00.000Z');
    const young = await smoker('Doomscroll');
    const early = await young.slip({ date: '2026-11-19' });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(SLIP_BEFORE_START);
  });

  it('when ten slips arrive at once, then each counts exactly once', async () => {
    at('2026-11-21T12:00:00.000Z');
    const { slip, list } = await smoker();
    const answers = await Promise.all(Array.from({ length: 10 }, () => slip()));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [habit] = await list();
    expect(habit).toMatchObject({ totalSlips: 10, slipsLast7Days: 10 });
    expect(habit!.history.at(-1)).toEqual({ date: '2026-11-21', slips: 10 });
  });

  it('when the input is bad, then the answer is a 400 naming the field and nothing changes', async () => {
    at('2026-11-21T12:00:00.000Z');
    const { me, habit, slip, list } = await smoker();
    const path = `/api/quests/break-habits/${habit.id}`;
    const bad: Array<[string, string, unknown]> = [
      ['POST', '/api/quests/break-habits', { title: '   ' }],
      ['POST', '/api/quests/break-habits', { title: 'x'.repeat(101) }],
      ['POST', '/api/quests/break-habits', { title: 'Ok', xpReward: 10 }],
      ['PATCH', path, { title: '' }],
      ['PATCH', path, { tags: 'health' }],
      ['POST', `${path}/slips`, { date: 'yesterday' }],
      ['POST', `${path}/slips`, { count: 5 }],
      ['POST', `${path}/slips/2026-13-01/undo`, undefined],
    ];
    for (const [method, url, body] of bad) {
      const answer = await me(method, url, body);
      expect(answer.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    const [after] = await list();
    expect(after).toMatchObject({ title: 'Smoke', tags: ['health'], totalSlips: 0 });
    expect(await list()).toHaveLength(1);
    expect((await slip()).status).toBe(200);
  });

  it('when a habit is edited and deleted, then the fields given change and the habit goes with its slips', async () => {
    at('2026-11-21T12:00:00.000Z');
    const { me, habit, slip, list } = await smoker();
    await slip();
    const path = `/api/quests/break-habits/${habit.id}`;
    const edited = await me('PATCH', path, { description: ' After meals ', tags: ['Lungs'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Smoke',
      description: 'After meals',
      tags: ['Lungs'],
      totalSlips: 1,
    });
    expect((await me('DELETE', path)).status).toBe(204);
    expect(await list()).toEqual([]);
    expect((await me('DELETE', path)).status).toBe(404);
    expect((await slip()).status).toBe(404);
  });

  it('when another user touches a habit to break, then every call is a 404 and the habit is unchanged', async () => {
    at('2026-11-21T12:00:00.000Z');
    const { habit, list } = await smoker();
    const other = quests.as(randomUUID());
    const path = `/api/quests/break-habits/${habit.id}`;
    for (const [method, url, body] of [
      ['PATCH', path, { title: 'Mine now' }],
      ['DELETE', path, undefined],
      ['POST', `${path}/slips`, {}],
      ['POST', `${path}/slips/2026-11-21/undo`, undefined],
    ] as const) {
      expect((await other(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect((await other('GET', '/api/quests/break-habits')).body).toEqual([]);
    expect((await list())[0]).toMatchObject({ title: 'Smoke', totalSlips: 0 });
  });

  it('when a user exports their data, then their habits to break and slip days are in it', async () => {
    at('2026-11-21T12:00:00.000Z');
    const { userId, me, habit, slip } = await smoker();
    await slip();
    await slip();
    await smoker('Not mine');
    const exported = dataExportSectionSchema.parse((await me('GET', '/api/quests/export')).body);
    expect(exported.breakHabits).toEqual([
      expect.objectContaining({ id: habit.id, userId, title: 'Smoke', startDate: '2026-11-21' }),
    ]);
    expect(exported.breakHabitSlips).toEqual([
      expect.objectContaining({ habitId: habit.id, date: '2026-11-21', count: 2 }),
    ]);
  });
});
