import { Router } from '@koa/router';
import { requireInternal, unauthenticated } from '@levelup/service-kit';
import { sessionUserId } from '../sessions/session.ts';
import type { UsersRepository } from '../users/repository.ts';

/**
 * GET /internal/session: the gateway sends the browser's cookie header plus signInternal headers and
 * gets the signed-in user's id, or 401 when the cookie holds no live session.
 */
export function internalRouter(deps: { identitySecret: string; users: UsersRepository }): Router {
  const router = new Router();
  router.get('/internal/session', requireInternal(deps.identitySecret), async (ctx) => {
    const userId = sessionUserId(ctx);
    if (!userId || !(await deps.users.findById(userId))) throw unauthenticated('No active session');
    ctx.body = { userId };
  });
  return router;
}
