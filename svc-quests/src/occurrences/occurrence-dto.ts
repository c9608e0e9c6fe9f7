import type { Occurrence, OccurrenceSummary } from '@levelup/contracts';
import type { OccurrenceDoc } from './models.ts';

const stepsOf = (doc: OccurrenceDoc) =>
  (doc.checklist ?? []).map(({ id, text, done }) => ({ id, text, done }));

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** An occurrence as clients read it (occurrenceSchema in contracts). */
export function toOccurrence(doc: OccurrenceDoc): Occurrence {
  return {
    id: doc._id.toString(),
    seriesId: doc.seriesId,
    title: doc.title,
    description: doc.description,
    difficulty: doc.difficulty,
    xpReward: doc.xpReward,
    timeEstimate: doc.timeEstimate ?? null,
    category: doc.category ?? null,
    timeOfDay: doc.timeOfDay,
    scheduledFor: doc.scheduledFor,
    isCompleted: doc.isCompleted,
    completionType: doc.completionType,
    progressNotes: doc.progressNotes ?? null,
    partialXpEarned: doc.partialXpEarned ?? 0,
    completedAt: iso(doc.completedAt),
    hiddenFromDashboard: doc.hiddenFromDashboard,
    skipped: doc.skipped ?? false,
    createdAt: new Date(doc.createdAt).toISOString(),
    ...(doc.awardedXp === undefined ? {} : { awardedXp: doc.awardedXp }),
    imported: Boolean(doc.importBatchId),
    measure: doc.measure ?? null,
    amount: doc.amount ?? null,
    ...weekTotalOf(doc),
    checklist: stepsOf(doc),
    completeWhenChecklistDone: doc.completeWhenChecklistDone ?? false,
  };
}

export function toOccurrenceSummary(doc: OccurrenceDoc): OccurrenceSummary {
  return {
    id: doc._id.toString(),
    isCompleted: doc.isCompleted,
    completionType: doc.completionType,
    hiddenFromDashboard: doc.hiddenFromDashboard,
    xpReward: doc.xpReward,
    scheduledFor: doc.scheduledFor,
    skipped: doc.skipped ?? false,
    amount: doc.amount ?? null,
    ...weekTotalOf(doc),
    checklist: stepsOf(doc),
  };
}

/** A per-week day's total so far; nothing for any other day. */
function weekTotalOf(doc: OccurrenceDoc): { weekTotal?: number | null } {
  return doc.measure?.period === 'week' ? { weekTotal: doc.weekTotal ?? null } : {};
}
