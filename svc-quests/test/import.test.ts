import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  importBatchListSchema,
  importBatchSchema,
  importPreviewSchema,
  occurrenceListResponseSchema,
  urlOf,
  type EventEnvelope,
  type ImportRequest,
} from '@levelup/contracts';
import { createOutboxRelay } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { breakHabitModels } from '../src/break-habits/models.ts';
import { importService } from '../src/import/import.service.ts';
import { importBatchModel } from '../src/import/models.ts';
import { importRepository, type ImportRepository } from '../src/import/repository.ts';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { occurrenceModel } from '../src/occurrences/models.ts';
import { questsModels } from '../src/quests/models.ts';
import { seriesModel } from '../src/series/models.ts';
import { seriesEventData } from '../src/series/series.service.ts';
import { userZones } from '../src/users/user-zones.ts';
import { listenToQuestEvents, startQuests, userInZone, type QuestsHarness } from './harness.ts';
import { questsQuotas } from '../src/shared/storage-quotas.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'import');

/** The files of an unpacked Loop export, by their paths inside the zip. */
export function loopFiles(folder: string): { name: string; text: string }[] {
  const root = join(FIXTURES, folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { name: relative(root, path), text: readFileSync(path, 'utf8') };
    });
}

const habiticaExport = () =>
  JSON.parse(readFileSync(join(FIXTURES, 'habitica-user-data.json'), 'utf8')) as {
    tasks: Record<string, unknown[]>;
  };

const loopRequest = (folder = 'loop'): ImportRequest => ({
  source: 'loop',
  fileName: 'Loop Habits CSV 2026-03-10.zip',
  files: loopFiles(folder),
});
const habiticaRequest = (): ImportRequest => ({
  source: 'habitica',
  fileName: 'habitica-user-data.json',
  export: habiticaExport() as never,
});

let quests: QuestsHarness;
// A fixed "now": Tuesday 2026-03-10, 15:00 UTC (10:00 or 11:00 in New York).
let now = new Date('2026-03-10T15:00:00.000Z');
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, `import-test-${randomUUID()}`);
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const XP_EVENTS = [
  'quests.completed',
  'quests.partial',
  'quests.revoked',
  'quests.life_task_completed',
];
const eventsOf = (userId: string) =>
  listener.events.filter((e: EventEnvelope) => (e.data as { userId?: string }).userId === userId);

async function overview(userId: string) {
  const { body } = await quests.as(userId)('GET', urlOf(API.dashboardOverview));
  return body as Record<string, number>;
}
async function calendar(userId: string, month: string) {
  const { body } = await quests.as(userId)(
    'GET',
    urlOf(API.dashboardCalendar, { query: { month } }),
  );
  return body as Record<
    string,
    { questsCompleted: number; lifeTasksCompleted: number; totalXp: number }
  >;
}
async function seriesTitles(userId: string) {
  const { body } = await quests.as(userId)('GET', urlOf(API.listSeries));
  return (body as { title: string }[]).map((s) => s.title).sort();
}

/** Nothing of an import left: no series, no completions, no life tasks. */
async function expectNothingImported(userId: string) {
  expect(await seriesTitles(userId)).toEqual([]);
  const figures = await overview(userId);
  expect(figures).toMatchObject({ totalQuestsCompleted: 0, currentStreak: 0, longestStreak: 0 });
  expect(await occurrenceModel(quests.deps.db).countDocuments({ userId })).toBe(0);
  expect(await lifeTaskModels(quests.deps.db).LifeTask.countDocuments({ userId })).toBe(0);
  expect(await questsModels(quests.deps.db).Quest.countDocuments({ userId })).toBe(0);
}

