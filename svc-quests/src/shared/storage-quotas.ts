import type { Connection } from 'mongoose';
import { STORAGE_QUOTAS } from '@levelup/contracts';
import { withinQuota } from '@levelup/service-kit';
import { breakHabitModels } from '../break-habits/models.ts';
import { lifeTaskModels } from '../life-tasks/models.ts';
import { questsModels } from '../quests/models.ts';
import { seriesModel } from '../series/models.ts';

/**
 * The member's quotas on what svc-quests keeps (STORAGE_QUOTAS): each check counts their items over an
 * index (quests by userId + isCompleted, series by userId + deletedAt, life tasks by userId + isActive, habits to break by userId)
 * and refuses with 409 QUOTA_REACHED before anything is written.
 */
export function questsQuotas(db: Connection) {
  const { Quest } = questsModels(db);
  const Series = seriesModel(db);
  const { LifeTask } = lifeTaskModels(db);
  const { BreakHabit } = breakHabitModels(db);
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
    /** Habits to break, with `adding` more. */
    breakHabits(userId: string, adding = 1): Promise<void> {
      return withinQuota(STORAGE_QUOTAS.breakHabits, BreakHabit.countDocuments({ userId }), adding);
    },
  };
}
export type QuestsQuotas = ReturnType<typeof questsQuotas>;
