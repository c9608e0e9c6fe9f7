import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  importBatchSchema,
  importPreviewSchema,
  urlOf,
  type ImportRequest,
  type Measure,
} from '@levelup/contracts';
import { occurrenceModel } from '../src/occurrences/models.ts';
import { seriesModel } from '../src/series/models.ts';
import { loopCsvExport, plusDays, type LoopHabitDef } from './fixtures/loop-exporter.ts';
import { LOOP_HABITS, LOOP_TODAY, loopMeasuredDays, loopSkipDays } from './fixtures/loop-habits.ts';
import { startQuests, type QuestsHarness } from './harness.ts';

// Loop's numerical habits come over as measurable routines: Loop's target, rule and unit, and every
// day with an amount entered as a day carrying that amount, judged as Level Up judges an amount.

const ROOT = join(import.meta.dirname, 'fixtures', 'import', 'loop-2026');

const csvRequest = (): ImportRequest => ({
  source: 'loop',
  fileName: 'Loop Habits CSV 2026-03-10.zip',
  files: readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { name: `Loop Habits CSV/${relative(ROOT, path)}`, text: readFileSync(path, 'utf8') };
    }),
});
/** Loop's full backup, as the browser sends it (the request schema fills in its empty file list). */
const backupRequest = () => ({
  source: 'loop',
  fileName: 'Loop Habits Backup 2026-03-10.db',
  backup: readFileSync(join(ROOT, '..', 'loop-2026.db')).toString('base64'),
});

/** Each numerical habit of the fixture with the target Level Up keeps for it. */
const MEASURES: Record<string, Measure> = {
  Run: { rule: 'at_least', target: 8, unit: 'km' },
  // Level Up's smallest target: 0 stays the only amount within it, as in Loop.
  Cigarettes: { rule: 'at_most', target: 0, unit: 'cigarettes' },
  Sugar: { rule: 'at_most', target: 2.5, unit: 'spoons' },
  // Loop's unit is empty.
  'Push-ups': { rule: 'at_least', target: 20, unit: 'units' },
  // "minutes on the phone screen", cut to 20 characters.
  'Screen time': { rule: 'at_most', target: 90, unit: 'minutes on the phone' },
};
const numerical = LOOP_HABITS.filter((h) => h.type === 'NUMERICAL');

let quests: QuestsHarness;
let now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

/** The series made from the habit (the fixture's names of numerical habits are unique). */
async function seriesOf(userId: string, habit: LoopHabitDef) {
  const doc = await seriesModel(quests.deps.db)
    .findOne({ userId, 'importSource.id': `${habit.name}#1` })
    .lean();
  expect(doc, habit.name).not.toBeNull();
  return doc!;
}

/**
 * Every numerical habit is a measurable routine with Loop's target, and its days are exactly Loop's
 * entries: each entered day with its amount and the completion that amount makes (no XP for any), each
 * skip a skipped day, and no day without an entry.
 */
async function expectMeasuredHistory(userId: string, batchId: string) {
  for (const habit of numerical) {
    const series = await seriesOf(userId, habit);
    expect([habit.name, series.measure]).toEqual([habit.name, MEASURES[habit.name]]);
    const occurrences = await occurrenceModel(quests.deps.db)
      .find({ userId, seriesId: String(series._id) })
      .sort({ scheduledFor: 1 })
      .lean();
    const measured = loopMeasuredDays(habit);
    const entered = occurrences.filter((o) => !o.skipped);
    expect([
      habit.name,
      entered.map((o) => ({
        day: o.scheduledFor,
        amount: o.amount,
        completion: o.completionType,
      })),
    ]).toEqual([habit.name, measured]);
    for (const o of entered) {
      const done = o.completionType !== 'not_completed';
      expect({
        isCompleted: o.isCompleted,
        awardedXp: o.awardedXp,
        partialXpEarned: o.partialXpEarned,
        completedLocalDate: o.completedLocalDate,
        hasCompletedAt: o.completedAt !== null,
        importBatchId: o.importBatchId,
        measure: o.measure,
      }).toEqual({
        isCompleted: done,
        awardedXp: 0,
        partialXpEarned: 0,
        completedLocalDate: done ? o.scheduledFor : null,
        hasCompletedAt: done,
        importBatchId: batchId,
        measure: MEASURES[habit.name],
      });
    }
    const first = measured[0]?.day ?? LOOP_TODAY;
    expect([habit.name, occurrences.filter((o) => o.skipped).map((o) => o.scheduledFor)]).toEqual([
      habit.name,
      loopSkipDays(habit).filter((day) => day >= first),
    ]);
  }
  // The fixture has every kind of day.
  const all = numerical.flatMap(loopMeasuredDays).map((d) => d.completion);
  expect(new Set(all)).toEqual(new Set(['completed', 'partial', 'not_completed']));
}

