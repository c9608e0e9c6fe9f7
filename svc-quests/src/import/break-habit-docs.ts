import { Types } from 'mongoose';
import type { BreakHabitDoc, BreakHabitSlipDoc } from '../break-habits/models.ts';
import type { PlacedPlan } from './plan.ts';

/**
 * The habits to break of a batch and their slip rows (one per habit and day, with the day's count),
 * each tagged with the batch. A habit an earlier import made gets only the days it does not have.
 */
export function breakHabitDocs(
  userId: string,
  batchId: string,
  placed: PlacedPlan,
  now: Date,
): { habits: Partial<BreakHabitDoc>[]; slips: Partial<BreakHabitSlipDoc>[] } {
  const habits: Partial<BreakHabitDoc>[] = [];
  const slips: Partial<BreakHabitSlipDoc>[] = [];
  for (const { planned, existingId, slips: days } of placed.breakHabits) {
    let habitId = existingId;
    if (habitId === null) {
      const _id = new Types.ObjectId();
      habitId = String(_id);
      habits.push({
        _id,
        userId,
        title: planned.title,
        description: planned.description,
        tags: planned.tags ?? [],
        startDate: planned.startDate,
        importBatchId: batchId,
        importSource: { app: placed.plan.source, id: planned.sourceId },
        createdAt: now,
        updatedAt: now,
      });
    }
    for (const { day, count } of days)
      slips.push({ userId, habitId, date: day, count, importBatchId: batchId });
  }
  return { habits, slips };
}
