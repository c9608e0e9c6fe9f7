import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  importBatchSchema,
  importPreviewSchema,
  urlOf,
  type ImportRequest,
} from '@levelup/contracts';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { occurrenceModel } from '../src/occurrences/models.ts';
import { seriesModel } from '../src/series/models.ts';
import {
  loopCsvExport,
  plusDays,
  YES_MANUAL,
  type LoopHabitDef,
} from './fixtures/loop-exporter.ts';
import { LOOP_HABITS, LOOP_TODAY, importedDoneDays, loopDoneDays } from './fixtures/loop-habits.ts';
import { startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
let now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
});
afterAll(async () => {
  await quests.stop();
});

const loopRequest = (habits: LoopHabitDef[], today: string): ImportRequest => ({
  source: 'loop',
  fileName: `Loop Habits CSV ${today}.zip`,
  files: Object.entries(loopCsvExport(habits, today)).map(([name, text]) => ({ name, text })),
});

const habiticaExport = () =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, 'fixtures', 'import', 'habitica-user-data.json'),
      'utf8',
    ),
  ) as { tasks: { dailys: { history: { date: number; value: number; completed: boolean }[] }[] } };

async function stored(userId: string) {
  return {
    series: await seriesModel(quests.deps.db).countDocuments({ userId }),
    occurrences: await occurrenceModel(quests.deps.db).countDocuments({ userId }),
    lifeTasks: await lifeTaskModels(quests.deps.db).LifeTask.countDocuments({ userId }),
  };
}

describe('importing the same items again', () => {
  it('when the same Loop file is imported twice, then the second adds nothing, answers with the first import, and the preview says all of it is already here', async () => {
    now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);
    const userId = randomUUID();
    const as = quests.as(userId);
    const request = loopRequest(LOOP_HABITS, LOOP_TODAY);
    const first = await as('POST', urlOf(API.runImport), request);
    expect(first.status).toBe(201);
    const before = await stored(userId);

    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), request)).body,
    );
    const done = LOOP_HABITS.filter((h) => !h.archived || Object.keys(h.entries).length > 0)
      .map((h) => importedDoneDays(h).length)
      .reduce((a, b) => a + b, 0);
    expect(preview.counts).toEqual({ series: 0, lifeTasks: 0, completions: 0, quests: 0 });
    expect(preview.alreadyHere).toEqual({
      series: LOOP_HABITS.length,
      lifeTasks: 0,
      completions: done,
      quests: 0,
    });
    expect(preview.series.every((s) => s.alreadyHere)).toBe(true);

    const second = await as('POST', urlOf(API.runImport), { ...request, fileName: 'again.zip' });
    expect(second.status).toBe(201);
    expect(importBatchSchema.parse(second.body).id).toBe(importBatchSchema.parse(first.body).id);
    expect(await stored(userId)).toEqual(before);
  });

  it('when the same file is sent twice at once (a retried request), then it is imported once', async () => {
    now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);
    const userId = randomUUID();
    const request = loopRequest(LOOP_HABITS, LOOP_TODAY);
    const answers = await Promise.all([
      quests.as(userId)('POST', urlOf(API.runImport), request),
      quests.as(userId)('POST', urlOf(API.runImport), request),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(
      answers.some((a) => a.status === 409) ? [201, 409] : [201, 201],
    );
    expect((await stored(userId)).series).toBe(LOOP_HABITS.length);
  });

  it('when a newer Loop export overlapping the first is imported, then only the new days are added, to the same series', async () => {
    now = new Date(`${LOOP_TODAY}T15:00:00.000Z`);
    const userId = randomUUID();
    const as = quests.as(userId);
    expect(
      (await as('POST', urlOf(API.runImport), loopRequest(LOOP_HABITS, LOOP_TODAY))).status,
    ).toBe(201);

    // Three days later every yes/no habit that is not archived was checked on each new day.
    const later = plusDays(LOOP_TODAY, 3);
    now = new Date(`${later}T15:00:00.000Z`);
    const newer = LOOP_HABITS.map((h) => {
      if (h.archived || h.type !== 'YES_NO') return h;
      const entries = { ...h.entries };
      for (let d = 1; d <= 3; d += 1) entries[plusDays(LOOP_TODAY, d)] = YES_MANUAL;
      return { ...h, entries };
    });
    const added = newer.reduce(
      (sum, h, i) => sum + loopDoneDays(h).length - loopDoneDays(LOOP_HABITS[i]!).length,
      0,
    );
    expect(added).toBe(3 * 6);
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), loopRequest(newer, later))).body,
    );
    expect(preview.counts).toEqual({ series: 0, lifeTasks: 0, completions: added, quests: 0 });
    const run = await as('POST', urlOf(API.runImport), loopRequest(newer, later));
    expect(importBatchSchema.parse(run.body).counts).toEqual({
      series: 0,
      lifeTasks: 0,
      completions: added,
      quests: 0,
    });
    const series = await seriesModel(quests.deps.db).find({ userId }).lean();
    expect(series).toHaveLength(LOOP_HABITS.length);
    const done = await occurrenceModel(quests.deps.db).find({ userId, isCompleted: true }).lean();
    newer.forEach((habit, i) => {
      const id = String(
        series.find((s) => s.importSource?.id === `${habit.name}#${i === 1 ? 2 : 1}`)?._id,
      );
      expect([
        habit.name,
        done
          .filter((o) => o.seriesId === id)
          .map((o) => o.scheduledFor)
          .sort(),
      ]).toEqual([habit.name, importedDoneDays(habit)]);
    });
  });

  it('when a Habitica export is imported again with one more check-off, then only that day is added and the todos are not doubled', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const userId = randomUUID();
    const as = quests.as(userId);
    const data = habiticaExport();
    const request = (exp: unknown): ImportRequest => ({
      source: 'habitica',
      fileName: 'habitica-user-data.json',
      export: exp as never,
    });
    expect((await as('POST', urlOf(API.runImport), request(data))).status).toBe(201);
    const before = await stored(userId);
    const daily = data.tasks.dailys[0]!;
    daily.history.push({ date: Date.parse('2026-03-10T14:00:00.000Z'), value: 5, completed: true });
    const preview = importPreviewSchema.parse(
      (await as('POST', urlOf(API.previewImport), request(data))).body,
    );
    // "Smoke", a habit to break, is here already with its one slip.
    expect(preview.counts).toEqual({
      series: 0,
      lifeTasks: 0,
      completions: 1,
      quests: 0,
      breakHabits: 0,
      slips: 0,
    });
    expect(preview.alreadyHere).toMatchObject({ breakHabits: 1, slips: 1 });
    expect(preview.alreadyHere.lifeTasks).toBe(before.lifeTasks);
    expect((await as('POST', urlOf(API.runImport), request(data))).status).toBe(201);
    expect(await stored(userId)).toEqual({ ...before, occurrences: before.occurrences + 1 });
  });
});
