import { Router } from '@koa/router';
import { requireInternal, unauthenticated } from '@levelup/service-kit';
import { currentSessionRef } from '../sessions/session.ts';
import type { UsersRepository } from '../users/repository.ts';

/**
 * GET /internal/session: the gateway sends the browser's cookie header plus signInternal headers and
 * gets the signed-in user's id, role and the session's hash (what an identity.session_revoked event names), or
 * 401 when the cookie holds no live session.
 */
export function internalRouter(deps: { identitySecret: string; users: UsersRepository }): Router {
  const router = new Router();
  router.get(
    '/internal/session',
    requireInternal(deps.identitySecret, 'svc-identity'),
    async (ctx) => {
      const session = currentSessionRef(ctx);
      const user = session ? await deps.users.findById(session.userId) : null;
      if (!session || !user) throw unauthenticated('No active session');
      // The role travels with the user id in the gateway's signed identity.
      ctx.body = { ...session, role: user.role ?? 'member' };
    },
  );
  return router;
}
