import { Router } from '@koa/router';
import { loginRequestSchema, registerRequestSchema } from '@levelup/contracts';
import { toProfile } from '../users/profile.ts';
import { endSession, startSession } from '../sessions/session.ts';
import type { AuthService } from './auth.service.ts';

export function authRouter(deps: {
  auth: AuthService;
  externalLoginUrl?: string | undefined;
}): Router {
  const router = new Router();

  router.post('/api/auth/register', async (ctx) => {
    const input = registerRequestSchema.parse(ctx.request.body ?? {});
    const user = await deps.auth.register(input, ctx.state.requestId);
    await startSession(ctx, user._id);
    ctx.status = 201;
    ctx.body = toProfile(user);
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = loginRequestSchema.parse(ctx.request.body ?? {});
    const user = await deps.auth.login(input);
    await startSession(ctx, user._id);
    ctx.body = toProfile(user);
  });

  // Browser navigations (core.md section 7): sign-out returns to the landing page.
  router.get('/api/logout', (ctx) => {
    endSession(ctx);
    ctx.redirect('/');
  });

  // External sign-in start; with no provider configured the browser goes to the auth page.
  router.get('/api/login', (ctx) => {
    ctx.redirect(deps.externalLoginUrl ?? '/auth');
  });

  return router;
}
