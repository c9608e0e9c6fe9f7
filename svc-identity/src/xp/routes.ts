import { Router } from '@koa/router';
import { xpHistoryQuerySchema } from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import { requireUser } from '../profile/routes.ts';
import type { XpHistoryService } from './xp-history.service.ts';

/** The profile's XP history and achievements (issue 12), both read from the XP ledger. */
export function xpRouter(deps: { xp: XpHistoryService; identitySecret: string }): Router {
  const router = new Router();
  const signedIn = requireUser(deps.identitySecret);

  router.get('/api/user/xp-history', signedIn, async (ctx) => {
    const { limit } = xpHistoryQuerySchema.parse(ctx.query);
    ctx.body = await deps.xp.history(userIdOf(ctx), limit);
  });

  router.get('/api/user/achievements', signedIn, async (ctx) => {
    ctx.body = { achievements: await deps.xp.achievements(userIdOf(ctx)) };
  });

  return router;
}
