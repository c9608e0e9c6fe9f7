import { Router } from '@koa/router';
import { userIdOf } from '@levelup/service-kit';
import type { OverviewService } from './overview.service.ts';

export function dashboardRouter(deps: { overview: OverviewService }): Router {
  const router = new Router();
  router.get('/api/dashboard/overview', async (ctx) => {
    ctx.body = await deps.overview.forUser(userIdOf(ctx));
  });
  return router;
}
