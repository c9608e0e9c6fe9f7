import { Router } from '@koa/router';
import {
  API,
  type UndoableCompletionsResponse,
  type UndoCompletionResponse,
} from '@levelup/contracts';
import { conflict, mount, notFound, userIdOf } from '@levelup/service-kit';
import type { LifeTasksService } from '../life-tasks/life-tasks.service.ts';
import type { LifeTasksRepository } from '../life-tasks/repository.ts';
import type { OccurrencesRepository } from '../occurrences/repository.ts';
import type { OccurrencesService } from '../occurrences/occurrences.service.ts';
import type { QuestsRepository } from '../quests/repository.ts';
import type { QuestsService } from '../quests/quests.service.ts';

/**
 * Undo of one completion of a quest, an occurrence or a life task, named by its event id (the completion
 * toast's, the life task card's and the XP history's Undo). It is the usual revoke (the item goes back to not completed and quests.revoked takes back exactly what
 * was awarded), done only while that completion is the item's standing one, so a second Undo, a
 * parallel one, or an Undo after the item was completed again moves nothing.
 */
export function undoCompletionService(deps: {
  quests: QuestsRepository;
  occurrences: OccurrencesRepository;
  lifeTasks: LifeTasksRepository;
  questsService: QuestsService;
  occurrencesService: OccurrencesService;
  lifeTasksService: LifeTasksService;
}) {
  /** A life task's check-off: the task that holds it standing, else the one its history row names. */
  async function undoLifeTask(
    userId: string,
    eventId: string,
    requestId: string | undefined,
  ): Promise<UndoCompletionResponse | null> {
    const standing = await deps.lifeTasks.findByStandingCompletion(userId, eventId);
    const row = standing ? null : await deps.lifeTasks.findCompletion(userId, eventId);
    const task = standing ?? (row && (await deps.lifeTasks.findAnyOwned(userId, row.lifeTaskId)));
    if (!task) return null;
    const after = await deps.lifeTasksService.undo(userId, task, eventId, requestId);
    return {
      kind: 'life_task',
      id: after.task.id,
      title: after.task.title,
      undone: after.xpDelta !== 0,
      xpDelta: after.xpDelta,
    };
  }

  return async function undo(
    userId: string,
    eventId: string,
    requestId: string | undefined,
  ): Promise<UndoCompletionResponse> {
    const quest = await deps.quests.findByCompletionEvent(userId, eventId);
    if (quest) {
      if (quest.deletedAt) throw conflict('This quest was deleted; the XP it earned stays yours.');
      const after = await deps.questsService.undo(userId, quest, eventId, requestId);
      return {
        kind: 'quest',
        id: after.id,
        title: after.title,
        undone: after.xpDelta !== 0,
        xpDelta: after.xpDelta,
      };
    }
    const occurrence = await deps.occurrences.findByCompletionEvent(userId, eventId);
    if (!occurrence) {
      const lifeTask = await undoLifeTask(userId, eventId, requestId);
      if (!lifeTask) throw notFound('Completion not found');
      return lifeTask;
    }
    const after = await deps.occurrencesService.undo(userId, occurrence, eventId, requestId);
    return {
      kind: 'occurrence',
      id: after.id,
      title: after.title,
      undone: after.xpDelta !== 0,
      xpDelta: after.xpDelta,
    };
  };
}

/**
 * Which of the given completions Undo would still take back, so the XP history offers Undo only on
 * those (a row whose item was undone, completed again or deleted since has nothing left to undo).
 */
export function undoableCompletionsService(deps: {
  quests: QuestsRepository;
  occurrences: OccurrencesRepository;
  lifeTasks: LifeTasksRepository;
}) {
  return async function undoable(
    userId: string,
    eventIds: readonly string[],
  ): Promise<UndoableCompletionsResponse> {
    if (eventIds.length === 0) return { eventIds: [] };
    const [quests, occurrences, lifeTasks] = await Promise.all([
      deps.quests.standingCompletions(userId, eventIds),
      deps.occurrences.standingCompletions(userId, eventIds),
      deps.lifeTasks.standingCompletions(userId, eventIds),
    ]);
    const standing = new Set([...quests, ...occurrences, ...lifeTasks]);
    return { eventIds: eventIds.filter((id) => standing.has(id)) };
  };
}

export function undoRouter(deps: {
  undo: ReturnType<typeof undoCompletionService>;
  undoable: ReturnType<typeof undoableCompletionsService>;
}): Router {
  const router = new Router();
  mount(router, API.undoableCompletions, ({ ctx, body }) =>
    deps.undoable(userIdOf(ctx), body.eventIds),
  );
  mount(router, API.undoCompletion, ({ ctx, params }) =>
    deps.undo(userIdOf(ctx), params.eventId, ctx.state.requestId),
  );
  return router;
}
