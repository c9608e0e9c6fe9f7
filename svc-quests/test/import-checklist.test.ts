import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  importBatchSchema,
  importPreviewSchema,
  occurrenceListResponseSchema,
  occurrenceToggleResponseSchema,
  questListResponseSchema,
  seriesListResponseSchema,
  updateQuestRequestSchema,
  urlOf,
  type ImportRequest,
} from '@levelup/contracts';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { questsModels } from '../src/quests/models.ts';
import { listenToQuestEvents, startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
const now = new Date('2026-03-10T15:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'import-checklist-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const item = (text: string, completed = false) => ({ text, completed, id: randomUUID() });

/** A Habitica export with todos only: one with a checklist (part done), one done, one without. */
function todosExport(): ImportRequest {
  return {
    source: 'habitica',
    fileName: 'habitica-user-data.json',
    export: {
      tasks: {
        habits: [],
        dailys: [],
        rewards: [],
        todos: [
          {
            id: 'todo-kitchen',
            text: 'Clean the kitchen',
            notes: 'Before the guests come',
            priority: 1.5,
            completed: false,
            date: '2026-03-12T04:00:00.000Z',
            checklist: [item('Dishes', true), item('Counters'), item('  '), item('Floor')],
          },
          {
            id: 'todo-trip',
            text: 'Plan the trip',
            completed: true,
            dateCompleted: '2026-03-07T18:00:00.000Z',
            checklist: [item('Book train', true), item('Pack', true)],
          },
          { id: 'todo-bike', text: 'Buy a bike', completed: false },
        ],
      },
    },
  };
}

async function newYorker() {
  const userId = randomUUID();
  await userInZone(quests, userId, 'America/New_York');
  return { userId, as: quests.as(userId) };
}

const questsOf = async (as: ReturnType<QuestsHarness['as']>) =>
  questListResponseSchema.parse(
    (await as('GET', urlOf(API.listQuests, { query: { includeCleared: 'true' } }))).body,
  );

describe('Habitica todos with a checklist', () => {
  it('when a todo has a checklist, then the preview lists it as a quest with its steps, and one without stays a life task', async () => {
    const { as } = await newYorker();
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), todosExport())).body,
    );
    expect(preview.quests).toEqual([
      {
        title: 'Clean the kitchen',
        steps: 3,
        stepsDone: 1,
        completed: false,
        completedOn: null,
        alreadyHere: false,
      },
      {
        title: 'Plan the trip',
        steps: 2,
        stepsDone: 2,
        completed: true,
        completedOn: '2026-03-07',
        alreadyHere: false,
      },
    ]);
    expect(preview.lifeTasks.map((t) => t.title)).toEqual(['Buy a bike']);
    expect(preview.counts).toEqual({ series: 0, lifeTasks: 1, completions: 0, quests: 2 });
  });

  it('when it is imported, then each item is a real step (done ones ticked) that ticks like any, no XP is published, and a done todo is a completed quest off the dashboard', async () => {
    const { userId, as } = await newYorker();
    const run = await as('POST', urlOf(API.runImport), todosExport());
    expect(run.status).toBe(201);
    expect(importBatchSchema.parse(run.body).counts.quests).toBe(2);

    const dashboard = questListResponseSchema.parse((await as('GET', urlOf(API.listQuests))).body);
    expect(dashboard.map((q) => q.title)).toEqual(['Clean the kitchen']);
    const kitchen = dashboard[0]!;
    expect(kitchen).toMatchObject({
      description: 'Before the guests come',
      difficulty: 'medium',
      isCompleted: false,
      completeWhenChecklistDone: false,
    });
    expect(kitchen.checklist.map((s) => [s.text, s.done])).toEqual([
      ['Dishes', true],
      ['Counters', false],
      ['Floor', false],
    ]);
    const ticked = await as(
      'PUT',
      urlOf(API.tickChecklistStep, {
        params: { id: kitchen.id, stepId: kitchen.checklist[1]!.id },
      }),
      { done: true },
    );
    expect(ticked.body.checklist[1]).toMatchObject({ text: 'Counters', done: true });
    // It can be saved through the edit form as it came in.
    const edit = await as('PATCH', urlOf(API.updateQuest, { params: { id: kitchen.id } }), {
      title: kitchen.title,
      description: kitchen.description,
      checklist: kitchen.checklist.map(({ id, text }) => ({ id, text })),
    });
    expect(edit.status).toBe(200);
    expect(updateQuestRequestSchema.safeParse({ checklist: kitchen.checklist }).success).toBe(true);

    const trip = (await questsOf(as)).find((q) => q.title === 'Plan the trip');
    expect(trip).toMatchObject({ isCompleted: true, completionType: 'completed' });
    expect(trip?.checklist.every((s) => s.done)).toBe(true);
    const stored = await questsModels(quests.deps.db).Quest.findById(trip?.id).lean();
    expect(stored).toMatchObject({ awardedXp: 0, completedLocalDate: '2026-03-07' });
    expect(listener.events.filter((e) => e.data.userId === userId)).toEqual([]);
    expect(await lifeTaskModels(quests.deps.db).LifeTask.countDocuments({ userId })).toBe(1);
  });

  it('when the same todos are imported again, then nothing is made twice; Undo import removes the quests', async () => {
    const { as } = await newYorker();
    const first = importBatchSchema.parse(
      (await as('POST', urlOf(API.runImport), todosExport())).body,
    );
    const again = todosExport();
    again.fileName = 'later.json';
    (again as { export: { tasks: { rewards: unknown[] } } }).export.tasks.rewards.push({
      text: 'Cake',
    });
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), again)).body,
    );
    expect(preview.counts).toEqual({ series: 0, lifeTasks: 0, completions: 0, quests: 0 });
    expect(preview.alreadyHere.quests).toBe(2);
    expect((await as('POST', urlOf(API.runImport), again)).status).toBe(400);

    const undo = await as('POST', urlOf(API.undoImport, { params: { id: first.id } }));
    expect(undo.status).toBe(200);
    expect(await questsOf(as)).toEqual([]);
  });

  it('when a todo has more than 30 items or one over 200 characters, then 30 become steps, the rest stay in the description, and the preview says so', async () => {
    const { as } = await newYorker();
    const request = todosExport();
    const todo = (request as { export: { tasks: { todos: Array<Record<string, unknown>> } } })
      .export.tasks.todos[0]!;
    todo.checklist = [
      item('x'.repeat(250)),
      ...Array.from({ length: 31 }, (_, i) => item(`Item ${i + 2}`, i === 30)),
    ];
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), request)).body,
    );
    expect(preview.warnings).toEqual([
      '"Clean the kitchen": 1 checklist item(s) shortened to 200 characters, the most a step holds',
      '"Clean the kitchen": 32 checklist items, the first 30 imported as steps and the other 2 kept in the description',
    ]);
    expect((await as('POST', urlOf(API.runImport), request)).status).toBe(201);
    const kitchen = (await questsOf(as)).find((q) => q.title === 'Clean the kitchen')!;
    expect(kitchen.checklist).toHaveLength(30);
    expect(kitchen.checklist[0]!.text).toHaveLength(200);
    expect(kitchen.description).toBe('Before the guests come\n\nMore steps:\n☐ Item 31\n☑ Item 32');
  });
});

