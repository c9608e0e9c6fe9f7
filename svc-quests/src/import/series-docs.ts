import { Types } from 'mongoose';
import {
  defaultXpForDifficulty,
  localDate,
  periodOf,
  startOfLocalDay,
  type ImportRequest,
} from '@levelup/contracts';
import type { LifeTaskCompletionDoc, LifeTaskDoc } from '../life-tasks/models.ts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import { templateSteps } from '../quests/checklist.ts';
import type { SeriesDoc } from '../series/models.ts';
import { completionOf, type PlacedPlan, type PlannedSeries } from './plan.ts';

// The documents an import writes for its series (with their imported days) and its life tasks: each
// tagged with the batch, so a failure midway and Undo import find exactly them. Imported days earn no
// XP: a Completed or Kinda Sorta day is written done with awardedXp and partialXpEarned 0.

const NOON_MS = 12 * 60 * 60 * 1000;

/** A series as an import writes it: everything but what the database fills in. */
export type NewSeriesDoc = Omit<
  SeriesDoc,
  'deletedAt' | 'scheduledBefore' | 'rev' | 'createdAt' | 'updatedAt' | 'outboxLockedUntil'
>;

export function seriesDocs(
  userId: string,
  batchId: string,
  placed: PlacedPlan,
  timeZone: string,
): { series: NewSeriesDoc[]; occurrences: Partial<OccurrenceDoc>[] } {
  const series: NewSeriesDoc[] = [];
  const occurrences: Partial<OccurrenceDoc>[] = [];
  for (const { planned, existingId, completions, skips, measure, notDone } of placed.series) {
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
      ...(measure && { measure }),
    };
    const weekly = measure !== null && periodOf(measure) === 'week';
    // A per-week routine's days keep the week's total from Monday to them, as the import judged them.
    const weekTotal = (d: { weekTotal?: number | null }) =>
      weekly ? { weekTotal: d.weekTotal ?? null } : {};
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
        completionType: completionOf(measure, completion),
        ...(measure && completion.amount !== undefined && { amount: completion.amount }),
        ...weekTotal(completion),
        partialXpEarned: 0,
        awardedXp: 0,
        completedAt,
        completedLocalDate: completion.day,
      });
    }
    for (const day of skips) occurrences.push({ ...shared, scheduledFor: day, skipped: true });
    // Days the amount makes not done keep it, so the history shows what was recorded.
    for (const d of notDone)
      occurrences.push({
        ...shared,
        scheduledFor: d.day,
        amount: d.amount,
        completionType: 'not_completed',
        ...weekTotal(d),
      });
  }
  return { series, occurrences };
}

function seriesDoc(
  userId: string,
  batchId: string,
  planned: PlannedSeries,
  source: ImportRequest['source'],
  timeZone: string,
): NewSeriesDoc {
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
    tags: planned.tags ?? [],
    // Its days get their copies as Level Up makes them; the imported (done) days carry none.
    checklist: templateSteps(planned.checklist ?? [], []),
    completeWhenChecklistDone: false,
    ...(planned.measure && { measure: planned.measure }),
    outbox: [],
  };
}

export function lifeTaskDocs(
  userId: string,
  batchId: string,
  placed: PlacedPlan,
  timeZone: string,
  now: Date,
) {
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
      completedAt: planned.completed ? (planned.completedAt ?? now) : null,
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
