import { Router } from '@koa/router';
import {
  addGoalProgressRequestSchema,
  createGoalRequestSchema,
  emptyRequestSchema,
  idParamsSchema,
  updateGoalRequestSchema,
} from '@levelup/contracts';
import { userIdOf, bodyOrEmpty } from '@levelup/service-kit';
import type { GoalsService } from './goals.service.ts';

/** /api/goals (goals-progression-community.md section 7). Another user's goal is 404 on every verb. */
export function goalsRouter(deps: { goals: GoalsService }): Router {
  const router = new Router();

  // The signed-in user's goals, oldest first; a new user has none.
  router.get('/api/goals', async (ctx) => {
    ctx.body = await deps.goals.list(userIdOf(ctx));
  });

  router.post('/api/goals', async (ctx) => {
    const input = createGoalRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await deps.goals.create(userIdOf(ctx), input);
  });

  router.put('/api/goals/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = updateGoalRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.body = await deps.goals.update(userIdOf(ctx), id, input);
  });

  router.delete('/api/goals/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    await deps.goals.remove(userIdOf(ctx), id);
    ctx.status = 204;
  });

  router.post('/api/goals/:id/progress', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = addGoalProgressRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.body = await deps.goals.addProgress(userIdOf(ctx), id, input);
  });

  // Beyond the spec: the goal's goal_progress_events, oldest first.
  router.get('/api/goals/:id/progress', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    ctx.body = await deps.goals.progressHistory(userIdOf(ctx), id);
  });

  return router;
}
