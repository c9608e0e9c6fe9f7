import type { Connection } from 'mongoose';
import { API } from '@levelup/contracts';
import { dataExportRouter } from '@levelup/service-kit';
import { breakHabitModels } from './break-habits/models.ts';
import { importBatchModel } from './import/models.ts';
import { lifeTaskModels } from './life-tasks/models.ts';
import { occurrenceModel } from './occurrences/models.ts';
import { questsModels } from './quests/models.ts';
import { seriesModel } from './series/models.ts';
import { todoModel } from './todos/models.ts';

/**
 * Data export: every quest, recurring series and occurrence, life task and its completions, to-do,
 * habit to break and its slips (one row per day with its count), and import (from Habitica or Loop) of the user. The zone copy and goal states are read models of other services'
 * data, exported there.
 */
export function questsDataExport(db: Connection) {
  const { Quest } = questsModels(db);
  const { LifeTask, LifeTaskCompletion } = lifeTaskModels(db);
  const { BreakHabit, BreakHabitSlip } = breakHabitModels(db);
  return dataExportRouter({
    operation: API.exportQuestsData,
    collections: (userId) => ({
      quests: { model: Quest, filter: { userId } },
      recurringSeries: { model: seriesModel(db), filter: { userId } },
      occurrences: { model: occurrenceModel(db), filter: { userId } },
      lifeTasks: { model: LifeTask, filter: { userId } },
      lifeTaskCompletions: { model: LifeTaskCompletion, filter: { userId } },
      todos: { model: todoModel(db), filter: { userId } },
      breakHabits: { model: BreakHabit, filter: { userId } },
      breakHabitSlips: { model: BreakHabitSlip, filter: { userId } },
      importBatches: { model: importBatchModel(db), filter: { userId } },
    }),
  });
}
