import type { Model } from 'mongoose';
import { STORAGE_QUOTAS } from '@levelup/contracts';
import { withinQuota } from '@levelup/service-kit';
import type { LifeTaskDoc } from '../life-tasks/models.ts';
import type { QuestDoc } from '../quests/models.ts';
import type { SeriesDoc } from '../series/models.ts';

/**
 * The member's quotas on what svc-quests keeps (STORAGE_QUOTAS): each check counts their items over an
 * index (quests by userId + isCompleted, series by userId + deletedAt, life tasks by userId + isActive)
 * and refuses with 409 QUOTA_REACHED before anything is written.
 */
export function questsQuotas(models: {
  Quest: Model<QuestDoc>;
  Series: Model<SeriesDoc>;
  LifeTask: Model<LifeTaskDoc>;
}) {
  const { Quest, Series, LifeTask } = models;
  return {
    /** One-off quests not completed nor deleted, and series not deleted, with `adding` more. */
    async activeQuests(userId: string, adding = 1): Promise<void> {
      const [quests, series] = await Promise.all([
        Quest.countDocuments({ userId, isCompleted: false, deletedAt: null }),
        Series.countDocuments({ userId, deletedAt: null }),
      ]);
      await withinQuota(STORAGE_QUOTAS.activeQuests, quests + series, adding);
    },
    /** Life tasks not deleted, with `adding` more. */
    lifeTasks(userId: string, adding = 1): Promise<void> {
      return withinQuota(
        STORAGE_QUOTAS.lifeTasks,
        LifeTask.countDocuments({ userId, isActive: true }),
        adding,
      );
    },
  };
}
export type QuestsQuotas = ReturnType<typeof questsQuotas>;
