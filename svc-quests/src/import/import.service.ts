import { createHash, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  EVENTS,
  addDays,
  defaultXpForDifficulty,
  localDate,
  makeEvent,
  startOfLocalDay,
  type ImportBatch,
  type ImportBatchList,
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
import type { LifeTaskCompletionDoc, LifeTaskDoc } from '../life-tasks/models.ts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import type { SeriesDoc } from '../series/models.ts';
import { seriesEventData } from '../series/series.service.ts';
import type { UserZones } from '../users/user-zones.ts';
import { fitToApp } from './fit.ts';
import { planHabitica } from './habitica.ts';
import { planLoop } from './loop.ts';
import { planLoopBackup } from './loop-backup.ts';
import type { ImportBatchDoc } from './models.ts';
import {
  alreadyHereOf,
  countsOf,
  previewOf,
  type ImportPlan,
  type PlacedPlan,
  type PlannedSeries,
} from './plan.ts';
import type { ImportRepository } from './repository.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';
import { importedQuestDocs } from './quest-docs.ts';

/** An import still 'importing' after this long died midway: its documents are removed. */
const UNFINISHED_AFTER_MS = 10 * 60 * 1000;
const NOON_MS = 12 * 60 * 60 * 1000;

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
  const { imports, zones, seriesRelay } = deps;
  const clock = deps.clock ?? (() => new Date());

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

  /**
   * The plan against what earlier imports of the same items (same app, same source id) brought: those
   * items are not created again, and only the days their series does not have yet are added.
   */
  async function place(userId: string, plan: ImportPlan): Promise<PlacedPlan> {
    const earlierSeries = await imports.importedSeries(
      userId,
      plan.source,
      plan.series.map((s) => s.sourceId),
    );
    const bySource = new Map(earlierSeries.map((doc) => [doc.importSource?.id, doc]));
    const days = await imports.occurrenceDays(
      userId,
      earlierSeries.map((doc) => String(doc._id)),
    );
    const earlierTasks = await imports.importedLifeTasks(
      userId,
      plan.source,
      plan.lifeTasks.map((t) => t.sourceId),
    );
    const tasksHere = new Set(earlierTasks.map((doc) => doc.importSource?.id));
    const todosHere = await imports.importedTodos(
      userId,
      plan.source,
      plan.quests.map((q) => q.sourceId),
    );
    return {
      plan,
      series: plan.series.map((planned) => {
        const existing = bySource.get(planned.sourceId);
        if (!existing)
          return {
            planned,
            existingId: null,
            completions: planned.completions,
            skips: planned.skips,
            here: 0,
          };
        const taken = days.get(String(existing._id)) ?? new Set<string>();
        const completions = planned.completions.filter((c) => !taken.has(c.day));
        return {
          planned,
          existingId: String(existing._id),
          completions,
          skips: planned.skips.filter((day) => !taken.has(day)),
          here: planned.completions.length - completions.length,
        };
      }),
      lifeTasks: plan.lifeTasks.map((planned) => ({
        planned,
        here: tasksHere.has(planned.sourceId),
      })),
      quests: plan.quests.map((planned) => ({ planned, here: todosHere.has(planned.sourceId) })),
    };
  }

  async function rollBackUnfinished(userId: string): Promise<void> {
    const before = new Date(clock().getTime() - UNFINISHED_AFTER_MS);
    for (const batch of await imports.unfinished(userId, before))
      await imports.rollback(userId, batch._id);
  }

  function seriesDocs(
    userId: string,
    batchId: string,
    placed: PlacedPlan,
    timeZone: string,
  ): { series: Partial<SeriesDoc>[]; occurrences: Partial<OccurrenceDoc>[] } {
    const series: Partial<SeriesDoc>[] = [];
    const occurrences: Partial<OccurrenceDoc>[] = [];
    for (const { planned, existingId, completions, skips } of placed.series) {
      const doc = seriesDoc(userId, batchId, planned, placed.plan.source, timeZone);
      if (existingId === null) series.push(doc);
      const seriesId = existingId ?? String(doc._id);
      const shared = {
        seriesId,
        userId,
        title: doc.title,
        description: doc.description,
        difficulty: doc.difficulty,
        xpReward: doc.xpReward,
        timeOfDay: 'anytime' as const,
        importBatchId: batchId,
      };
      for (const completion of completions) {
        const completedAt =
          completion.at ?? new Date(startOfLocalDay(completion.day, timeZone).getTime() + NOON_MS);
        occurrences.push({
          ...shared,
          timeEstimate: null,
          category: null,
          growthPath: null,
          scheduledFor: completion.day,
          isCompleted: true,
          completionType: 'completed',
          partialXpEarned: 0,
          awardedXp: 0,
          completedAt,
          completedLocalDate: completion.day,
        });
      }
      for (const day of skips) occurrences.push({ ...shared, scheduledFor: day, skipped: true });
    }
    return { series, occurrences };
  }

  function seriesDoc(
    userId: string,
    batchId: string,
    planned: PlannedSeries,
    source: ImportRequest['source'],
    timeZone: string,
  ): Partial<SeriesDoc> {
    return {
      _id: new Types.ObjectId(),
      userId,
      title: planned.title,
      description: planned.description,
      difficulty: planned.difficulty,
      xpReward: defaultXpForDifficulty(planned.difficulty),
      timeEstimate: null,
      category: null,
      timeOfDay: 'anytime',
      growthPath: null,
      ...planned.recurrence,
      startDate: startOfLocalDay(planned.startDate, timeZone),
      endDate: planned.endDate ? startOfLocalDay(planned.endDate, timeZone) : null,
      startLocalDate: planned.startDate,
      endLocalDate: planned.endDate,
      pauses: planned.paused ? [{ from: planned.startDate, to: null }] : [],
      isActive: !planned.paused,
      importBatchId: batchId,
      importSource: { app: source, id: planned.sourceId },
      outbox: [],
    };
  }

  function lifeTaskDocs(userId: string, batchId: string, placed: PlacedPlan, timeZone: string) {
    const tasks: Partial<LifeTaskDoc>[] = [];
    const completions: Partial<LifeTaskCompletionDoc>[] = [];
    for (const { planned, here } of placed.lifeTasks) {
      if (here) continue;
      const _id = new Types.ObjectId();
      tasks.push({
        _id,
        userId,
        title: planned.title,
        notes: planned.notes,
        dueDate: planned.dueDate,
        isCompleted: planned.completed,
        completedAt: planned.completed ? (planned.completedAt ?? clock()) : null,
        lastCompletedLocalDate: planned.completedOn,
        isRecurring: false,
        priority: planned.priority,
        importBatchId: batchId,
        importSource: { app: placed.plan.source, id: planned.sourceId },
        outbox: [],
      });
      if (planned.completedAt && planned.completedOn)
        completions.push({
          _id: `import-${batchId}-${_id.toString()}`,
          lifeTaskId: _id.toString(),
          userId,
          xpEarned: 0,
          completedAt: planned.completedAt,
          localDate: planned.completedOn ?? localDate(planned.completedAt, timeZone),
          taskTitle: planned.title,
          taskCategory: 'personal',
          importBatchId: batchId,
        });
    }
    return { tasks, completions };
  }

  return {
    async preview(userId: string, input: ImportRequest): Promise<ImportPreview> {
      const { plan, today } = await planOf(userId, input);
      return previewOf(await place(userId, plan), today);
    },

    /**
     * Writes the batch: everything tagged with its id while the batch is 'importing', then 'done'. A
     * failure midway removes what was written; only then do the series' series_created events go out.
     */
    async run(userId: string, input: ImportRequest, requestId?: string): Promise<ImportBatch> {
      await rollBackUnfinished(userId);
      const activeKey = `${userId}:${contentHash(input)}`;
      const same = await imports.active(activeKey);
      // The same file again (a retried request, a second click): the import it already made.
      if (same?.status === 'done') return toBatch(same);
      if (same) throw importUnderWay();
      const { plan, timeZone } = await planOf(userId, input);
      if (plan.problems.length > 0)
        throw new AppError('VALIDATION_FAILED', plan.problems[0]!, 400, {
          details: plan.problems.map((message) => ({ path: 'export', message })),
        });
      const placed = await place(userId, plan);
      const counts = countsOf(placed);
      if (counts.series + counts.lifeTasks + counts.completions + counts.quests === 0) {
        const here = alreadyHereOf(placed);
        const message =
          here.series + here.lifeTasks + here.quests > 0
            ? 'Everything in this file is already here from an earlier import'
            : 'The file has nothing to import';
        throw new AppError('VALIDATION_FAILED', message, 400, {
          details: [{ path: 'source', message }],
        });
      }
      // The whole file fits the member's quotas, or nothing of it is written.
      const openQuests = placed.quests.filter((q) => !q.here && !q.planned.completed).length;
      await deps.quotas.activeQuests(userId, counts.series + openQuests);
      await deps.quotas.lifeTasks(userId, counts.lifeTasks);
      const batchId = randomUUID();
      const { series, occurrences } = seriesDocs(userId, batchId, placed, timeZone);
      const { tasks, completions } = lifeTaskDocs(userId, batchId, placed, timeZone);
      const quests = importedQuestDocs(userId, batchId, placed, clock());
      const seriesIds = series.map((doc) => String(doc._id));
      await imports
        .start({
          _id: batchId,
          userId,
          source: plan.source,
          fileName: plan.fileName,
          status: 'importing',
          counts,
          seriesIds,
          createdAt: clock(),
          undoneAt: null,
          activeKey,
        })
        .catch((err: unknown) => {
          throw isDuplicateKeyError(err) ? importUnderWay() : err;
        });
      let finished: ImportBatchDoc | null;
      try {
        await imports.insertSeries(series);
        await imports.insertOccurrences(occurrences);
        await imports.insertLifeTasks(tasks);
        await imports.insertLifeTaskCompletions(completions);
        await imports.insertQuests(quests);
        finished = await imports.finish(userId, batchId);
        if (!finished) throw new Error(`import batch ${batchId} was rolled back meanwhile`);
      } catch (err) {
        await imports.rollback(userId, batchId);
        throw err;
      }
      for (const id of seriesIds) {
        const doc = await imports.addSeriesEvent(userId, id, (created) =>
          makeEvent(EVENTS.seriesCreated.type, seriesEventData(created), { requestId }),
        );
        if (doc) void seriesRelay.flush(doc);
      }
      return toBatch(finished);
    },

    async list(userId: string): Promise<ImportBatchList> {
      await rollBackUnfinished(userId);
      return { batches: (await imports.list(userId)).map(toBatch) };
    },

    /** Undo import: removes all the batch created; a second Undo is refused. */
    async undo(userId: string, id: string, requestId?: string): Promise<ImportBatch> {
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
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
