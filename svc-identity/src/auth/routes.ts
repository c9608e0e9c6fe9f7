import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { toProfile } from '../users/profile.ts';
import { currentSessionRef, endSession, sessionUserId, startSession } from '../sessions/session.ts';
import type { EmailVerification } from './email-verification.ts';
import type { Context } from 'koa';
import { AppError, type Logger, mount, unauthenticated } from '@levelup/service-kit';
import type { UsersRepository } from '../users/repository.ts';
import type { AuthService } from './auth.service.ts';

/**
 * The browser's address: the gateway drops any X-Forwarded-For a client sends and sets its own with the
 * connection's address, so its last entry is the one the gateway saw; without the gateway, the socket's.
 */
export function clientAddress(ctx: Context): string | undefined {
  const forwarded = ctx.get('x-forwarded-for').split(',').pop()?.trim();
  return forwarded || ctx.req.socket.remoteAddress || undefined;
}

const invalidVerification = () =>
  new AppError('INVALID_TOKEN', 'That confirmation link is invalid or has expired.', 400, {
    details: [{ path: 'token', message: 'That confirmation link is invalid or has expired.' }],
  });

export function authRouter(deps: {
  auth: AuthService;
  verification: EmailVerification;
  users: UsersRepository;
  logger: Pick<Logger, 'error'>;
}): Router {
  const router = new Router();

  /** The confirmation link; a mail that cannot go out never fails the sign-up (it can be sent again). */
  async function sendVerification(user: Parameters<EmailVerification['send']>[0]) {
    try {
      await deps.verification.send(user);
    } catch (error) {
      deps.logger.error('verification email could not be sent', { userId: user._id, error });
    }
  }

  mount(router, API.register, async ({ ctx, body }) => {
    const user = await deps.auth.register(body, ctx.state.requestId, clientAddress(ctx));
    const replaced = currentSessionRef(ctx);
    await startSession(ctx, user._id);
    if (replaced) await deps.auth.revokeSession(replaced, 'replaced', ctx.state.requestId);
    await sendVerification(user);
    return toProfile(user);
  });

  // The link in the confirmation email: a browser navigation, answered with the auth page and a notice.
  mount(router, API.verifyEmailLink, async ({ ctx, query }) => {
    const user = query.token ? await deps.verification.verify(query.token) : null;
    ctx.status = 303;
    ctx.redirect(`/auth?notice=${user ? 'email-verified' : 'email-verification-failed'}`);
  });

  // The same for a client: { token } answers { verified: true }, or 400 for a bad or used token.
  mount(router, API.verifyEmail, async ({ body }) => {
    const user = await deps.verification.verify(body.token);
    if (!user) throw invalidVerification();
    return { verified: true as const, email: user.email };
  });

  // A new confirmation link to the signed-in user's email (202); 200 when it is already confirmed.
  mount(router, API.sendVerificationEmail, async ({ ctx }) => {
    const userId = sessionUserId(ctx);
    const user = userId ? await deps.users.findById(userId) : null;
    if (!user) throw unauthenticated();
    if (user.emailVerifiedAt) {
      ctx.status = 200;
      return { sent: false, verified: true };
    }
    await deps.verification.send(user);
    return { sent: true, verified: false };
  });

  mount(router, API.login, async ({ ctx, body }) => {
    const user = await deps.auth.login(body, clientAddress(ctx));
    const replaced = currentSessionRef(ctx);
    await startSession(ctx, user._id);
    if (replaced) await deps.auth.revokeSession(replaced, 'replaced', ctx.state.requestId);
    return toProfile(user);
  });

  // Sign-out is a form post from the Logout button that returns to the landing page (303: the browser
  // follows with a GET). Never a GET: a link or an image on any page could sign the user out.
  router.post(API.logout.path, async (ctx) => {
    const ended = currentSessionRef(ctx);
    endSession(ctx);
    if (ended) await deps.auth.revokeSession(ended, 'sign_out', ctx.state.requestId);
    ctx.status = 303;
    ctx.redirect('/');
  });
  router.get(API.logout.path, () => {
    throw new AppError('METHOD_NOT_ALLOWED', 'Sign out with a POST request.', 405, {
      headers: { allow: 'POST' },
    });
  });

  return router;
}