/** A Habitica export with one daily whose checklist is partly ticked today, done yesterday. */
function dailyExport(checklist: ReturnType<typeof item>[]): ImportRequest {
  return {
    source: 'habitica',
    fileName: 'habitica-dailies.json',
    export: {
      tasks: {
        habits: [],
        todos: [],
        rewards: [],
        dailys: [
          {
            id: 'daily-stretch',
            text: 'Morning stretch',
            notes: 'Ten minutes on the mat',
            frequency: 'daily',
            everyX: 1,
            startDate: '2026-03-01T05:00:00.000Z',
            checklist,
            // Done yesterday at 18:00 in New York.
            history: [{ date: '2026-03-09T22:00:00.000Z', value: 1, completed: true }],
          },
        ],
      },
    },
  };
}

describe('a Habitica daily with a checklist', () => {
  it("when it is imported, then its items are the routine's steps, today's day has them unticked (Habitica's ticks are not taken), the imported day has none, and a tick works", async () => {
    const { userId, as } = await newYorker();
    const run = await as(
      'POST',
      urlOf(API.runImport),
      dailyExport([item('Neck', true), item('  '), item('Shoulders'), item('Back', true)]),
    );
    expect(run.status).toBe(201);
    const [routine] = seriesListResponseSchema.parse((await as('GET', urlOf(API.listSeries))).body);
    expect(routine).toMatchObject({
      title: 'Morning stretch',
      description: 'Ten minutes on the mat',
      completeWhenChecklistDone: false,
    });
    expect(routine?.checklist.map((s) => s.text)).toEqual(['Neck', 'Shoulders', 'Back']);
    const days = occurrenceListResponseSchema.parse(
      (
        await as(
          'GET',
          urlOf(API.listOccurrences, { query: { startDate: '2026-03-09', endDate: '2026-03-10' } }),
        )
      ).body,
    );
    expect(days.map((d) => [d.scheduledFor, d.isCompleted, d.checklist.length])).toEqual([
      ['2026-03-09', true, 0],
      ['2026-03-10', false, 3],
    ]);
    const today = days[1]!;
    expect(today.checklist).toEqual(routine!.checklist.map((s) => ({ ...s, done: false })));
    const ticked = await as(
      'PUT',
      urlOf(API.tickOccurrenceChecklistStep, {
        params: { id: today.id, stepId: today.checklist[0]!.id },
      }),
      { done: true },
    );
    expect(occurrenceToggleResponseSchema.parse(ticked.body).checklist[0]).toMatchObject({
      text: 'Neck',
      done: true,
    });
    expect(
      listener.events.filter((e) => e.type === 'quests.completed' && e.data.userId === userId),
    ).toEqual([]);
  });

  it('when a daily has more than 30 items or one over 200 characters, then 30 become its steps, the rest stay in its notes, and the preview says so', async () => {
    const { as } = await newYorker();
    const request = dailyExport([
      item('x'.repeat(250)),
      ...Array.from({ length: 31 }, (_, i) => item(`Item ${i + 2}`, i === 30)),
    ]);
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), request)).body,
    );
    expect(preview.series[0]?.steps).toBe(30);
    expect(preview.warnings).toEqual([
      '"Morning stretch": 1 checklist item(s) shortened to 200 characters, the most a step holds',
      '"Morning stretch": 32 checklist items, the first 30 imported as steps and the other 2 kept in the description',
    ]);
    expect((await as('POST', urlOf(API.runImport), request)).status).toBe(201);
    const [routine] = seriesListResponseSchema.parse((await as('GET', urlOf(API.listSeries))).body);
    expect(routine?.checklist).toHaveLength(30);
    expect(routine?.checklist[0]!.text).toHaveLength(200);
    expect(routine?.description).toBe(
      'Ten minutes on the mat\n\nMore steps:\n☐ Item 31\n☐ Item 32',
    );
    // The routine can be saved through the edit form as it came in.
    const edit = await as('PATCH', urlOf(API.updateSeries, { params: { id: routine!.id } }), {
      title: routine!.title,
      description: routine!.description,
      checklist: routine!.checklist,
    });
    expect(edit.status).toBe(200);
  });
});
