import { Router } from '@koa/router';
import { API, LIFE_TASK_COMPLETE_METHODS } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { LifeTasksService } from './life-tasks.service.ts';

export function lifeTasksRouter(deps: { lifeTasks: LifeTasksService }): Router {
  const router = new Router();
  mount(router, API.listLifeTasks, ({ ctx, query }) =>
    deps.lifeTasks.list(userIdOf(ctx), query.includeCompleted),
  );
  mount(router, API.createLifeTask, ({ ctx, body }) => deps.lifeTasks.create(userIdOf(ctx), body));
  // Completing is served on both POST and PATCH by one handler, so a client using either verb works.
  for (const method of LIFE_TASK_COMPLETE_METHODS)
    mount(router, { ...API.completeLifeTask, method }, ({ ctx, params }) =>
      deps.lifeTasks.complete(userIdOf(ctx), params.id, ctx.state.requestId),
    );
  mount(router, API.updateLifeTask, ({ ctx, params, body }) =>
    deps.lifeTasks.update(userIdOf(ctx), params.id, body),
  );
  mount(router, API.snoozeLifeTask, ({ ctx, params }) =>
    deps.lifeTasks.snooze(userIdOf(ctx), params.id),
  );
  mount(router, API.deleteLifeTask, ({ ctx, params }) =>
    deps.lifeTasks.remove(userIdOf(ctx), params.id),
  );
  return router;
}