/** Imported history earns nothing: the profile's XP stays 0. */
async function expectNoXp(userId: string) {
  const { body } = await quests.as(userId)('GET', urlOf(API.dashboardOverview));
  expect((body as { totalXpEarned: number }).totalXpEarned).toBe(0);
}

describe("Loop's numerical habits as measurable routines", () => {
  beforeEach(() => {
    now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);
  });

  it('when the CSV export is imported, then each numerical habit has its target and every entered day its amount and completion, with no XP; importing it again, or the backup of the same data, adds nothing', async () => {
    const userId = randomUUID();
    const as = quests.as(userId);
    const run = await as('POST', urlOf(API.runImport), csvRequest());
    expect(run.status).toBe(201);
    await expectMeasuredHistory(userId, importBatchSchema.parse(run.body).id);
    await expectNoXp(userId);
    const stored = await occurrenceModel(quests.deps.db).countDocuments({ userId });

    const again = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), csvRequest())).body,
    );
    expect(again.counts).toEqual({ series: 0, lifeTasks: 0, completions: 0, quests: 0 });
    expect(again.series.filter((s) => s.measure).map((s) => s.notDoneDays)).toEqual(
      numerical.map(() => 0),
    );
    const backup = await as('POST', urlOf(API.runImport), backupRequest());
    expect(backup.status).toBe(400);
    expect(JSON.stringify(backup.body)).toContain('already here');
    expect(await occurrenceModel(quests.deps.db).countDocuments({ userId })).toBe(stored);
  });

  it('when the .db backup is imported, then each numerical habit has its target and every entered day its amount and completion, with no XP; the CSV export of the same data adds nothing after it', async () => {
    const userId = randomUUID();
    const as = quests.as(userId);
    const run = await as('POST', urlOf(API.runImport), backupRequest());
    expect(run.status).toBe(201);
    await expectMeasuredHistory(userId, importBatchSchema.parse(run.body).id);
    await expectNoXp(userId);
    const stored = await occurrenceModel(quests.deps.db).countDocuments({ userId });

    const csv = await as('POST', urlOf(API.runImport), csvRequest());
    expect(csv.status).toBe(400);
    expect(JSON.stringify(csv.body)).toContain('already here');
    expect(await occurrenceModel(quests.deps.db).countDocuments({ userId })).toBe(stored);
  });

  it('when previewed, then each numerical habit shows its target and how many days are Completed, Kinda Sorta and not done, and the unit and target changes are named', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)(
      'POST',
      urlOf(API.previewImport),
      csvRequest(),
    );
    expect(status).toBe(200);
    const preview = importPreviewSchema.parse(body);
    for (const habit of numerical) {
      const days = loopMeasuredDays(habit);
      const count = (c: string) => days.filter((d) => d.completion === c).length;
      const shown = preview.series.find((s) => s.title === habit.name);
      expect([
        habit.name,
        shown?.measure,
        shown?.completions,
        shown?.partialDays,
        shown?.notDoneDays,
      ]).toEqual([
        habit.name,
        MEASURES[habit.name],
        count('completed') + count('partial'),
        count('partial'),
        count('not_completed'),
      ]);
      expect(preview.warnings).toContain(
        `"${habit.name}" counts ${habit.unit || 'an amount'} (${habit.targetType === 'AT_MOST' ? 'at most' : 'at least'} ${habit.targetValue} a day): imported as a measurable routine with the amounts of its ${days.length} days: ${[
          `${count('completed')} Completed`,
          ...(habit.targetType === 'AT_MOST'
            ? []
            : [`${count('partial')} Kinda Sorta (some, under the target)`]),
          `${count('not_completed')} not done (${habit.targetType === 'AT_MOST' ? 'over the limit' : '0'})`,
        ].join(', ')}`,
      );
    }
    expect(preview.series.filter((s) => s.measure)).toHaveLength(numerical.length);
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        '"Push-ups" has no unit in Loop: imported as counting "units"',
        '"Screen time" counts "minutes on the phone screen": the unit is shortened to "minutes on the phone", the 20 characters Level Up keeps',
      ]),
    );
    // At most 0 is kept as it is: none at all.
    expect(preview.warnings.join('\n')).not.toContain('"Cigarettes" has a target of 0');
    expect(preview.warnings.join('\n')).not.toContain('amounts are not kept');
  });

  it('when a newer export follows an import made before amounts were kept (a series without a target), then only its new days Loop counts Completed are added, done or not, as then', async () => {
    const userId = randomUUID();
    const as = quests.as(userId);
    expect((await as('POST', urlOf(API.runImport), csvRequest())).status).toBe(201);
    const run = await seriesOf(userId, LOOP_HABITS[4]!);
    expect(run.measure).toEqual(MEASURES.Run);
    // What such an import left: no target on the series, its done days without amounts, nothing else.
    const Occurrence = occurrenceModel(quests.deps.db);
    const id = String(run._id);
    await seriesModel(quests.deps.db).updateOne({ _id: run._id }, { $set: { measure: null } });
    await Occurrence.deleteMany({ seriesId: id, completionType: { $ne: 'completed' } });
    await Occurrence.updateMany({ seriesId: id }, { $set: { measure: null, amount: null } });
    const before = await Occurrence.countDocuments({ seriesId: id });

    // Three days later Loop has 9 km (Completed), 3 km (under the target) and 0 km on the new days.
    const later = plusDays(LOOP_TODAY, 3);
    now = new Date(`${later}T15:00:00.000Z`);
    const newer = LOOP_HABITS.map((h, i) =>
      i === 4
        ? {
            ...h,
            entries: {
              ...h.entries,
              [plusDays(LOOP_TODAY, 1)]: 9000,
              [plusDays(LOOP_TODAY, 2)]: 3000,
              [plusDays(LOOP_TODAY, 3)]: 0,
            },
          }
        : h,
    );
    const request: ImportRequest = {
      source: 'loop',
      fileName: `Loop Habits CSV ${later}.zip`,
      files: Object.entries(loopCsvExport(newer, later)).map(([name, text]) => ({ name, text })),
    };
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), request)).body,
    );
    expect(preview.series.find((s) => s.title === 'Run')).toMatchObject({ completions: 1 });
    expect(preview.series.find((s) => s.title === 'Run')?.measure ?? null).toBeNull();
    expect((await as('POST', urlOf(API.runImport), request)).status).toBe(201);
    const added = await Occurrence.find({ seriesId: id, scheduledFor: { $gt: LOOP_TODAY } }).lean();
    expect(
      added.map((o) => [o.scheduledFor, o.completionType, o.amount ?? null, o.measure ?? null]),
    ).toEqual([[plusDays(LOOP_TODAY, 1), 'completed', null, null]]);
    expect(await Occurrence.countDocuments({ seriesId: id })).toBe(before + 1);
  });
});

