import type { Quest } from '@levelup/contracts';
import type { QuestDoc } from './models.ts';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** The quest as clients read it (questSchema in contracts). */
export function toQuest(doc: QuestDoc): Quest {
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description,
    difficulty: doc.difficulty,
    xpReward: doc.xpReward,
    timeEstimate: doc.timeEstimate ?? null,
    dueDate: iso(doc.dueDate),
    scheduledTime: iso(doc.scheduledTime),
    category: doc.category ?? null,
    isRecurring: doc.isRecurring,
    timeOfDay: doc.timeOfDay,
    isCompleted: doc.isCompleted,
    completionType: doc.completionType,
    completedAt: iso(doc.completedAt),
    createdAt: new Date(doc.createdAt).toISOString(),
    streak: doc.streak,
    growthPath: doc.growthPath ?? null,
    tags: doc.tags ?? [],
    seriesId: doc.seriesId ?? null,
    checklist: (doc.checklist ?? []).map(({ id, text, done }) => ({ id, text, done })),
    completeWhenChecklistDone: doc.completeWhenChecklistDone ?? false,
    ...(doc.awardedXp === undefined ? {} : { awardedXp: doc.awardedXp }),
    imported: Boolean(doc.importBatchId),
  };
}
