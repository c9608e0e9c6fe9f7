import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CHECKLIST_MAX_STEPS,
  dataExportSectionSchema,
  occurrenceListResponseSchema,
  occurrenceToggleResponseSchema,
  seriesListResponseSchema,
  seriesSchema,
  urlOf,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { listenToQuestEvents, newQuest, startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 2026-11-21, 10:00 UTC (the users here have no zone of their own: UTC).
const SATURDAY = new Date('2026-11-21T10:00:00.000Z');
let now = SATURDAY;

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'series-checklist-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const STEPS = ['Stretch', 'Push-ups', 'Plank'].map((text) => ({ text }));

/** A user with a daily routine of three steps (auto-completing its days when `auto`). */
async function routineWithSteps(auto = false, overrides: Record<string, unknown> = {}) {
  now = SATURDAY;
  const as = quests.as(randomUUID());
  const created = await as(
    'POST',
    urlOf(API.createSeries),
    newQuest({
      recurrenceType: 'daily',
      checklist: STEPS,
      completeWhenChecklistDone: auto,
      ...overrides,
    }),
  );
  expect(created.status).toBe(201);
  const series = seriesSchema.parse(created.body);
  const today = series.todaysOccurrence!;
  /** The routine's day as the dashboard reads it. */
  const dayOf = async (date: string) => {
    const list = await as(
      'GET',
      urlOf(API.listOccurrences, { query: { startDate: date, endDate: date } }),
    );
    return occurrenceListResponseSchema.parse(list.body).find((o) => o.seriesId === series.id)!;
  };
  const tick = (stepId: string, done: boolean, id = today.id) =>
    as('PUT', urlOf(API.tickOccurrenceChecklistStep, { params: { id, stepId } }), { done });
  return {
    as,
    series,
    today,
    dayOf,
    stored: () => dayOf(today.scheduledFor),
    tick,
    stepIds: series.checklist.map((s) => s.id),
  };
}

const completionsOf = (occurrenceId: string) =>
  listener.events.filter(
    (e) => e.type === 'quests.completed' && e.data.occurrenceId === occurrenceId,
  );
const ticks = (steps: readonly { done: boolean }[]) => steps.map((s) => s.done);

describe('a routine with steps', () => {
  it("when a routine is made with steps, then it keeps them without ticks and today's day has its own copy, none ticked", async () => {
    const { series, stored } = await routineWithSteps(true);
    expect(series.checklist.map((s) => s.text)).toEqual(['Stretch', 'Push-ups', 'Plank']);
    expect(new Set(series.checklist.map((s) => s.id)).size).toBe(3);
    expect(series.checklist[0]).not.toHaveProperty('done');
    expect(series.completeWhenChecklistDone).toBe(true);
    expect(series.todaysOccurrence?.checklist).toHaveLength(3);
    const day = await stored();
    expect(day.checklist).toEqual(series.checklist.map((s) => ({ ...s, done: false })));
    expect(day.completeWhenChecklistDone).toBe(true);
  });

  it('when a step is ticked and then unticked, then the day answers it so and keeps it; the routine has no ticks', async () => {
    const { as, tick, stored, stepIds } = await routineWithSteps();
    const ticked = await tick(stepIds[1]!, true);
    expect(ticked.status).toBe(200);
    expect(occurrenceToggleResponseSchema.parse(ticked.body)).toMatchObject({
      xpDelta: 0,
      isCompleted: false,
      completionEventId: null,
    });
    expect(ticks(ticked.body.checklist)).toEqual([false, true, false]);
    expect(ticks((await stored()).checklist)).toEqual([false, true, false]);
    const [listed] = seriesListResponseSchema.parse((await as('GET', urlOf(API.listSeries))).body);
    expect(listed?.checklist[1]).toEqual({ id: stepIds[1], text: 'Push-ups' });
    expect(ticks(listed?.todaysOccurrence?.checklist ?? [])).toEqual([false, true, false]);
    await tick(stepIds[1]!, false);
    expect(ticks((await stored()).checklist)).toEqual([false, false, false]);
  });

  it('when different steps are ticked in parallel, then every tick sticks', async () => {
    const { tick, stored, stepIds } = await routineWithSteps(false, {
      checklist: Array.from({ length: 12 }, (_, i) => ({ text: `Step ${i + 1}` })),
    });
    const results = await Promise.all(stepIds.map((id) => tick(id, true)));
    expect(results.map((r) => r.status)).toEqual(stepIds.map(() => 200));
    expect((await stored()).checklist.every((s) => s.done)).toBe(true);
  });

  it('when the last step is ticked without the auto-complete choice, then the day stays open', async () => {
    const { tick, stored, stepIds } = await routineWithSteps(false);
    for (const id of stepIds) await tick(id, true);
    expect((await stored()).isCompleted).toBe(false);
  });

  it('when the last step of an auto-completing day is ticked, then the day completes once with its XP, and an untick leaves it completed', async () => {
    const { today, tick, stored, stepIds } = await routineWithSteps(true);
    await tick(stepIds[0]!, true);
    await tick(stepIds[1]!, true);
    const last = await tick(stepIds[2]!, true);
    expect(last.status).toBe(200);
    expect(occurrenceToggleResponseSchema.parse(last.body)).toMatchObject({
      id: today.id,
      isCompleted: true,
      completionType: 'completed',
      xpDelta: today.xpReward,
      awardedXp: today.xpReward,
    });
    expect(last.body.completionEventId).toEqual(expect.any(String));
    const events = await eventually(
      async () => completionsOf(today.id),
      (list) => list.length === 1,
    );
    expect(events[0]?.id).toBe(last.body.completionEventId);
    expect(events[0]?.data).toMatchObject({ xpDelta: today.xpReward, localDate: '2026-11-21' });
    const untick = await tick(stepIds[2]!, false);
    expect(untick.body).toMatchObject({ isCompleted: true, xpDelta: 0 });
    expect(ticks(untick.body.checklist)).toEqual([true, true, false]);
    const retick = await tick(stepIds[2]!, true);
    expect(retick.body).toMatchObject({ isCompleted: true, xpDelta: 0 });
    expect(await stored()).toMatchObject({ isCompleted: true, completionType: 'completed' });
    expect(completionsOf(today.id)).toHaveLength(1);
  });

  it('when the two last steps are ticked at once, then the day completes exactly once', async () => {
    const { today, tick, stored, stepIds } = await routineWithSteps(true);
    await tick(stepIds[0]!, true);
    const results = await Promise.all([tick(stepIds[1]!, true), tick(stepIds[2]!, true)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const deltas = results.map((r) => r.body.xpDelta as number).sort((a, b) => a - b);
    expect(deltas).toEqual([0, today.xpReward]);
    expect(await stored()).toMatchObject({ isCompleted: true, awardedXp: today.xpReward });
    await eventually(
      async () => completionsOf(today.id).length,
      (n) => n >= 1,
    );
    expect(completionsOf(today.id)).toHaveLength(1);
  });

  it('when a measured day with the auto-complete choice has its last step ticked, then the amount still decides: the day stays open and earns nothing', async () => {
    const { tick, stored, stepIds } = await routineWithSteps(true, {
      measure: { rule: 'at_least', target: 20, unit: 'pages' },
    });
    const answers = [];
    for (const id of stepIds) answers.push(await tick(id, true));
    expect(answers.map((a) => [a.status, a.body.xpDelta])).toEqual([
      [200, 0],
      [200, 0],
      [200, 0],
    ]);
    expect(await stored()).toMatchObject({ isCompleted: false, amount: null });
    expect(ticks((await stored()).checklist)).toEqual([true, true, true]);
  });

  it('when a day completed by hand has its last step ticked, then nothing more is awarded', async () => {
    const { as, today, tick, stepIds } = await routineWithSteps(true);
    const done = await as('POST', urlOf(API.completeOccurrence, { params: { id: today.id } }));
    expect(done.body.xpDelta).toBe(today.xpReward);
    for (const id of stepIds) expect((await tick(id, true)).body.xpDelta).toBe(0);
  });
});

describe("editing a routine's steps", () => {
  it("when the steps are reordered, renamed, added and removed, then today's open day takes them keeping its ticks by id, a completed day keeps its own, and a later day gets the new list", async () => {
    const { as, series, today, dayOf, tick, stepIds } = await routineWithSteps();
    const [stretch, pushUps, plank] = stepIds as [string, string, string];
    // Saturday: Stretch ticked, then the day completed by hand.
    await tick(stretch, true);
    await as('POST', urlOf(API.completeOccurrence, { params: { id: today.id } }));
    // Sunday: Stretch and Plank ticked on the open day.
    now = new Date('2026-11-22T10:00:00.000Z');
    const sunday = (await dayOf('2026-11-22')).id;
    await tick(stretch, true, sunday);
    await tick(plank, true, sunday);

    const edited = await as('PATCH', urlOf(API.updateSeries, { params: { id: series.id } }), {
      checklist: [
        { id: plank, text: 'Plank, one minute' },
        { id: stretch, text: 'Stretch' },
        { text: 'Cool down' },
      ],
      completeWhenChecklistDone: true,
    });
    expect(edited.status).toBe(200);
    const after = seriesSchema.parse(edited.body);
    expect(after.checklist.map((s) => [s.id, s.text])).toEqual([
      [plank, 'Plank, one minute'],
      [stretch, 'Stretch'],
      [expect.any(String), 'Cool down'],
    ]);
    const coolDown = after.checklist[2]!.id;
    expect(stepIds).not.toContain(coolDown);

    const open = await dayOf('2026-11-22');
    expect(open.checklist).toEqual([
      { id: plank, text: 'Plank, one minute', done: true },
      { id: stretch, text: 'Stretch', done: true },
      { id: coolDown, text: 'Cool down', done: false },
    ]);
    // Turning the choice on completes nothing: only a tick does.
    expect(open).toMatchObject({ completeWhenChecklistDone: true, isCompleted: false });
    const completed = await dayOf('2026-11-21');
    expect(completed.checklist).toEqual([
      { id: stretch, text: 'Stretch', done: true },
      { id: pushUps, text: 'Push-ups', done: false },
      { id: plank, text: 'Plank', done: false },
    ]);
    expect(completed.completeWhenChecklistDone).toBe(false);
    // A step the day no longer has is unknown there.
    expect((await tick(pushUps, true, sunday)).status).toBe(404);
    const last = await tick(coolDown, true, sunday);
    expect(last.body).toMatchObject({ isCompleted: true, xpDelta: today.xpReward });

    now = new Date('2026-11-23T10:00:00.000Z');
    const monday = await dayOf('2026-11-23');
    expect(monday.checklist.map((s) => [s.id, s.done])).toEqual([
      [plank, false],
      [stretch, false],
      [coolDown, false],
    ]);
  });

  it('when ticks and an edit of the steps race, then every tick of a kept step sticks', async () => {
    const { as, series, tick, stored, stepIds } = await routineWithSteps();
    const edit = as('PATCH', urlOf(API.updateSeries, { params: { id: series.id } }), {
      checklist: series.checklist.map(({ id, text }) => ({ id, text: `${text}!` })),
    });
    const sent = stepIds.map((id) => tick(id, true));
    expect((await edit).status).toBe(200);
    await Promise.all(sent);
    expect((await stored()).checklist.map((s) => [s.text, s.done])).toEqual([
      ['Stretch!', true],
      ['Push-ups!', true],
      ['Plank!', true],
    ]);
  });

  it('when steps are added to a routine made without any, then its open day gets them', async () => {
    const { as, series, stored } = await routineWithSteps(false, { checklist: undefined });
    expect(series.checklist).toEqual([]);
    expect((await stored()).checklist).toEqual([]);
    const edited = await as('PATCH', urlOf(API.updateSeries, { params: { id: series.id } }), {
      checklist: [{ text: 'Water the plants' }],
    });
    expect(edited.status).toBe(200);
    expect((await stored()).checklist.map((s) => [s.text, s.done])).toEqual([
      ['Water the plants', false],
    ]);
  });
});

describe('refusals', () => {
  it.each([[{}], [{ done: 'yes' }], [{ done: true, extra: 1 }], [null]])(
    'when the tick body is %o, then it answers 400 and nothing changes',
    async (body) => {
      const { as, today, stored, stepIds } = await routineWithSteps(true);
      const result = await as(
        'PUT',
        urlOf(API.tickOccurrenceChecklistStep, { params: { id: today.id, stepId: stepIds[0]! } }),
        body,
      );
      expect(result.status).toBe(400);
      expect(ticks((await stored()).checklist)).toEqual([false, false, false]);
    },
  );

  it("when the occurrence is another user's, unknown or malformed, then it answers 404 and nothing changes; an unknown step is a 404 naming the step", async () => {
    const { today, tick, stored, stepIds } = await routineWithSteps(true);
    const other = quests.as(randomUUID());
    for (const id of [today.id, 'a'.repeat(24), 'not-an-id']) {
      const result = await other(
        'PUT',
        urlOf(API.tickOccurrenceChecklistStep, { params: { id, stepId: stepIds[0]! } }),
        { done: true },
      );
      expect(result.status).toBe(404);
      expect(result.body.error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Quest occurrence not found',
      });
    }
    const unknown = await tick('no-such-step', true);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Checklist step not found');
    expect(ticks((await stored()).checklist)).toEqual([false, false, false]);
  });

  it('when a routine is made or edited with too many, empty, too long or twice-given steps, then it is refused with the reason and nothing changes', async () => {
    const { as, series } = await routineWithSteps();
    for (const [checklist, message] of [
      [
        Array.from({ length: CHECKLIST_MAX_STEPS + 1 }, (_, i) => ({ text: `s${i}` })),
        'A quest has at most 30 steps',
      ],
      [[{ text: '   ' }], 'A step cannot be empty'],
      [[{ text: 'x'.repeat(201) }], 'A step is at most 200 characters'],
      [
        [
          { id: series.checklist[0]!.id, text: 'One' },
          { id: series.checklist[0]!.id, text: 'Two' },
        ],
        'Each step id may appear once',
      ],
    ] as const) {
      const made = await as(
        'POST',
        urlOf(API.createSeries),
        newQuest({ recurrenceType: 'daily', checklist }),
      );
      expect([made.status, made.body.error.message]).toEqual([400, message]);
      const edit = await as('PATCH', urlOf(API.updateSeries, { params: { id: series.id } }), {
        checklist,
      });
      expect([edit.status, edit.body.error.message]).toEqual([400, message]);
    }
    const list = seriesListResponseSchema.parse((await as('GET', urlOf(API.listSeries))).body);
    expect(list.map((s) => s.checklist.map((step) => step.text))).toEqual([
      ['Stretch', 'Push-ups', 'Plank'],
    ]);
  });
});

describe('the data export', () => {
  it("when a routine has steps, then the export holds them on the routine and each day's ticks on the day", async () => {
    const { as, series, today, tick, stepIds } = await routineWithSteps(true);
    await tick(stepIds[1]!, true);
    const exported = dataExportSectionSchema.parse(
      (await as('GET', urlOf(API.exportQuestsData))).body,
    );
    expect(exported.recurringSeries![0]).toMatchObject({
      id: series.id,
      completeWhenChecklistDone: true,
      checklist: series.checklist,
    });
    expect(exported.occurrences!.find((o) => o.id === today.id)).toMatchObject({
      completeWhenChecklistDone: true,
      checklist: [
        { id: stepIds[0], text: 'Stretch', done: false },
        { id: stepIds[1], text: 'Push-ups', done: true },
        { id: stepIds[2], text: 'Plank', done: false },
      ],
    });
  });
});