// Loop's numerical habits with a target per week (frequency 1 in 7 days): the week, Monday to Sunday,
// adds up, each day judged on the week's total from Monday to it. Today (2026-03-10) is a Tuesday.
const weekly = {
  type: 'NUMERICAL' as const,
  description: '',
  numerator: 1,
  denominator: 7,
  color: '#5E35B1',
  archived: false,
};
const WEEK_HABITS: LoopHabitDef[] = [
  {
    ...weekly,
    name: 'Run',
    question: 'How many km did you run?',
    unit: 'km',
    targetType: 'AT_LEAST',
    targetValue: 20,
    uuid: 'b1b2c3d4e5f60718293a4b5c6d7e8f01',
    // Mon 8, Wed 7, Fri 6, Sat 0; next week Tue 25.
    entries: {
      '2026-03-02': 8000,
      '2026-03-04': 7000,
      '2026-03-06': 6000,
      '2026-03-07': 0,
      '2026-03-10': 25000,
    },
  },
  {
    ...weekly,
    name: 'Coffee',
    question: 'How many cups?',
    unit: 'cups',
    targetType: 'AT_MOST',
    targetValue: 10,
    uuid: 'b1b2c3d4e5f60718293a4b5c6d7e8f02',
    // Mon 3, Tue 4, Thu 3 (10: the limit), Sat 1 (over it), Sun 0; next week Mon 2.
    entries: {
      '2026-03-02': 3000,
      '2026-03-03': 4000,
      '2026-03-05': 3000,
      '2026-03-07': 1000,
      '2026-03-08': 0,
      '2026-03-09': 2000,
    },
  },
  {
    ...weekly,
    name: 'Pages',
    question: 'How many pages?',
    unit: 'pages',
    targetType: 'AT_LEAST',
    targetValue: 300,
    denominator: 30,
    uuid: 'b1b2c3d4e5f60718293a4b5c6d7e8f03',
    entries: { '2026-03-01': 120000, '2026-03-05': 350000 },
  },
];
const WEEK_MEASURES: Record<string, Measure> = {
  Run: { rule: 'at_least', target: 20, unit: 'km', period: 'week' },
  Coffee: { rule: 'at_most', target: 10, unit: 'cups', period: 'week' },
  // Level Up has no per-month target: each day is judged on its own, as before weeks.
  Pages: { rule: 'at_least', target: 300, unit: 'pages' },
};
const WEEK_DAYS: Record<string, Array<[string, number, string, number]>> = {
  Run: [
    ['2026-03-02', 8, 'partial', 8],
    ['2026-03-04', 7, 'partial', 15],
    ['2026-03-06', 6, 'completed', 21],
    ['2026-03-07', 0, 'not_completed', 21],
    ['2026-03-10', 25, 'completed', 25],
  ],
  Coffee: [
    ['2026-03-02', 3, 'completed', 3],
    ['2026-03-03', 4, 'completed', 7],
    ['2026-03-05', 3, 'completed', 10],
    ['2026-03-07', 1, 'not_completed', 11],
    ['2026-03-08', 0, 'not_completed', 11],
    ['2026-03-09', 2, 'completed', 2],
  ],
};

