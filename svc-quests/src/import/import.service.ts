import { createHash, randomUUID } from 'node:crypto';
import {
  EVENTS,
  addDays,
  localDate,
  makeEvent,
  startOfLocalDay,
  type ImportBatch,
  type ImportBatchList,
  type ImportCounts,
  type ImportPreview,
  type ImportRequest,
} from '@levelup/contracts';
import {
  AppError,
  conflict,
  isDuplicateKeyError,
  notFound,
  type OutboxRelay,
} from '@levelup/service-kit';
import { seriesEventData } from '../series/series.service.ts';
import type { UserZones } from '../users/user-zones.ts';
import { breakHabitDocs } from './break-habit-docs.ts';
import { fitToApp } from './fit.ts';
import { planHabitica } from './habitica.ts';
import { planLoop } from './loop.ts';
import { planLoopBackup } from './loop-backup.ts';
import type { ImportBatchDoc } from './models.ts';
import { alreadyHereOf, countsOf, previewOf, type ImportPlan, type PlacedPlan } from './plan.ts';
import type { ImportRepository } from './repository.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';
import { importedQuestDocs } from './quest-docs.ts';
import { placePlan } from './placement.ts';
import { lifeTaskDocs, seriesDocs, type NewSeriesDoc } from './series-docs.ts';

/** An import still 'importing' after this long died midway: its documents are removed. */
const UNFINISHED_AFTER_MS = 10 * 60 * 1000;

export const importNotFound = () => notFound('Import not found');
const importUnderWay = () => conflict('This file is being imported right now');

/** The file's contents (not its name): the same export sent twice has the same hash. */
function contentHash(input: ImportRequest): string {
  const content = input.source === 'habitica' ? input.export : (input.backup ?? input.files);
  return createHash('sha256')
    .update(`${input.source}\n${JSON.stringify(content)}`)
    .digest('hex');
}

function toBatch(doc: ImportBatchDoc): ImportBatch {
  return {
    id: doc._id,
    source: doc.source,
    fileName: doc.fileName,
    status: doc.status === 'undone' ? 'undone' : 'done',
    counts: doc.counts,
    createdAt: new Date(doc.createdAt).toISOString(),
    undoneAt: doc.undoneAt ? new Date(doc.undoneAt).toISOString() : null,
  };
}

/** What the import's steps need: the service's dependencies with the clock settled. */
interface ImportContext {
  imports: ImportRepository;
  zones: UserZones;
  seriesRelay: OutboxRelay;
  clock: () => Date;
  quotas: QuestsQuotas;
}

/** A file that names what keeps it from being imported is a 400 naming the first. */
function refuseProblems(plan: ImportPlan): void {
  if (plan.problems.length > 0)
    throw new AppError('VALIDATION_FAILED', plan.problems[0]!, 400, {
      details: plan.problems.map((message) => ({ path: 'export', message })),
    });
}

/**
 * What the import adds; nothing at all is a 400 saying whether it is all here already. Measured days
 * that count as not done are not completions, yet new ones are something to add.
 */
function countsToImport(placed: PlacedPlan): ImportCounts {
  const counts = countsOf(placed);
  const notDone = placed.series.reduce((sum, s) => sum + s.notDone.length, 0);
  const added =
    counts.series +
    counts.lifeTasks +
    counts.completions +
    counts.quests +
    (counts.breakHabits ?? 0) +
    (counts.slips ?? 0);
  if (added + notDone > 0) return counts;
  const here = alreadyHereOf(placed);
  const message =
    here.series + here.lifeTasks + here.quests + (here.breakHabits ?? 0) > 0
      ? 'Everything in this file is already here from an earlier import'
      : 'The file has nothing to import';
  throw new AppError('VALIDATION_FAILED', message, 400, {
    details: [{ path: 'source', message }],
  });
}

/**
 * Writes the batch's documents, each tagged with its id, while the batch is 'importing', then marks it
 * 'done'. A failure midway removes what was written; a batch already under way for the file is a 409.
 */
async function writeBatch(
  { imports, clock }: ImportContext,
  batch: Omit<ImportBatchDoc, 'seriesIds'>,
  placed: PlacedPlan,
  timeZone: string,
): Promise<{ finished: ImportBatchDoc; series: NewSeriesDoc[] }> {
  const { _id: batchId, userId } = batch;
  const { series, occurrences } = seriesDocs(userId, batchId, placed, timeZone);
  const { tasks, completions } = lifeTaskDocs(userId, batchId, placed, timeZone, clock());
  const quests = importedQuestDocs(userId, batchId, placed, clock());
  const breakHabits = breakHabitDocs(userId, batchId, placed, clock());
  await imports
    .start({ ...batch, seriesIds: series.map((doc) => String(doc._id)) })
    .catch((err: unknown) => {
      throw isDuplicateKeyError(err) ? importUnderWay() : err;
    });
  try {
    await imports.insertSeries(series);
    await imports.insertOccurrences(occurrences);
    await imports.insertLifeTasks(tasks);
    await imports.insertLifeTaskCompletions(completions);
    await imports.insertQuests(quests);
    await imports.insertBreakHabits(breakHabits.habits);
    await imports.insertSlips(breakHabits.slips);
    const finished = await imports.finish(userId, batchId);
    if (!finished) throw new Error(`import batch ${batchId} was rolled back meanwhile`);
    return { finished, series };
  } catch (err) {
    await imports.rollback(userId, batchId);
    throw err;
  }
}