describe('import from Loop Habit Tracker', () => {
  it('when the CSV export is previewed, then each habit shows its repeat rule, completions and streak, an archived one without history left out, and nothing is created', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)(
      'POST',
      urlOf(API.previewImport),
      loopRequest(),
    );
    expect(status).toBe(200);
    const preview = importPreviewSchema.parse(body);
    expect(preview.counts).toEqual({ series: 3, lifeTasks: 0, completions: 13, quests: 0 });
    expect(
      preview.series.map((s) => [
        s.title,
        s.repeatRule,
        s.completions,
        s.currentStreak,
        s.startDate,
      ]),
    ).toEqual([
      ['Meditate', 'Every day', 7, 6, '2026-03-01'],
      ['Wake up early', 'Every week on Mon, Thu', 4, 1, '2026-02-26'],
      ['Run', 'Every day', 2, 1, '2026-03-08'],
    ]);
    expect(preview.warnings).toEqual([
      '"Wake up early" is 2 times in 7 days in Loop: imported as Every week on Mon, Thu',
      '"Run" counts km (at least 5 a day): imported as a measurable routine with the amounts of its 3 days: 1 Completed, 1 Kinda Sorta (some, under the target), 1 not done (0)',
      '"Journal" is archived in Loop and has no history: not imported',
    ]);
    // Loop's SKIP days are rest days: Meditate's streak runs over the 6th.
    expect(preview.series.map((s) => s.skippedDays)).toEqual([2, 0, 0]);
    await expectNothingImported(userId);
  });

  it('when it is imported, then the streak and calendar count the history as previewed, no XP is earned and no XP event is published', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), loopRequest());
    expect(status).toBe(201);
    const batch = importBatchSchema.parse(body);
    expect(batch).toMatchObject({ source: 'loop', status: 'done', undoneAt: null });
    expect(batch.counts).toEqual({ series: 3, lifeTasks: 0, completions: 13, quests: 0 });

    expect(await seriesTitles(userId)).toEqual(['Meditate', 'Run', 'Wake up early']);
    expect(await overview(userId)).toMatchObject({
      totalXpEarned: 0,
      totalQuestsCompleted: 13,
      currentStreak: 6,
      longestStreak: 6,
    });
    const march = await calendar(userId, '2026-03');
    expect(
      Object.fromEntries(Object.entries(march).map(([day, d]) => [day, d.questsCompleted])),
    ).toEqual({
      '2026-03-01': 1,
      '2026-03-02': 1,
      '2026-03-04': 1,
      '2026-03-05': 2,
      '2026-03-07': 1,
      '2026-03-08': 2,
      '2026-03-09': 2,
      '2026-03-10': 2,
    });
    expect(Object.values(march).every((d) => d.totalXp === 0)).toBe(true);
    expect((await calendar(userId, '2026-02'))['2026-02-26']?.questsCompleted).toBe(1);
    // Each imported completion says so, with the 0 XP it earned (the dashboard shows them as such).
    const { body: listed } = await quests.as(userId)(
      'GET',
      urlOf(API.listOccurrences, { query: { startDate: '2026-03-01', endDate: '2026-03-10' } }),
    );
    const done = occurrenceListResponseSchema.parse(listed).filter((o) => o.isCompleted);
    expect(done).toHaveLength(12);
    expect(done.every((o) => o.imported === true && o.awardedXp === 0)).toBe(true);

    // Only the series' own events go out: svc-goals learns of the series, svc-identity of no XP.
    await eventually(
      () => Promise.resolve(eventsOf(userId).length),
      (n) => n >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const types = eventsOf(userId).map((e) => e.type);
    expect(types.filter((t) => XP_EVENTS.includes(t))).toEqual([]);
    expect(types.filter((t) => t.startsWith('quests.series_'))).toEqual(
      Array(3).fill('quests.series_created'),
    );
  });

  it('when an older export (NumRepetitions, Interval; per-habit files of 2, 1, 0, -1) is imported, then only the explicit checks count, on the weekdays done most', async () => {
    const userId = randomUUID();
    const { body } = await quests.as(userId)(
      'POST',
      urlOf(API.previewImport),
      loopRequest('loop-legacy'),
    );
    const preview = importPreviewSchema.parse(body);
    expect(preview.series).toHaveLength(1);
    expect(preview.series[0]).toMatchObject({
      title: 'Floss',
      repeatRule: 'Every week on Tue, Thu, Sat',
      completions: 4,
      startDate: '2026-03-03',
    });
  });
});