/** The export's files, inside a folder named `folder` (another folder: another file, same data). */
const weekRequest = (habits = WEEK_HABITS, today = LOOP_TODAY, folder = ''): ImportRequest => ({
  source: 'loop',
  fileName: `Loop Habits CSV ${today}.zip`,
  files: Object.entries(loopCsvExport(habits, today)).map(([name, text]) => ({
    name: `${folder}${name}`,
    text,
  })),
});

/** The imported days of a habit: day, amount, completion and week total, oldest first. */
async function importedDays(userId: string, name: string) {
  const series = await seriesOf(userId, { name } as LoopHabitDef);
  const days = await occurrenceModel(quests.deps.db)
    .find({ seriesId: String(series._id), importBatchId: { $ne: null } })
    .sort({ scheduledFor: 1 })
    .lean();
  return days.map((o) => [o.scheduledFor, o.amount, o.completionType, o.weekTotal ?? null]);
}

describe("Loop's numerical habits with a target per week", () => {
  beforeEach(() => {
    now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);
  });

  it('when imported, then each is a routine scheduled every day with its per-week target, each day judged on its week so far and keeping that total; the preview says "a week"; importing it again adds nothing', async () => {
    const userId = randomUUID();
    const as = quests.as(userId);
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), weekRequest())).body,
    );
    expect(
      preview.series.map((s) => [
        s.title,
        s.repeatRule,
        s.completions,
        s.partialDays,
        s.notDoneDays,
      ]),
    ).toEqual([
      ['Run', 'Every day', 4, 2, 1],
      ['Coffee', 'Every day', 4, 0, 2],
      ['Pages', 'Every month', 2, 1, 0],
    ]);
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        `"Run" counts km (at least 20 a week): imported as a measurable routine with the amounts of its 5 days, each judged on its week's total from Monday to it: 2 Completed, 2 Kinda Sorta (some, under the target), 1 not done (0)`,
        `"Coffee" counts cups (at most 10 a week): imported as a measurable routine with the amounts of its 6 days, each judged on its week's total from Monday to it: 4 Completed, 2 not done (over the limit)`,
        `"Pages" has a target of at least 300 pages a month in Loop: Level Up has no per-month target, so it is imported as Every month with a target of at least 300 pages a day, each day's amount judged on its own`,
      ]),
    );

    expect((await as('POST', urlOf(API.runImport), weekRequest())).status).toBe(201);
    for (const name of ['Run', 'Coffee']) {
      const series = await seriesOf(userId, { name } as LoopHabitDef);
      expect([name, series.recurrenceType, series.recurrenceInterval, series.measure]).toEqual([
        name,
        'daily',
        1,
        WEEK_MEASURES[name],
      ]);
      expect([name, await importedDays(userId, name)]).toEqual([name, WEEK_DAYS[name]]);
    }
    const pages = await seriesOf(userId, { name: 'Pages' } as LoopHabitDef);
    expect([pages.recurrenceType, pages.measure]).toEqual(['monthly', WEEK_MEASURES.Pages]);
    expect(await importedDays(userId, 'Pages')).toEqual([
      ['2026-03-01', 120, 'partial', null],
      ['2026-03-05', 350, 'completed', null],
    ]);
    await expectNoXp(userId);
    const stored = await occurrenceModel(quests.deps.db).countDocuments({ userId });

    const again = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), weekRequest())).body,
    );
    expect(again.counts).toEqual({ series: 0, lifeTasks: 0, completions: 0, quests: 0 });
    expect(again.alreadyHere.completions).toBe(10);
    expect(again.series.map((s) => s.notDoneDays)).toEqual([0, 0, 0]);
    const moved = await as(
      'POST',
      urlOf(API.runImport),
      weekRequest(WEEK_HABITS, LOOP_TODAY, 'Loop Habits CSV/'),
    );
    expect(moved.status).toBe(400);
    expect(JSON.stringify(moved.body)).toContain('already here');
    expect(await occurrenceModel(quests.deps.db).countDocuments({ userId })).toBe(stored);
  });

  it('when a newer export follows, then its new days are judged on their whole week, the days already imported counted in', async () => {
    const userId = randomUUID();
    const as = quests.as(userId);
    expect((await as('POST', urlOf(API.runImport), weekRequest())).status).toBe(201);

    // Two days later: Run has 0 km on Wednesday and 3 km on Thursday (the week 28, Thursday
    // Completed, where 3 km alone would be Kinda Sorta); Coffee 9 cups on Tuesday (the week 11, over
    // the limit, where 9 alone would be within it).
    const later = plusDays(LOOP_TODAY, 2);
    now = new Date(`${later}T15:00:00.000Z`);
    const newer = WEEK_HABITS.map((h) => ({
      ...h,
      entries: {
        ...h.entries,
        ...(h.name === 'Run' && { '2026-03-11': 0, '2026-03-12': 3000 }),
        ...(h.name === 'Coffee' && { '2026-03-10': 9000 }),
      },
    }));
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), weekRequest(newer, later))).body,
    );
    expect(preview.series.map((s) => [s.title, s.completions, s.notDoneDays])).toEqual([
      ['Run', 1, 1],
      ['Coffee', 0, 1],
      ['Pages', 0, 0],
    ]);
    expect((await as('POST', urlOf(API.runImport), weekRequest(newer, later))).status).toBe(201);
    expect((await importedDays(userId, 'Run')).slice(-3)).toEqual([
      ['2026-03-10', 25, 'completed', 25],
      ['2026-03-11', 0, 'not_completed', 25],
      ['2026-03-12', 3, 'completed', 28],
    ]);
    expect((await importedDays(userId, 'Coffee')).slice(-2)).toEqual([
      ['2026-03-09', 2, 'completed', 2],
      ['2026-03-10', 9, 'not_completed', 11],
    ]);
  });
});
