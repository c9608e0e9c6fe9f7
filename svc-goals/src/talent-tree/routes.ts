import { Router } from '@koa/router';
import { emptyRequestSchema } from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { TalentTreeService } from './talent-tree.service.ts';

/** /api/talent-tree (goals-progression-community.md section 7). */
export function talentTreeRouter(deps: { talents: TalentTreeService }): Router {
  const router = new Router();

  // The node list in tree order: path by path, tier by tier.
  router.get('/api/talent-tree', async (ctx) => {
    ctx.body = await deps.talents.tree();
  });

  router.get('/api/talent-tree/user/progress', async (ctx) => {
    ctx.body = await deps.talents.progress(userIdOf(ctx));
  });

  router.post('/api/talent-tree/user/check-unlocks', async (ctx) => {
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.talents.checkUnlocks(userIdOf(ctx));
  });

  return router;
}
