import { Router } from '@koa/router';
import { questRangeQuerySchema } from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { GroupedService } from './grouped.service.ts';

export function groupedRouter(deps: { grouped: GroupedService }): Router {
  const router = new Router();

  router.get('/api/quests/with-occurrences', async (ctx) => {
    const query = questRangeQuerySchema.parse(ctx.query);
    ctx.body = await deps.grouped.withOccurrences(userIdOf(ctx), query);
  });

  router.get('/api/quests/grouped', async (ctx) => {
    const query = questRangeQuerySchema.parse(ctx.query);
    ctx.body = await deps.grouped.grouped(userIdOf(ctx), query);
  });

  return router;
}