describe('import from Habitica', () => {
  it('when the user data export is imported, then dailies keep their repeat days, habits become everyday series, todos life tasks, all in the user zone', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const preview = importPreviewSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.previewImport), habiticaRequest())).body,
    );
    expect(preview.series.map((s) => [s.title, s.kind, s.repeatRule, s.completions])).toEqual([
      ['Morning stretch', 'daily', 'Every week on Mon, Tue, Wed, Thu, Fri', 4],
      ['Water plants', 'daily', 'Every 3 days', 2],
      ['Pay rent', 'daily', 'Every month', 0],
      ['Never due', 'daily', 'Paused', 0],
      ['Read a chapter', 'habit', 'Every day', 3],
    ]);
    expect(preview.lifeTasks).toEqual([
      { title: 'File taxes', completed: true, completedOn: '2026-03-08', alreadyHere: false },
    ]);
    // A todo with a checklist is a quest with steps.
    expect(preview.quests).toEqual([
      {
        title: 'Buy a bike',
        steps: 1,
        stepsDone: 0,
        completed: false,
        completedOn: null,
        alreadyHere: false,
      },
    ]);
    // A habit that only counts "−" is a habit to break, its click a slip (16:00 on the 8th in New York).
    expect(preview.breakHabits).toEqual([
      {
        title: 'Smoke',
        startDate: '2026-03-08',
        slips: 1,
        alreadyHere: false,
        slipsAlreadyHere: 0,
      },
    ]);
    expect(preview.counts).toEqual({
      series: 5,
      lifeTasks: 1,
      completions: 9,
      quests: 1,
      breakHabits: 1,
      slips: 1,
    });
    expect(preview.warnings).toEqual([
      '"Never due" is never due in Habitica (on no weekday): imported paused, with its history',
      '"Cake" is a reward: rewards are not imported',
      '4 series with a description under 10 characters get "Imported from Habitica" added to it',
    ]);

    const { status, body } = await quests.as(userId)(
      'POST',
      urlOf(API.runImport),
      habiticaRequest(),
    );
    expect(status).toBe(201);
    expect(importBatchSchema.parse(body).counts).toEqual(preview.counts);
    const march = await calendar(userId, '2026-03');
    // 22:00 on the 5th in New York (03:00 UTC on the 6th) is the 5th.
    expect(march['2026-03-05']?.questsCompleted).toBe(1);
    expect(march['2026-03-06']?.questsCompleted).toBe(1);
    expect(march['2026-03-09']?.questsCompleted).toBe(2);
    expect(march['2026-03-08']).toMatchObject({ questsCompleted: 1, lifeTasksCompleted: 1 });
    expect(await overview(userId)).toMatchObject({
      totalXpEarned: 0,
      totalQuestsCompleted: 9,
      currentStreak: 6,
    });
    const stretch = await seriesModel(quests.deps.db).findOne({ userId, title: 'Morning stretch' });
    expect(stretch).toMatchObject({
      recurrenceType: 'weekly',
      weeklyPattern: [1, 2, 3, 4, 5],
      difficulty: 'medium',
      startLocalDate: '2026-01-05',
    });
    const { body: tasks } = await quests.as(userId)(
      'GET',
      urlOf(API.listLifeTasks, { query: { includeCompleted: true } }),
    );
    expect(
      (tasks as { title: string; isCompleted: boolean }[]).map((t) => [t.title, t.isCompleted]),
    ).toEqual(expect.arrayContaining([['File taxes', true]]));
    const { body: bike } = await quests.as(userId)('GET', urlOf(API.listQuests));
    expect(bike).toMatchObject([
      { title: 'Buy a bike', checklist: [{ text: 'Compare prices', done: false }] },
    ]);
    expect(eventsOf(userId).filter((e) => XP_EVENTS.includes(e.type))).toEqual([]);
  });

  it('when it is imported, then each series has one series_created event carrying the series as stored', async () => {
    const userId = randomUUID();
    const { status } = await quests.as(userId)('POST', urlOf(API.runImport), habiticaRequest());
    expect(status).toBe(201);
    const stored = await seriesModel(quests.deps.db).find({ userId }).lean();
    expect(stored).toHaveLength(5);
    const created = () => eventsOf(userId).filter((e) => e.type === 'quests.series_created');
    await eventually(
      () => Promise.resolve(created().length),
      (n) => n >= 5,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bySeries = (a: { seriesId: string }, b: { seriesId: string }) =>
      a.seriesId < b.seriesId ? -1 : 1;
    expect(
      created()
        .map((e) => e.data as { seriesId: string })
        .sort(bySeries),
    ).toEqual(stored.map(seriesEventData).sort(bySeries));
  });
});

