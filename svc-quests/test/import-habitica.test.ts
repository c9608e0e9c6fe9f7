import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  breakHabitListResponseSchema,
  habiticaDoneDates,
  habiticaSlipDates,
  importBatchSchema,
  importPreviewSchema,
  urlOf,
  type ImportRequest,
} from '@levelup/contracts';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { occurrenceModel } from '../src/occurrences/models.ts';
import { questsModels } from '../src/quests/models.ts';
import { seriesModel } from '../src/series/models.ts';
import {
  DRINK_CLICKS,
  JOURNAL_CHECK_OFFS,
  newYork,
  WATER_CHECK_OFFS,
  habiticaExport,
} from './fixtures/habitica-export.ts';
import { startQuests, userInZone, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
// Tuesday 2026-03-10, 11:00 in New York.
const now = new Date('2026-03-10T15:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

const request = (data: unknown): ImportRequest => ({
  source: 'habitica',
  fileName: 'habitica-user-data.json',
  export: data as never,
});

async function newYorker() {
  const userId = randomUUID();
  await userInZone(quests, userId, 'America/New_York');
  return userId;
}

async function doneDays(userId: string, title: string) {
  const series = await seriesModel(quests.deps.db).findOne({ userId, title }).lean();
  const done = await occurrenceModel(quests.deps.db)
    .find({ userId, seriesId: String(series?._id), isCompleted: true })
    .lean();
  return { series, days: done.map((o) => o.scheduledFor).sort() };
}

describe("import of Habitica's user data export", () => {
  it('when the browser sends only the done dates of each habit and daily, then the same days land as from the raw history', async () => {
    const raw = habiticaExport() as {
      tasks: Record<string, Array<Record<string, unknown>>>;
    };
    const trimmed = structuredClone(raw);
    for (const [key, marker] of [
      ['dailys', 'completed'],
      ['habits', 'scoredUp'],
    ] as const)
      for (const task of trimmed.tasks[key] ?? []) {
        task.doneAt = habiticaDoneDates(task.history as never, marker);
        delete task.history;
      }
    const fromRaw = await newYorker();
    const fromTrimmed = await newYorker();
    for (const [userId, data] of [
      [fromRaw, raw],
      [fromTrimmed, trimmed],
    ] as const)
      expect((await quests.as(userId)('POST', urlOf(API.runImport), request(data))).status).toBe(
        201,
      );
    for (const title of ['Evening journal', 'Drink water']) {
      const [a, b] = [await doneDays(fromRaw, title), await doneDays(fromTrimmed, title)];
      expect(b.days).toEqual(a.days);
      expect(b.days.length).toBeGreaterThan(0);
    }
    expect((await doneDays(fromTrimmed, 'Evening journal')).days).toEqual(
      JOURNAL_CHECK_OFFS.map(([day]) => day),
    );
  });

  it('when a daily is checked off after midnight with a day start at 4:00, then each check-off lands on the Habitica day it was for', async () => {
    const userId = await newYorker();
    const { status } = await quests.as(userId)(
      'POST',
      urlOf(API.runImport),
      request(habiticaExport()),
    );
    expect(status).toBe(201);
    const journal = await doneDays(userId, 'Evening journal');
    expect(journal.days).toEqual(JOURNAL_CHECK_OFFS.map(([day]) => day));
    expect((await doneDays(userId, 'Drink water')).days).toEqual(DRINK_CLICKS.map(([d]) => d));
    // A todo with a checklist is a quest with steps, done on the Habitica day it was completed.
    const todo = await questsModels(quests.deps.db).Quest.findOne({ userId }).lean();
    expect(todo).toMatchObject({
      title: 'Plan the trip',
      isCompleted: true,
      completedLocalDate: '2026-03-06',
      checklist: [{ text: 'Book train', done: true }],
    });
    // A daily's checklist is its routine's steps, none ticked; its notes stay as they were.
    expect(journal.series?.description).toBe('Three lines before bed');
    expect(journal.series?.checklist?.map((step) => step.text)).toEqual([
      'Gratitude',
      'Tomorrow, first thing',
    ]);
  });

  it("when the user's Level Up zone is not where Habitica counted the days, then each check-off still lands on the day Habitica showed, and the preview says which clock was used", async () => {
    // Habitica counted these days in New York (offset 300); the user now lives in Berlin, where a
    // 22:10 check-off in New York is 04:10 the next day.
    const userId = randomUUID();
    await userInZone(quests, userId, 'Europe/Berlin');
    const preview = importPreviewSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.previewImport), request(habiticaExport()))).body,
    );
    expect(preview.warnings[0]).toBe(
      'Days are counted as Habitica counted them, at UTC−05:00; your time zone here is Europe/Berlin',
    );
    await quests.as(userId)('POST', urlOf(API.runImport), request(habiticaExport()));
    expect((await doneDays(userId, 'Evening journal')).days).toEqual(
      JOURNAL_CHECK_OFFS.map(([day]) => day),
    );
    expect((await doneDays(userId, 'Drink water')).days).toEqual(DRINK_CLICKS.map(([d]) => d));
    const todo = await questsModels(quests.deps.db).Quest.findOne({ userId }).lean();
    expect(todo?.completedLocalDate).toBe('2026-03-06');
  });

  it('when a daily is never due (every 0 days) or starts in the future, then the preview says how each comes in; a habit that only counts slips comes in as a habit to break, not a routine', async () => {
    const userId = await newYorker();
    const { body } = await quests.as(userId)(
      'POST',
      urlOf(API.previewImport),
      request(habiticaExport()),
    );
    const preview = importPreviewSchema.parse(body);
    expect(preview.problems).toEqual([]);
    expect(preview.warnings).toEqual([
      '"Water plants" is never due in Habitica (every 0 days): imported paused, with its history',
      '"Spring cleaning" starts on 2026-04-04, as in Habitica',
      '"Snack" also counts slips (−): only its + clicks are imported',
      '"Cake" is a reward: rewards are not imported',
      '4 series with a description under 10 characters get "Imported from Habitica" added to it',
    ]);
    await quests.as(userId)('POST', urlOf(API.runImport), request(habiticaExport()));
    const water = await doneDays(userId, 'Water plants');
    expect(water.days).toEqual(WATER_CHECK_OFFS);
    expect(water.series).toMatchObject({
      isActive: false,
      pauses: [{ from: '2026-02-01', to: null }],
    });
    const spring = await doneDays(userId, 'Spring cleaning');
    expect(spring.series).toMatchObject({ startLocalDate: '2026-04-04', weeklyPattern: [6] });
    const { body: list } = await quests.as(userId)('GET', urlOf(API.listSeries));
    expect((list as { title: string }[]).map((s) => s.title)).not.toContain('Smoke');
    expect(preview.breakHabits).toEqual([
      {
        title: 'Smoke',
        startDate: '2026-03-02',
        slips: 1,
        alreadyHere: false,
        slipsAlreadyHere: 0,
      },
    ]);
    const smoke = breakHabitListResponseSchema.parse(
      (await quests.as(userId)('GET', urlOf(API.listBreakHabits))).body,
    );
    expect(smoke).toEqual([
      expect.objectContaining({
        title: 'Smoke',
        startDate: '2026-03-02',
        totalSlips: 1,
        lastSlipDate: '2026-03-02',
        daysWithoutSlip: 8,
      }),
    ]);
  });

  it('when a habit only counts slips, then each "−" click is a slip on its Habitica day (trimmed or raw alike), a second import adds only the new days, and Undo import removes the habit with its slips', async () => {
    const userId = await newYorker();
    const clicks = [
      { date: newYork('2026-03-03', 9), value: -1, scoredUp: 0, scoredDown: 1 },
      // Three clicks counted on one day; 01:30 on the 7th is still the 6th with day start 4.
      { date: newYork('2026-03-07', 1, 30), value: -4, scoredUp: 0, scoredDown: 3 },
      { date: newYork('2026-03-09', 20), value: -4, scoredUp: 0, scoredDown: 0 },
    ];
    const habit = (history: typeof clicks) => ({
      id: 'b0000000-0000-4000-8000-000000000001',
      text: 'Doomscroll',
      notes: 'Phone in bed',
      up: false,
      down: true,
      createdAt: '2026-02-01T12:00:00.000Z',
      history,
    });
    const file = (history: typeof clicks, trimmed = false) =>
      request({
        preferences: { dayStart: 4, timezoneOffset: 300 },
        tasks: {
          habits: [
            trimmed
              ? { ...habit(history), history: undefined, slippedAt: habiticaSlipDates(history) }
              : habit(history),
          ],
          dailys: [],
          todos: [],
          rewards: [],
        },
      });
    const me = quests.as(userId);
    const raw = importPreviewSchema.parse(
      (await me('POST', urlOf(API.previewImport), file(clicks))).body,
    );
    const trimmed = importPreviewSchema.parse(
      (await me('POST', urlOf(API.previewImport), file(clicks, true))).body,
    );
    expect(raw.breakHabits).toEqual([
      {
        title: 'Doomscroll',
        startDate: '2026-03-03',
        slips: 4,
        alreadyHere: false,
        slipsAlreadyHere: 0,
      },
    ]);
    expect(trimmed.breakHabits).toEqual(raw.breakHabits);
    expect(raw.warnings).toEqual([]);
    expect(raw.counts).toMatchObject({ series: 0, breakHabits: 1, slips: 4 });

    const first = await me('POST', urlOf(API.runImport), file(clicks.slice(0, 2)));
    expect(first.status).toBe(201);
    // The third entry has no click: nothing new, so nothing is imported twice.
    const again = await me('POST', urlOf(API.runImport), file(clicks));
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      'Everything in this file is already here from an earlier import',
    );
    const more = [
      ...clicks,
      { date: newYork('2026-03-10', 8), value: -5, scoredUp: 0, scoredDown: 2 },
    ];
    const third = await me('POST', urlOf(API.previewImport), file(more));
    expect(importPreviewSchema.parse(third.body).breakHabits).toEqual([
      {
        title: 'Doomscroll',
        startDate: '2026-03-03',
        slips: 2,
        alreadyHere: true,
        slipsAlreadyHere: 4,
      },
    ]);
    const ran = await me('POST', urlOf(API.runImport), file(more));
    expect(ran.status).toBe(201);
    const list = breakHabitListResponseSchema.parse(
      (await me('GET', urlOf(API.listBreakHabits))).body,
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: 'Doomscroll',
      description: 'Phone in bed',
      totalSlips: 6,
      lastSlipDate: '2026-03-10',
      daysWithoutSlip: 0,
      // Start and first slip 03-03, then 03-06 (3 days), then 03-10 (4 days).
      bestRun: 4,
    });
    expect(list[0]!.history.filter((d) => d.slips > 0)).toEqual([
      { date: '2026-03-03', slips: 1 },
      { date: '2026-03-06', slips: 3 },
      { date: '2026-03-10', slips: 2 },
    ]);
    // No XP and no completion: the overview has nothing of it.
    expect((await me('GET', urlOf(API.dashboardOverview))).body).toMatchObject({
      totalXpEarned: 0,
      totalQuestsCompleted: 0,
    });

    const firstId = importBatchSchema.parse(first.body).id;
    expect((await me('POST', `/api/quests/import/batches/${firstId}/undo`)).status).toBe(200);
    expect((await me('GET', urlOf(API.listBreakHabits))).body).toEqual([]);
  });

  it('when a daily starts in year 0002 or a todo has an unreadable date, then the preview names each item and the import is a 400 naming the first, with nothing created', async () => {
    const userId = await newYorker();
    const data = habiticaExport();
    (data.tasks.dailys[0] as Record<string, unknown>).startDate = '0002-01-01T00:00:00.000Z';
    (data.tasks.todos[0] as Record<string, unknown>).dateCompleted = 'sometime in May';
    const preview = await quests.as(userId)('POST', urlOf(API.previewImport), request(data));
    expect(preview.status).toBe(200);
    expect(importPreviewSchema.parse(preview.body).problems).toEqual([
      '"Evening journal" has a start date that cannot be read: "0002-01-01T00:00:00.000Z"',
      '"Plan the trip" has a completion date that cannot be read: "sometime in May"',
    ]);
    const run = await quests.as(userId)('POST', urlOf(API.runImport), request(data));
    expect(run.status).toBe(400);
    expect(JSON.stringify(run.body)).toContain(
      '\\"Evening journal\\" has a start date that cannot be read',
    );
    expect(await seriesModel(quests.deps.db).countDocuments({ userId })).toBe(0);
  });
});