/** The series_created events of a finished batch, made from the series as it wrote them. */
async function publishSeriesCreated(
  { imports, seriesRelay }: ImportContext,
  userId: string,
  series: NewSeriesDoc[],
  requestId: string | undefined,
): Promise<void> {
  for (const created of series) {
    const event = makeEvent(EVENTS.seriesCreated.type, seriesEventData(created), { requestId });
    const doc = await imports.addSeriesEvent(userId, String(created._id), event);
    if (doc) void seriesRelay.flush(doc);
  }
}

/** Undo import: removes all the batch created; a second Undo is refused. */
async function undoBatch(
  { imports, zones, seriesRelay, clock }: ImportContext,
  userId: string,
  id: string,
  requestId: string | undefined,
): Promise<ImportBatch> {
  const batch = await imports.findOwned(userId, id);
  if (!batch) throw importNotFound();
  if (batch.status === 'undone') throw conflict('This import was already undone');
  const timeZone = await zones.timeZoneOf(userId);
  const now = clock();
  const importedOn = localDate(new Date(batch.createdAt), timeZone);
  await imports.removeImported(userId, id, batch.seriesIds);
  const start = {
    startLocalDate: importedOn,
    startDate: startOfLocalDay(importedOn, timeZone),
  };
  // A series nobody completed in Level Up ends before it starts: it schedules nothing, so "quests
  // created" forgets it; one done since counts its days from the import on, as a deleted series.
  const never = {
    endLocalDate: addDays(importedOn, -1),
    endDate: startOfLocalDay(importedOn, timeZone),
  };
  for (const seriesId of batch.seriesIds) {
    const kept = await imports.hasDone(userId, seriesId);
    const doc = await imports.deleteSeries(
      userId,
      seriesId,
      kept ? start : { ...start, ...never },
      now,
      (series) =>
        makeEvent(
          EVENTS.seriesDeleted.type,
          { ...seriesEventData(series), isActive: false },
          { requestId, now },
        ),
    );
    if (doc) void seriesRelay.flush(doc);
  }
  const undone = await imports.markUndone(userId, id, now);
  if (!undone) throw importNotFound();
  return toBatch(undone);
}

/**
 * Import from Habitica and Loop Habit Tracker as one undoable batch. Imported completions are written
 * as done occurrences that earned nothing (awardedXp 0) and carry no completion event, so no XP event
 * is ever published for them; the streak and the calendar read done occurrences, so they count there.
 */
export function importService(deps: {
  imports: ImportRepository;
  zones: UserZones;
  seriesRelay: OutboxRelay;
  clock?: () => Date;
  quotas: QuestsQuotas;
}) {
  const { imports, zones } = deps;
  const clock = deps.clock ?? (() => new Date());
  const ctx: ImportContext = { ...deps, clock };

  async function planOf(userId: string, input: ImportRequest) {
    const timeZone = await zones.timeZoneOf(userId);
    const today = localDate(clock(), timeZone);
    const plan = fitToApp(
      input.source === 'habitica'
        ? planHabitica(input.export, input.fileName, timeZone, today)
        : input.backup !== undefined
          ? planLoopBackup(input.backup, input.fileName, today)
          : planLoop(input.files, input.fileName, today),
    );
    return { plan, timeZone, today };
  }

  async function rollBackUnfinished(userId: string): Promise<void> {
    const before = new Date(clock().getTime() - UNFINISHED_AFTER_MS);
    for (const batch of await imports.unfinished(userId, before))
      await imports.rollback(userId, batch._id);
  }

  return {
    async preview(userId: string, input: ImportRequest): Promise<ImportPreview> {
      const { plan, today } = await planOf(userId, input);
      return previewOf(await placePlan(imports, userId, plan), today);
    },

    /**
     * Writes the batch (writeBatch); only once all of it is written do the series' series_created
     * events go out.
     */
    async run(userId: string, input: ImportRequest, requestId?: string): Promise<ImportBatch> {
      await rollBackUnfinished(userId);
      const activeKey = `${userId}:${contentHash(input)}`;
      const same = await imports.active(activeKey);
      // The same file again (a retried request, a second click): the import it already made.
      if (same?.status === 'done') return toBatch(same);
      if (same) throw importUnderWay();
      const { plan, timeZone } = await planOf(userId, input);
      refuseProblems(plan);
      const placed = await placePlan(imports, userId, plan);
      const counts = countsToImport(placed);
      // The whole file fits the member's quotas, or nothing of it is written.
      const openQuests = placed.quests.filter((q) => !q.here && !q.planned.completed).length;
      await deps.quotas.activeQuests(userId, counts.series + openQuests);
      await deps.quotas.lifeTasks(userId, counts.lifeTasks);
      await deps.quotas.breakHabits(userId, counts.breakHabits ?? 0);
      const batch = {
        _id: randomUUID(),
        userId,
        source: plan.source,
        fileName: plan.fileName,
        status: 'importing' as const,
        counts,
        createdAt: clock(),
        undoneAt: null,
        activeKey,
      };
      const { finished, series } = await writeBatch(ctx, batch, placed, timeZone);
      await publishSeriesCreated(ctx, userId, series, requestId);
      return toBatch(finished);
    },

    async list(userId: string): Promise<ImportBatchList> {
      await rollBackUnfinished(userId);
      return { batches: (await imports.list(userId)).map(toBatch) };
    },

    undo: (userId: string, id: string, requestId?: string) => undoBatch(ctx, userId, id, requestId),
  };
}

export type ImportService = ReturnType<typeof importService>;
