import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { API } from '@levelup/contracts';
import {
  mount,
  signedRequestOf,
  unauthenticated,
  userIdOf,
  verifyIdentity,
} from '@levelup/service-kit';
import { sessionUserId } from '../sessions/session.ts';
import { toProfile } from '../users/profile.ts';
import type { ProfileService } from './profile.service.ts';

/**
 * The signed-in user: the gateway's signed identity when present (the only identity header trusted), else this service's own
 * session cookie (the gateway forwards the cookie to svc-identity). A bare x-user-id is never trusted.
 */
export function requireUser(identitySecret: string): Middleware {
  return async (ctx: Context, next) => {
    const userId =
      verifyIdentity(ctx.headers, identitySecret, signedRequestOf(ctx, 'svc-identity'))?.userId ??
      sessionUserId(ctx);
    if (!userId) throw unauthenticated();
    ctx.state.userId = userId;
    await next();
  };
}

export function profileRouter(deps: { profiles: ProfileService; identitySecret: string }): Router {
  const router = new Router();
  const signedIn = requireUser(deps.identitySecret);

  mount(
    router,
    API.getProfile,
    async ({ ctx }) => toProfile(await deps.profiles.get(userIdOf(ctx))),
    {
      use: [signedIn],
    },
  );
  mount(
    router,
    API.updateProfile,
    async ({ ctx, body }) =>
      toProfile(await deps.profiles.update(userIdOf(ctx), body, ctx.state.requestId)),
    { use: [signedIn] },
  );

  return router;
}