describe('Undo import', () => {
  it('when an import is undone, then everything it created is gone, the list shows it undone, and a second Undo is refused', async () => {
    const userId = randomUUID();
    const loop = importBatchSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.runImport), loopRequest())).body,
    );
    now = new Date(now.getTime() + 60_000);
    const habitica = importBatchSchema.parse(
      (await quests.as(userId)('POST', urlOf(API.runImport), habiticaRequest())).body,
    );
    const undo = (id: string) =>
      quests.as(userId)('POST', urlOf(API.undoImport, { params: { id } }));

    const { status, body } = await undo(habitica.id);
    expect(status).toBe(200);
    expect(importBatchSchema.parse(body)).toMatchObject({ status: 'undone' });
    expect(await seriesTitles(userId)).toEqual(['Meditate', 'Run', 'Wake up early']);
    expect(await lifeTaskModels(quests.deps.db).LifeTask.countDocuments({ userId })).toBe(0);
    expect(await overview(userId)).toMatchObject({ totalQuestsCompleted: 13, currentStreak: 6 });

    expect((await undo(loop.id)).status).toBe(200);
    await expectNothingImported(userId);
    expect(await overview(userId)).toMatchObject({ totalQuestsCreated: 0 });
    expect(await calendar(userId, '2026-03')).toEqual({});
    expect((await undo(loop.id)).status).toBe(409);

    const list = importBatchListSchema.parse(
      (await quests.as(userId)('GET', urlOf(API.listImports))).body,
    );
    expect(list.batches.map((b) => [b.source, b.status])).toEqual([
      ['habitica', 'undone'],
      ['loop', 'undone'],
    ]);
    await eventually(
      () => Promise.resolve(eventsOf(userId).filter((e) => e.type === 'quests.series_deleted')),
      (deleted) => deleted.length === 8,
    );
  });

  it("when another user's import is undone, then it is a 404 and nothing changes", async () => {
    const owner = randomUUID();
    const batch = importBatchSchema.parse(
      (await quests.as(owner)('POST', urlOf(API.runImport), loopRequest())).body,
    );
    const other = await quests.as(randomUUID())(
      'POST',
      urlOf(API.undoImport, { params: { id: batch.id } }),
    );
    expect(other.status).toBe(404);
    expect(await seriesTitles(owner)).toHaveLength(3);
  });
});

describe('bad files', () => {
  const bad: [string, unknown, number, string][] = [
    [
      'a Loop export without Habits.csv',
      { source: 'loop', fileName: 'x.zip', files: [{ name: 'Checkmarks.csv', text: 'Date,A\n' }] },
      400,
      'This is not a Loop Habit Tracker export: Habits.csv is missing',
    ],
    [
      'a Habits.csv without frequency columns',
      {
        source: 'loop',
        fileName: 'x.csv',
        files: [{ name: 'Habits.csv', text: 'Name,Colour\nRun,red\n' }],
      },
      400,
      'Habits.csv is not a Loop Habit Tracker export: it has no Name and frequency columns',
    ],
    [
      'a Checkmarks.csv with a row that has no date',
      {
        source: 'loop',
        fileName: 'x.zip',
        files: [
          ...loopFiles('loop').filter((f) => f.name === 'Habits.csv'),
          {
            name: 'Checkmarks.csv',
            text: 'Date,Meditate,\n2026-03-10,YES_MANUAL,\nyesterday,NO,\n',
          },
        ],
      },
      400,
      'Checkmarks.csv has a row without a date: "yesterday"',
    ],
    [
      'a Habitica file whose dailies are not a list',
      {
        source: 'habitica',
        fileName: 'x.json',
        export: { tasks: { dailys: { text: 'Stretch' } } },
      },
      400,
      '',
    ],
    [
      'a JSON file that is not a Habitica export',
      { source: 'habitica', fileName: 'x.json', export: { todos: [] } },
      400,
      '',
    ],
    [
      'an export with nothing to import',
      { source: 'habitica', fileName: 'x.json', export: { tasks: {} } },
      400,
      'The file has nothing to import',
    ],
  ];
  it.each(bad)(
    'when %s is imported, then it is refused and nothing is created',
    async (_, request, code, message) => {
      const userId = randomUUID();
      const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), request);
      expect(status).toBe(code);
      if (message) expect((body as { error: { message: string } }).error.message).toBe(message);
      await expectNothingImported(userId);
      const list = await quests.as(userId)('GET', urlOf(API.listImports));
      expect(list.body).toEqual({ batches: [] });
    },
  );

  it('when a Loop export of years with notes is over 1 MB, then it imports whole (an import takes up to 8 MB)', async () => {
    const userId = randomUUID();
    const habits = Array.from(
      { length: 10 },
      (_, i) => `00${i},Habit ${i},YES_NO,,,1,1,#FF8F00,,,,false`,
    );
    const days = Array.from({ length: 1095 }, (_, d) =>
      new Date(Date.UTC(2023, 2, 10) + d * 86_400_000).toISOString().slice(0, 10),
    );
    const files = [
      {
        name: 'Habits.csv',
        text: `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n${habits.join('\n')}\n`,
      },
      ...habits.map((_, i) => ({
        name: `00${i} Habit ${i}/Checkmarks.csv`,
        text: `Date,Value,Notes\n${days.map((day, d) => `${day},${d % 2 ? 'YES_MANUAL' : 'NO'},"${'a note on the day '.repeat(6)}"`).join('\n')}\n`,
      })),
    ];
    const request = { source: 'loop', fileName: 'Loop Habits CSV 2026-03-10.zip', files };
    expect(JSON.stringify(request).length).toBeGreaterThan(1024 * 1024);
    const { status } = await quests.as(userId)('POST', urlOf(API.runImport), request);
    expect(status).toBe(201);
    const created = await seriesModel(quests.deps.db).countDocuments({ userId });
    expect(created).toBe(10);
  });

  it('when the request is larger than the body limit, then it is a 413 and nothing is created', async () => {
    const userId = randomUUID();
    const huge = 'Date,Value\n' + '2026-03-10,YES_MANUAL\n'.repeat(400_000);
    const { status } = await quests.as(userId)('POST', urlOf(API.runImport), {
      source: 'loop',
      fileName: 'huge.zip',
      files: [{ name: '001 A/Checkmarks.csv', text: huge }],
    });
    expect(status).toBe(413);
    await expectNothingImported(userId);
  });

  it('the import paths are the contract operations', () => {
    expect(apiPath(API.undoImport.path, { id: 'b1' })).toBe('/api/quests/import/batches/b1/undo');
  });
});

