import { Router } from '@koa/router';
import { INTERNAL } from '@levelup/contracts';
import { mountInternal, unauthenticated } from '@levelup/service-kit';
import { currentSessionRef } from '../sessions/session.ts';
import type { UsersRepository } from '../users/repository.ts';

/**
 * INTERNAL.sessionOf: the gateway sends the browser's cookie header, signed for svc-identity, and gets
 * the signed-in user's id, role and the session's hash (what an identity.session_revoked event names),
 * or 401 when the cookie holds no live session.
 */
export function internalRouter(deps: { identitySecret: string; users: UsersRepository }): Router {
  return mountInternal(new Router(), INTERNAL.sessionOf, deps.identitySecret, async ({ ctx }) => {
    const session = currentSessionRef(ctx);
    const user = session ? await deps.users.findById(session.userId) : null;
    if (!session || !user) throw unauthenticated('No active session');
    // The role travels with the user id in the gateway's signed identity.
    return { ...session, role: user.role ?? 'member' };
  });
}
