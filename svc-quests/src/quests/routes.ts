import { Router } from '@koa/router';
import { createQuestRequestSchema, idParamsSchema } from '@levelup/contracts';
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
    ctx.body = await deps.quests.list(userIdOf(ctx));
  });

  router.post('/api/quests/:id/toggle', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    ctx.body = await deps.quests.toggle(userIdOf(ctx), id, ctx.state.requestId);
  });

  return router;
}