describe("Habitica's tags", () => {
  it('when tasks carry tags, then routines, quests and habits to break come in with their names (long ones shortened), and what cannot keep a tag is named', async () => {
    const userId = await newYorker();
    const data = habiticaExport() as ReturnType<typeof habiticaExport> & {
      tags?: Array<{ id: string; name: string }>;
    };
    const long = `Household ${'and garden '.repeat(5)}`.trim();
    data.tags = [
      { id: 't-eve', name: 'Evening' },
      { id: 't-health', name: ' Health ' },
      { id: 't-home', name: long },
    ];
    const tagged = (list: unknown[], text: string, tags: string[]) => {
      const item = list.find((t) => (t as { text: string }).text === text) as Record<
        string,
        unknown
      >;
      item.tags = tags;
    };
    tagged(data.tasks.dailys, 'Evening journal', ['t-eve', 't-health']);
    tagged(data.tasks.habits, 'Drink water', ['t-health', 'HEALTH-gone']);
    tagged(data.tasks.habits, 'Smoke', ['t-health']);
    tagged(data.tasks.todos, 'Plan the trip', ['t-home']);
    const plain = { ...(data.tasks.todos[0] as Record<string, unknown>) };
    data.tasks.todos.push({
      ...plain,
      _id: 'todo-plain',
      id: 'todo-plain',
      text: 'Call the bank',
      checklist: [],
      tags: ['t-home'],
    } as never);

    const preview = importPreviewSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.previewImport), request(data))).body,
    );
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        '"Plan the trip": 1 tag(s) shortened to 40 characters, the most a tag holds',
        '1 todo(s) without a checklist come in as life tasks, which have no tags: their tags are left out',
        "1 tag(s) on tasks are not among the export's tags (deleted in Habitica?): left out",
      ]),
    );
    expect((await quests.as(userId)('POST', urlOf(API.runImport), request(data))).status).toBe(201);

    const series = await seriesModel(quests.deps.db).find({ userId }).lean();
    const tagsOf = (title: string) => series.find((s) => s.title === title)?.tags;
    expect(tagsOf('Evening journal')).toEqual(['Evening', 'Health']);
    expect(tagsOf('Drink water')).toEqual(['Health']);
    expect(tagsOf('Water plants')).toEqual([]);
    const quest = await questsModels(quests.deps.db).Quest.findOne({ userId }).lean();
    expect(quest?.tags).toEqual([long.slice(0, 40).trim()]);
    const habits = breakHabitListResponseSchema.parse(
      (await quests.as(userId)('GET', urlOf(API.listBreakHabits))).body,
    );
    expect(habits.map((h) => [h.title, h.tags])).toEqual([['Smoke', ['Health']]]);
  });
});

