import type { Connection } from 'mongoose';
import { DATA_EXPORT_PATHS } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { goalModels } from './goals/models.ts';
import { seriesLinkModel } from './series-links/models.ts';
import { talentModels } from './talent-tree/models.ts';

/**
 * GET /api/goals/export (issue 12): the user's goals with their progress, the series linked to them,
 * and the talent tree's progress and counted completions. Quest views are copies of svc-quests' data.
 */
export function goalsDataExport(db: Connection) {
  const { Goal, GoalProgress } = goalModels(db);
  const { UserTalentProgress, TalentCompletion } = talentModels(db);
  return dataExportRouter({
    path: DATA_EXPORT_PATHS.goals,
    collections: (userId) => ({
      goals: { model: Goal, filter: { userId } },
      goalProgress: { model: GoalProgress, filter: { userId } },
      seriesLinks: { model: seriesLinkModel(db), filter: { userId } },
      talentProgress: { model: UserTalentProgress, filter: { userId } },
      talentCompletions: { model: TalentCompletion, filter: { userId } },
    }),
  });
}
