import { Router } from '@koa/router';
import {
  createQuestRequestSchema,
  emptyRequestSchema,
  idParamsSchema,
  progressUpdateRequestSchema,
  questListQuerySchema,
  updateQuestRequestSchema,
} from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { QuestsService } from './quests.service.ts';

export function questsRouter(deps: { quests: QuestsService }): Router {
  const router = new Router();

  router.post('/api/quests', async (ctx) => {
    const input = createQuestRequestSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await deps.quests.create(userIdOf(ctx), input);
  });

  router.get('/api/quests', async (ctx) => {
    const { includeCleared } = questListQuerySchema.parse(ctx.query);
    ctx.body = await deps.quests.list(userIdOf(ctx), includeCleared);
  });

  router.post('/api/quests/clear-completed', async (ctx) => {
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.quests.clearCompleted(userIdOf(ctx));
  });

  router.patch('/api/quests/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = updateQuestRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = await deps.quests.update(userIdOf(ctx), id, input);
  });

  router.delete('/api/quests/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    await deps.quests.remove(userIdOf(ctx), id);
    ctx.status = 204;
  });

  router.post('/api/quests/:id/toggle', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.quests.toggle(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.post('/api/quests/:id/complete', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.quests.complete(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.patch('/api/quests/:id/progress', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = progressUpdateRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = await deps.quests.progress(userIdOf(ctx), id, input, ctx.state.requestId);
  });

  router.post('/api/quests/:id/snooze', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.quests.snooze(userIdOf(ctx), id);
  });

  return router;
}
