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
