import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKLIST_MAX_STEPS,
  dataExportSectionSchema,
  questSchema,
  toggleQuestResponseSchema,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { listenToQuestEvents, newQuest, startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;

beforeAll(async () => {
  quests = await startQuests();
  listener = await listenToQuestEvents(quests, 'checklist-test-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const STEPS = ['Dishes', 'Counters', 'Floor'].map((text) => ({ text }));

/** A user with a quest of three steps (auto-completing when `auto`). */
async function questWithSteps(auto = false, overrides: Record<string, unknown> = {}) {
  const as = quests.as(randomUUID());
  const created = await as(
    'POST',
    '/api/quests',
    newQuest({ checklist: STEPS, completeWhenChecklistDone: auto, ...overrides }),
  );
  expect(created.status).toBe(201);
  const quest = questSchema.parse(created.body);
  const tick = (stepId: string, done: boolean) =>
    as('PUT', `/api/quests/${quest.id}/checklist/${stepId}`, { done });
  const stored = async () =>
    questSchema.parse(
      (await as('GET', '/api/quests')).body.find((q: { id: string }) => q.id === quest.id),
    );
  return { as, quest, tick, stored, stepIds: quest.checklist.map((s) => s.id) };
}

const completionsOf = (questId: string) =>
  listener.events.filter((e) => e.type === 'quests.completed' && e.data.questId === questId);

describe('a quest with a checklist', () => {
  it('when a quest is created with steps, then each gets its own id, in order, none ticked', async () => {
    const { quest } = await questWithSteps();
    expect(quest.checklist.map((s) => [s.text, s.done])).toEqual([
      ['Dishes', false],
      ['Counters', false],
      ['Floor', false],
    ]);
    expect(new Set(quest.checklist.map((s) => s.id)).size).toBe(3);
    expect(quest.completeWhenChecklistDone).toBe(false);
  });

  it('when a step is ticked and then unticked, then the quest answers it so and keeps it', async () => {
    const { tick, stored, stepIds } = await questWithSteps();
    const ticked = await tick(stepIds[1]!, true);
    expect(ticked.status).toBe(200);
    expect(toggleQuestResponseSchema.parse(ticked.body)).toMatchObject({
      xpDelta: 0,
      isCompleted: false,
    });
    expect(ticked.body.checklist.map((s: { done: boolean }) => s.done)).toEqual([
      false,
      true,
      false,
    ]);
    expect((await stored()).checklist.map((s) => s.done)).toEqual([false, true, false]);
    await tick(stepIds[1]!, false);
    expect((await stored()).checklist.map((s) => s.done)).toEqual([false, false, false]);
  });

  it('when different steps are ticked in parallel, then every tick sticks', async () => {
    const { tick, stored, stepIds } = await questWithSteps(false, {
      checklist: Array.from({ length: 12 }, (_, i) => ({ text: `Step ${i + 1}` })),
    });
    const results = await Promise.all(stepIds.map((id) => tick(id, true)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await stored()).checklist.every((s) => s.done)).toBe(true);
  });

  it('when the last step is ticked without the auto-complete choice, then the quest stays open', async () => {
    const { tick, stored, stepIds } = await questWithSteps(false);
    for (const id of stepIds) await tick(id, true);
    expect((await stored()).isCompleted).toBe(false);
  });

  it('when the last step of an auto-completing quest is ticked, then it completes once with its XP, and an untick leaves it completed', async () => {
    const { quest, tick, stored, stepIds } = await questWithSteps(true);
    await tick(stepIds[0]!, true);
    await tick(stepIds[1]!, true);
    const last = await tick(stepIds[2]!, true);
    expect(last.status).toBe(200);
    expect(toggleQuestResponseSchema.parse(last.body)).toMatchObject({
      isCompleted: true,
      completionType: 'completed',
      xpDelta: quest.xpReward,
    });
    expect(last.body.completionEventId).toEqual(expect.any(String));
    await eventually(
      async () => completionsOf(quest.id).length,
      (n) => n === 1,
    );
    const untick = await tick(stepIds[2]!, false);
    expect(untick.body).toMatchObject({ isCompleted: true, xpDelta: 0 });
    const retick = await tick(stepIds[2]!, true);
    expect(retick.body).toMatchObject({ isCompleted: true, xpDelta: 0 });
    expect((await stored()).isCompleted).toBe(true);
    expect(completionsOf(quest.id)).toHaveLength(1);
  });

  it('when the two last steps are ticked in parallel, then the quest completes exactly once', async () => {
    const { quest, tick, stored, stepIds } = await questWithSteps(true);
    await tick(stepIds[0]!, true);
    const results = await Promise.all([tick(stepIds[1]!, true), tick(stepIds[2]!, true)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const deltas = results.map((r) => r.body.xpDelta as number).sort((a, b) => a - b);
    expect(deltas).toEqual([0, quest.xpReward]);
    expect(await stored()).toMatchObject({ isCompleted: true });
    await eventually(
      async () => completionsOf(quest.id).length,
      (n) => n >= 1,
    );
    expect(completionsOf(quest.id)).toHaveLength(1);
  });

  it('when a quest completed by hand has its last step ticked, then nothing more is awarded', async () => {
    const { as, quest, tick, stepIds } = await questWithSteps(true);
    expect((await as('POST', `/api/quests/${quest.id}/complete`)).body.xpDelta).toBe(
      quest.xpReward,
    );
    for (const id of stepIds) expect((await tick(id, true)).body.xpDelta).toBe(0);
  });
});

describe('PUT /api/quests/{id}/checklist/{stepId}: refusals', () => {
  it("when the quest is unknown, malformed or another user's, then it answers 404 and nothing changes", async () => {
    const { quest, stored, stepIds } = await questWithSteps();
    const other = quests.as(randomUUID());
    for (const id of [quest.id, 'a'.repeat(24), 'not-an-id']) {
      const result = await other('PUT', `/api/quests/${id}/checklist/${stepIds[0]}`, {
        done: true,
      });
      expect(result.status).toBe(404);
      expect(result.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Quest not found' });
    }
    expect((await stored()).checklist.every((s) => !s.done)).toBe(true);
  });

  it('when the step is unknown, then it answers 404 naming the step', async () => {
    const { tick } = await questWithSteps();
    const result = await tick('no-such-step', true);
    expect(result.status).toBe(404);
    expect(result.body.error.message).toBe('Checklist step not found');
  });

  it.each([[{}], [{ done: 'yes' }], [{ done: true, extra: 1 }], [null]])(
    'when the body is %o, then it answers 400 and nothing changes',
    async (body) => {
      const { as, quest, stored, stepIds } = await questWithSteps();
      const result = await as('PUT', `/api/quests/${quest.id}/checklist/${stepIds[0]}`, body);
      expect(result.status).toBe(400);
      expect((await stored()).checklist.every((s) => !s.done)).toBe(true);
    },
  );

  it('when a quest is created with too many, empty or too long steps, then it is refused with the reason', async () => {
    const as = quests.as(randomUUID());
    for (const [checklist, message] of [
      [
        Array.from({ length: CHECKLIST_MAX_STEPS + 1 }, (_, i) => ({ text: `s${i}` })),
        'A quest has at most 30 steps',
      ],
      [[{ text: '   ' }], 'A step cannot be empty'],
      [[{ text: 'x'.repeat(201) }], 'A step is at most 200 characters'],
    ] as const) {
      const result = await as('POST', '/api/quests', newQuest({ checklist }));
      expect(result.status).toBe(400);
      expect(result.body.error.message).toBe(message);
    }
    expect((await as('GET', '/api/quests')).body).toEqual([]);
  });
});

describe('editing a checklist', () => {
  it('when steps are reordered, renamed, added and removed, then kept steps keep their ids and ticks', async () => {
    const { as, quest, tick, stepIds } = await questWithSteps();
    await tick(stepIds[0]!, true);
    const edited = await as('PATCH', `/api/quests/${quest.id}`, {
      checklist: [
        { id: stepIds[2], text: 'Mop the floor' },
        { id: stepIds[0], text: 'Dishes' },
        { text: 'Take out the bins' },
      ],
      completeWhenChecklistDone: true,
    });
    expect(edited.status).toBe(200);
    const after = questSchema.parse(edited.body);
    expect(after.checklist.map((s) => [s.id, s.text, s.done])).toEqual([
      [stepIds[2], 'Mop the floor', false],
      [stepIds[0], 'Dishes', true],
      [expect.any(String), 'Take out the bins', false],
    ]);
    expect(after.completeWhenChecklistDone).toBe(true);
    expect(stepIds).not.toContain(after.checklist[2]!.id);
  });

  it('when an edit sends the same step id twice, then it is refused and the list is unchanged', async () => {
    const { as, quest, stored, stepIds } = await questWithSteps();
    const result = await as('PATCH', `/api/quests/${quest.id}`, {
      checklist: [
        { id: stepIds[0], text: 'One' },
        { id: stepIds[0], text: 'Two' },
      ],
    });
    expect(result.status).toBe(400);
    expect((await stored()).checklist.map((s) => s.text)).toEqual(['Dishes', 'Counters', 'Floor']);
  });

  it('when ticks and an edit of the list race, then every tick of a kept step sticks', async () => {
    const { as, quest, tick, stored, stepIds } = await questWithSteps();
    const edit = as('PATCH', `/api/quests/${quest.id}`, {
      checklist: quest.checklist.map(({ id, text }) => ({ id, text: `${text}!` })),
    });
    const ticks = stepIds.map((id) => tick(id, true));
    expect((await edit).status).toBe(200);
    await Promise.all(ticks);
    const after = await stored();
    expect(after.checklist.map((s) => [s.text, s.done])).toEqual([
      ['Dishes!', true],
      ['Counters!', true],
      ['Floor!', true],
    ]);
  });
});

describe('the data export', () => {
  it("when a quest has steps, then the export holds them with the quest's choice", async () => {
    const { as, quest, tick, stepIds } = await questWithSteps(true);
    await tick(stepIds[1]!, true);
    const exported = dataExportSectionSchema.parse((await as('GET', '/api/quests/export')).body);
    expect(exported.quests![0]).toMatchObject({
      id: quest.id,
      completeWhenChecklistDone: true,
      checklist: [
        { id: stepIds[0], text: 'Dishes', done: false },
        { id: stepIds[1], text: 'Counters', done: true },
        { id: stepIds[2], text: 'Floor', done: false },
      ],
    });
  });
});
