import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, importPreviewSchema, urlOf, type ImportRequest } from '@levelup/contracts';
import { importBatchModel } from '../src/import/models.ts';
import { occurrenceModel } from '../src/occurrences/models.ts';
import { seriesModel } from '../src/series/models.ts';
import {
  LOOP_HABITS,
  LOOP_TODAY,
  importedDoneDays,
  importedFirstDay,
  loopSkipDays,
} from './fixtures/loop-habits.ts';
import { startQuests, type QuestsHarness } from './harness.ts';

const ROOT = join(import.meta.dirname, 'fixtures', 'import', 'loop-2026');

/** The files of the Loop export written by Loop's exporter code, by their paths inside the zip. */
function exportFiles(keep: (name: string) => boolean = () => true) {
  return readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { name: `Loop Habits CSV/${relative(ROOT, path)}`, text: readFileSync(path, 'utf8') };
    })
    .filter((f) => keep(f.name));
}
const request = (files = exportFiles()): ImportRequest => ({
  source: 'loop',
  fileName: 'Loop Habits CSV 2026-03-10.zip',
  files,
});

let quests: QuestsHarness;
// Tuesday 2026-03-10, 15:00 UTC: the export's today.
const now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

/** Each imported series' done and skipped days, in the order of the export's habits. */
async function importedHistory(userId: string, batchId: string) {
  const batch = await importBatchModel(quests.deps.db).findById(batchId).lean();
  const occurrences = await occurrenceModel(quests.deps.db).find({ userId }).lean();
  const series = await seriesModel(quests.deps.db).find({ userId }).lean();
  return (batch?.seriesIds ?? []).map((id) => {
    const mine = occurrences.filter((o) => o.seriesId === id);
    const days = (pick: (o: (typeof mine)[number]) => boolean) =>
      mine
        .filter(pick)
        .map((o) => o.scheduledFor)
        .sort();
    const doc = series.find((s) => String(s._id) === id);
    return {
      title: doc?.title,
      endLocalDate: doc?.endLocalDate ?? null,
      done: days((o) => o.isCompleted === true),
      skipped: days((o) => o.skipped === true),
    };
  });
}

/**
 * What each habit brings, from the entries the user made: a yes/no habit's days Loop counts as done, a
 * numerical habit's days its amount makes Completed or Kinda Sorta, and the skips from its first day.
 */
const expected = () =>
  LOOP_HABITS.map((habit) => {
    const done = importedDoneDays(habit);
    const first = importedFirstDay(habit) ?? LOOP_TODAY;
    return { done, skipped: loopSkipDays(habit).filter((day) => day >= first) };
  });

