import { Types } from 'mongoose';
import { defaultXpForDifficulty } from '@levelup/contracts';
import type { QuestDoc } from '../quests/models.ts';
import type { PlacedPlan } from './plan.ts';

/**
 * The one-time quests of a batch (Habitica todos with a checklist), each with its items as steps, done
 * ones ticked. A todo done in Habitica is a completed quest on its Habitica day that earned nothing
 * (awardedXp 0, no completion event), as imported completions are; it stays off the dashboard, in the
 * Quest Log and the calendar.
 */
export function importedQuestDocs(
  userId: string,
  batchId: string,
  placed: PlacedPlan,
  now: Date,
): Partial<QuestDoc>[] {
  return placed.quests
    .filter(({ here }) => !here)
    .map(({ planned }) => {
      const completedAt = planned.completed ? (planned.completedAt ?? now) : null;
      return {
        _id: new Types.ObjectId(),
        userId,
        title: planned.title,
        description: planned.description,
        difficulty: planned.difficulty,
        xpReward: defaultXpForDifficulty(planned.difficulty),
        timeEstimate: null,
        dueDate: planned.dueDate,
        scheduledTime: null,
        category: null,
        timeOfDay: 'anytime',
        growthPath: null,
        tags: planned.tags ?? [],
        checklist: planned.checklist.map((step) => ({
          id: new Types.ObjectId().toHexString(),
          ...step,
        })),
        completeWhenChecklistDone: false,
        isCompleted: planned.completed,
        completionType: planned.completed ? 'completed' : 'not_completed',
        completedAt,
        completedLocalDate: planned.completed ? planned.completedOn : null,
        awardedXp: 0,
        hiddenFromDashboard: planned.completed,
        importBatchId: batchId,
        importSource: { app: placed.plan.source, id: planned.sourceId },
        outbox: [],
      };
    });
}
