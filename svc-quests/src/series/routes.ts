import { Router } from '@koa/router';
import {
  createSeriesRequestSchema,
  emptyRequestSchema,
  idParamsSchema,
  updateSeriesRequestSchema,
} from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { SeriesService } from './series.service.ts';

export function seriesRouter(deps: { series: SeriesService }): Router {
  const router = new Router();

  router.post('/api/quests/recurring', async (ctx) => {
    const input = createSeriesRequestSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await deps.series.create(userIdOf(ctx), input, ctx.state.requestId);
  });

  router.get('/api/quests/recurring', async (ctx) => {
    ctx.body = await deps.series.list(userIdOf(ctx));
  });

  router.get('/api/quests/recurring-series', async (ctx) => {
    ctx.body = await deps.series.choices(userIdOf(ctx));
  });

  router.patch('/api/quests/recurring/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = updateSeriesRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = await deps.series.update(userIdOf(ctx), id, input, ctx.state.requestId);
  });

  router.delete('/api/quests/recurring/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    await deps.series.remove(userIdOf(ctx), id, ctx.state.requestId);
    ctx.status = 204;
  });

  router.post('/api/quests/recurring/:id/pause', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.series.pause(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.post('/api/quests/recurring/:id/resume', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.series.resume(userIdOf(ctx), id, ctx.state.requestId);
  });

  return router;
}
