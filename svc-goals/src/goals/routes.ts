import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { GoalsService } from './goals.service.ts';

/** Goals and their progress. Another user's goal is 404 on every verb. */
export function goalsRouter(deps: { goals: GoalsService }): Router {
  const router = new Router();
  // The signed-in user's goals, oldest first; a new user has none.
  mount(router, API.listGoals, ({ ctx }) => deps.goals.list(userIdOf(ctx)));
  mount(router, API.createGoal, ({ ctx, body }) => deps.goals.create(userIdOf(ctx), body));
  mount(router, API.updateGoal, ({ ctx, params, body }) =>
    deps.goals.update(userIdOf(ctx), params.id, body),
  );
  mount(router, API.deleteGoal, ({ ctx, params }) => deps.goals.remove(userIdOf(ctx), params.id));
  mount(router, API.addGoalProgress, ({ ctx, params, body }) =>
    deps.goals.addProgress(userIdOf(ctx), params.id, body),
  );
  // The goal's progress events, oldest first.
  mount(router, API.goalProgressHistory, ({ ctx, params }) =>
    deps.goals.progressHistory(userIdOf(ctx), params.id),
  );
  return router;
}
