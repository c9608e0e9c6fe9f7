import { Router } from '@koa/router';
import { idParamsSchema, linkSeriesRequestSchema } from '@levelup/contracts';
import { userIdOf, bodyOrEmpty } from '@levelup/service-kit';
import type { SeriesLinksService } from './series-links.service.ts';

/** /api/goals/{id}/series and /journey (goals-progression-community.md sections 3 and 7). */
export function seriesLinksRouter(deps: { links: SeriesLinksService }): Router {
  const router = new Router();

  router.post('/api/goals/:id/series', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = linkSeriesRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await deps.links.link(userIdOf(ctx), id, input);
  });

  router.get('/api/goals/:id/series', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    ctx.body = await deps.links.list(userIdOf(ctx), id);
  });

  router.get('/api/goals/:id/journey', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    ctx.body = await deps.links.journey(userIdOf(ctx), id);
  });

  return router;
}
