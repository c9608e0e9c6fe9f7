import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import { requireUser } from '../profile/routes.ts';
import type { XpHistoryService } from './xp-history.service.ts';

/** The profile's XP history and achievements , both read from the XP ledger. */
export function xpRouter(deps: { xp: XpHistoryService; identitySecret: string }): Router {
  const router = new Router();
  const signedIn = requireUser(deps.identitySecret);

  mount(router, API.xpHistory, ({ ctx, query }) => deps.xp.history(userIdOf(ctx), query.limit), {
    use: [signedIn],
  });
  mount(
    router,
    API.achievements,
    async ({ ctx }) => ({ achievements: await deps.xp.achievements(userIdOf(ctx)) }),
    { use: [signedIn] },
  );

  return router;
}
