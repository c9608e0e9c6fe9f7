import { Router } from '@koa/router';
import { loginRequestSchema, registerRequestSchema } from '@levelup/contracts';
import { toProfile } from '../users/profile.ts';
import { currentSessionRef, endSession, startSession } from '../sessions/session.ts';
import type { Context } from 'koa';
import { AppError } from '@levelup/service-kit';
import type { AuthService } from './auth.service.ts';

/**
 * The browser's address: the gateway drops any X-Forwarded-For a client sends and sets its own with the
 * connection's address, so its last entry is the one the gateway saw; without the gateway, the socket's.
 */
export function clientAddress(ctx: Context): string | undefined {
  const forwarded = ctx.get('x-forwarded-for').split(',').pop()?.trim();
  return forwarded || ctx.req.socket.remoteAddress || undefined;
}

export function authRouter(deps: { auth: AuthService }): Router {
  const router = new Router();

  router.post('/api/auth/register', async (ctx) => {
    const input = registerRequestSchema.parse(ctx.request.body ?? {});
    const user = await deps.auth.register(input, ctx.state.requestId, clientAddress(ctx));
    const replaced = currentSessionRef(ctx);
    await startSession(ctx, user._id);
    if (replaced) await deps.auth.revokeSession(replaced, 'replaced', ctx.state.requestId);
    ctx.status = 201;
    ctx.body = toProfile(user);
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = loginRequestSchema.parse(ctx.request.body ?? {});
    const user = await deps.auth.login(input, clientAddress(ctx));
    const replaced = currentSessionRef(ctx);
    await startSession(ctx, user._id);
    if (replaced) await deps.auth.revokeSession(replaced, 'replaced', ctx.state.requestId);
    ctx.body = toProfile(user);
  });

  // Sign-out is a form post from the Logout button that returns to the landing page (303: the browser
  // follows with a GET). Never a GET: a link or an image on any page could sign the user out.
  router.post('/api/logout', async (ctx) => {
    const ended = currentSessionRef(ctx);
    endSession(ctx);
    if (ended) await deps.auth.revokeSession(ended, 'sign_out', ctx.state.requestId);
    ctx.status = 303;
    ctx.redirect('/');
  });
  router.get('/api/logout', () => {
    throw new AppError('METHOD_NOT_ALLOWED', 'Sign out with a POST request.', 405, {
      headers: { allow: 'POST' },
    });
  });

  return router;
}