describe('an import that fails midway', () => {
  function servicesOver(repository: ImportRepository, clock: () => Date) {
    return importService({
      imports: repository,
      zones: userZones(questsModels(quests.deps.db)),
      seriesRelay: createOutboxRelay({ model: seriesModel(quests.deps.db), bus: quests.deps.bus }),
      clock,
      quotas: questsQuotas(quests.deps.db),
    });
  }
  const realRepository = () =>
    importRepository({
      Batch: importBatchModel(quests.deps.db),
      Series: seriesModel(quests.deps.db),
      Occurrence: occurrenceModel(quests.deps.db),
      Quest: questsModels(quests.deps.db).Quest,
      lifeTasks: lifeTaskModels(quests.deps.db),
      breakHabits: breakHabitModels(quests.deps.db),
    });

  it('when writing fails after the series and completions are in, then all of it is removed and no batch is listed', async () => {
    const userId = randomUUID();
    const repository = realRepository();
    const failing: ImportRepository = {
      ...repository,
      insertLifeTasks: async () => {
        throw new Error('storage went away');
      },
    };
    await expect(servicesOver(failing, () => now).run(userId, habiticaRequest())).rejects.toThrow(
      'storage went away',
    );
    await expectNothingImported(userId);
    expect(await importBatchModel(quests.deps.db).countDocuments({ userId })).toBe(0);
  });

  it("when writing fails after a todo's quest is in, then the quest is removed with the rest", async () => {
    const userId = randomUUID();
    const repository = realRepository();
    const failing: ImportRepository = {
      ...repository,
      finish: async () => {
        throw new Error('storage went away');
      },
    };
    await expect(servicesOver(failing, () => now).run(userId, habiticaRequest())).rejects.toThrow(
      'storage went away',
    );
    await expectNothingImported(userId);
  });

  it('when the process died midway, then the half-written batch is never listed and is removed on the next import call', async () => {
    const userId = randomUUID();
    const repository = realRepository();
    const dying: ImportRepository = {
      ...repository,
      finish: () => new Promise(() => {}), // the process stops here: nothing after runs
    };
    void servicesOver(dying, () => now).run(userId, loopRequest());
    await eventually(
      () => occurrenceModel(quests.deps.db).countDocuments({ userId }),
      (n) => n === 15,
    );
    const later = new Date(now.getTime() + 11 * 60 * 1000);
    const list = await servicesOver(repository, () => later).list(userId);
    expect(list.batches).toEqual([]);
    await expectNothingImported(userId);
  });
});
