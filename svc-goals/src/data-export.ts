import type { Connection } from 'mongoose';
import { API } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { goalModels } from './goals/models.ts';
import { seriesLinkModel } from './series-links/models.ts';
import { talentModels } from './talent-tree/models.ts';

/**
 * Data export: the user's goals with their progress, the series linked to them,
 * and the talent tree's progress and counted completions. Quest views are copies of svc-quests' data.
 */
export function goalsDataExport(db: Connection) {
  const { Goal, GoalProgress } = goalModels(db);
  const { UserTalentProgress, TalentCompletion } = talentModels(db);
  return dataExportRouter({
    operation: API.exportGoalsData,
    collections: (userId) => ({
      goals: { model: Goal, filter: { userId } },
      goalProgress: { model: GoalProgress, filter: { userId } },
      seriesLinks: { model: seriesLinkModel(db), filter: { userId } },
      talentProgress: { model: UserTalentProgress, filter: { userId } },
      talentCompletions: { model: TalentCompletion, filter: { userId } },
    }),
  });
}
