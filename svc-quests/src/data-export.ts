import type { Connection } from 'mongoose';
import { DATA_EXPORT_PATHS } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { lifeTaskModels } from './life-tasks/models.ts';
import { occurrenceModel } from './occurrences/models.ts';
import { questsModels } from './quests/models.ts';
import { seriesModel } from './series/models.ts';
import { todoModel } from './todos/models.ts';

/**
 * GET /api/quests/export (issue 12): every quest, recurring series and occurrence, life task and its
 * completions, and to-do of the user. The zone copy and goal states are read models of other services'
 * data, exported there.
 */
export function questsDataExport(db: Connection) {
  const { Quest } = questsModels(db);
  const { LifeTask, LifeTaskCompletion } = lifeTaskModels(db);
  return dataExportRouter({
    path: DATA_EXPORT_PATHS.quests,
    collections: (userId) => ({
      quests: { model: Quest, filter: { userId } },
      recurringSeries: { model: seriesModel(db), filter: { userId } },
      occurrences: { model: occurrenceModel(db), filter: { userId } },
      lifeTasks: { model: LifeTask, filter: { userId } },
      lifeTaskCompletions: { model: LifeTaskCompletion, filter: { userId } },
      todos: { model: todoModel(db), filter: { userId } },
    }),
  });
}
