import { Router } from '@koa/router';
import {
  LIFE_TASK_COMPLETE_METHODS,
  createLifeTaskRequestSchema,
  emptyRequestSchema,
  idParamsSchema,
  lifeTaskListQuerySchema,
  updateLifeTaskRequestSchema,
} from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { LifeTasksService } from './life-tasks.service.ts';

export function lifeTasksRouter(deps: { lifeTasks: LifeTasksService }): Router {
  const router = new Router();

  router.get('/api/life-tasks', async (ctx) => {
    const { includeCompleted } = lifeTaskListQuerySchema.parse(ctx.query);
    ctx.body = await deps.lifeTasks.list(userIdOf(ctx), includeCompleted);
  });

  router.post('/api/life-tasks', async (ctx) => {
    const input = createLifeTaskRequestSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await deps.lifeTasks.create(userIdOf(ctx), input);
  });

  // core.md section 7 reads both PATCH and POST; both are served by one handler.
  router.register('/api/life-tasks/:id/complete', [...LIFE_TASK_COMPLETE_METHODS], async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.lifeTasks.complete(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.patch('/api/life-tasks/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = updateLifeTaskRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = await deps.lifeTasks.update(userIdOf(ctx), id, input);
  });

  router.post('/api/life-tasks/:id/snooze', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.lifeTasks.snooze(userIdOf(ctx), id);
  });

  router.delete('/api/life-tasks/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    await deps.lifeTasks.remove(userIdOf(ctx), id);
    ctx.status = 204;
  });

  return router;
}