describe("import of Loop's CSV export as Loop's exporter writes it", () => {
  it('when imported, then every habit, duplicate names and "Read, write" included, has exactly the days Loop counts as done (a numerical one, those its amount makes done), day by day', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), request());
    expect(status).toBe(201);
    const history = await importedHistory(userId, (body as { id: string }).id);
    expect(history.map((h) => h.title)).toEqual(LOOP_HABITS.map((h) => h.name));
    const want = expected();
    history.forEach((h, i) => {
      expect({
        habit: LOOP_HABITS[i]!.name,
        ...h,
        title: undefined,
        endLocalDate: undefined,
      }).toEqual({
        habit: LOOP_HABITS[i]!.name,
        ...want[i],
        title: undefined,
        endLocalDate: undefined,
      });
    });
    // The two "Vegan" habits keep their own days, the at-most-0 habit only its days without any.
    expect(history[0]!.done).not.toEqual(history[1]!.done);
    expect(history[5]!.done.length).toBe(
      Object.values(LOOP_HABITS[5]!.entries).filter((v) => v === 0).length,
    );
  });

  it('when only the all-habits Checkmarks.csv is sent, then its columns are matched by position and give the same days', async () => {
    const userId = randomUUID();
    const files = exportFiles((name) => name.split('/').length === 2);
    expect(files.map((f) => f.name).sort()).toEqual([
      'Loop Habits CSV/Checkmarks.csv',
      'Loop Habits CSV/Habits.csv',
    ]);
    const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), request(files));
    expect(status).toBe(201);
    const history = await importedHistory(userId, (body as { id: string }).id);
    const want = expected();
    history.forEach((h, i) => {
      expect([LOOP_HABITS[i]!.name, h.done, h.skipped]).toEqual([
        LOOP_HABITS[i]!.name,
        want[i]!.done,
        want[i]!.skipped,
      ]);
    });
  });

  it('when previewed, then the numerical, 3-a-week and archived habits say what cannot be carried over, and the archived one ends on its last entry', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)('POST', urlOf(API.previewImport), request());
    expect(status).toBe(200);
    const preview = importPreviewSchema.parse(body);
    const want = expected();
    expect(preview.series.map((s) => s.completions)).toEqual(want.map((w) => w.done.length));
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^"Run" counts km \(at least 8 a day\): imported as a measurable routine with the amounts of its \d+ days: \d+ Completed, \d+ Kinda Sorta/,
        ),
        expect.stringMatching(
          /^"Cigarettes" counts cigarettes \(at most 0 a day\): imported as a measurable routine/,
        ),
        expect.stringMatching(/^"Floss" is 3 times in 7 days in Loop: imported as Every week on /),
        expect.stringMatching(
          /^"Journal" is archived in Loop: imported with its history, ended on 2026-01-\d\d$/,
        ),
      ]),
    );
    const run = await quests.as(userId)('POST', urlOf(API.runImport), request());
    const history = await importedHistory(userId, (run.body as { id: string }).id);
    const journal = Object.keys(LOOP_HABITS[7]!.entries).sort().at(-1);
    expect(history[7]!.endLocalDate).toBe(journal);
    expect(history.filter((h) => h.endLocalDate !== null)).toHaveLength(1);
  });
});

describe('statistics after an import', () => {
  it('when 100 days of history are imported, then "quests created" counts the imported completions and what is scheduled from the import day on, not every past day, and no XP is earned', async () => {
    const userId = randomUUID();
    expect((await quests.as(userId)('POST', urlOf(API.runImport), request())).status).toBe(201);
    const { body } = await quests.as(userId)('GET', urlOf(API.dashboardOverview));
    const figures = body as Record<string, number>;
    const completed = expected().reduce((sum, h) => sum + h.done.length, 0);
    expect(figures.totalQuestsCompleted).toBe(completed);
    expect(figures.totalXpEarned).toBe(0);
    // At most one occurrence per series is scheduled on the import day itself.
    expect(figures.totalQuestsCreated).toBeGreaterThanOrEqual(completed);
    expect(figures.totalQuestsCreated).toBeLessThanOrEqual(completed + LOOP_HABITS.length);
  });
});

describe("import of Loop's full backup (.db)", () => {
  const backup = () => readFileSync(join(ROOT, '..', 'loop-2026.db')).toString('base64');

  it('when the backup is imported, then every habit has exactly the days Loop counts as done, and the CSV export of the same data adds nothing after it', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), {
      source: 'loop',
      fileName: 'Loop Habits Backup 2026-03-10.db',
      backup: backup(),
    });
    expect(status).toBe(201);
    const history = await importedHistory(userId, (body as { id: string }).id);
    const want = expected();
    expect(history.map((h) => h.title)).toEqual(LOOP_HABITS.map((h) => h.name));
    history.forEach((h, i) => {
      expect([LOOP_HABITS[i]!.name, h.done, h.skipped]).toEqual([
        LOOP_HABITS[i]!.name,
        want[i]!.done,
        want[i]!.skipped,
      ]);
    });
    const again = await quests.as(userId)('POST', urlOf(API.previewImport), request());
    expect(importPreviewSchema.parse(again.body).counts).toEqual({
      series: 0,
      lifeTasks: 0,
      completions: 0,
      quests: 0,
    });
  });

  it('when a file that is not an SQLite database is sent as the backup, then it is a 400 that says so and nothing is created', async () => {
    const userId = randomUUID();
    const { status, body } = await quests.as(userId)('POST', urlOf(API.runImport), {
      source: 'loop',
      fileName: 'notes.db',
      backup: Buffer.from('just some text, not a database').toString('base64'),
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('not an SQLite database');
    expect(await seriesModel(quests.deps.db).countDocuments({ userId })).toBe(0);
  });
});