describe('fields Level Up would refuse', () => {
  it('when a todo title has 620 characters, a note 6,200, another title 2, then the file imports, each change is listed, and every item passes the edit forms', async () => {
    const userId = await newYorker();
    const data = habiticaExport();
    const todo = data.tasks.todos[0] as Record<string, unknown>;
    const longTitle = `${`Trip ${'to the sea and back '.repeat(31)}`.slice(0, 619)}!`;
    data.tasks.todos.push({
      ...todo,
      _id: 'todo-long',
      id: 'todo-long',
      text: longTitle,
      notes: 'n'.repeat(6200),
      checklist: [],
    } as never);
    data.tasks.todos.push({
      ...todo,
      _id: 'todo-short',
      id: 'todo-short',
      text: 'Go',
      checklist: [],
    } as never);
    (data.tasks.dailys[0] as Record<string, unknown>).notes = 'd'.repeat(6200);
    const preview = importPreviewSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.previewImport), request(data))).body,
    );
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        `"${longTitle.slice(0, 40)}…": title shortened from 620 to 200 characters`,
        `"${longTitle.slice(0, 40)}…": notes shortened from 6,200 to 2,000 characters, the most a life task keeps`,
        '"Go": titles need at least 3 characters, imported as "Go task"',
      ]),
    );
    const run = await quests.as(userId)('POST', urlOf(API.runImport), request(data));
    expect(run.status).toBe(201);

    const tasks = await lifeTaskModels(quests.deps.db).LifeTask.find({ userId }).lean();
    for (const t of tasks) {
      const edit = await quests.as(userId)(
        'PATCH',
        urlOf(API.updateLifeTask, { params: { id: String(t._id) } }),
        { title: t.title, notes: t.notes },
      );
      expect([t.title.slice(0, 20), edit.status]).toEqual([t.title.slice(0, 20), 200]);
    }
    const series = await seriesModel(quests.deps.db).find({ userId }).lean();
    // A series keeps its whole description (Level Up sets no limit to it).
    const journal = series.find((s) => s.title === 'Evening journal')?.description ?? '';
    expect(journal).toBe('d'.repeat(6200));
    for (const s of series) {
      const edit = await quests.as(userId)(
        'PATCH',
        urlOf(API.updateSeries, { params: { id: String(s._id) } }),
        { title: s.title, description: s.description },
      );
      expect([s.title, edit.status]).toEqual([s.title, 200]);
    }
  });
});
