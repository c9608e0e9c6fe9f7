import { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  API,
  isValidTimeZone,
  type ExternalSignInNotice,
  type LoginOptionsResponse,
} from '@levelup/contracts';
import { mount, unauthenticated, type Logger } from '@levelup/service-kit';
import { currentSessionRef, sessionUserId, startSession } from '../sessions/session.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ExternalAccounts } from './external-accounts.ts';
import type { OidcClient, PendingSignIn } from './oidc-client.ts';

const PENDING_COOKIE = 'levelup.oidc';
const PENDING_MAX_AGE_MS = 10 * 60 * 1000;

const toAuth = (ctx: Context, notice: ExternalSignInNotice) =>
  ctx.redirect(`/auth?notice=${notice}`);

/**
 * What the browser carries from /api/login to the callback: the OIDC checks, the browser's zone, and
 * for a link started from a signed-in session, whose account the provider account is linked to.
 */
interface Pending extends PendingSignIn {
  timeZone?: string;
  linkTo?: string;
}

function readPending(ctx: Context): Pending | null {
  const raw = ctx.cookies.get(PENDING_COOKIE, { signed: true });
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Pending;
    return typeof value.state === 'string' &&
      typeof value.nonce === 'string' &&
      typeof value.codeVerifier === 'string' &&
      (value.timeZone === undefined || isValidTimeZone(value.timeZone)) &&
      (value.linkTo === undefined || typeof value.linkTo === 'string')
      ? value
      : null;
  } catch {
    return null;
  }
}

/**
 * The browser's IANA zone from `?timeZone=` (web-kit's loginUrl), for an account made by this sign-in:
 * its days and streaks start at the user's midnight, as after a sign-up. Absent or not a zone Intl
 * knows: none, and a new account starts in UTC (changeable on the profile); the sign-in itself goes on.
 */
function browserTimeZone(value: string | undefined): string | undefined {
  return isValidTimeZone(value) ? value : undefined;
}

/**
 * GET /api/login starts external sign-in (OpenID Connect) and GET /api/login/callback ends it
 * on a fresh session, as a password sign-in does. Without a provider the sign-in links are simply the
 * way to the sign-in page: /api/login goes to /auth, where the password forms are. When a provider is
 * set up but anything fails, the browser lands on /auth with a notice: never an error page.
 * GET /api/login/options tells the app whether there is a provider, so its links can go to /auth directly.
 */
export function externalSignInRouter(deps: {
  oidc: OidcClient | null;
  accounts: ExternalAccounts;
  auth: AuthService;
  secureCookies: boolean;
  logger: Logger;
}): Router {
  const router = new Router();
  const cookieOptions = {
    signed: true,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies,
    path: API.loginStart.path,
  };

  mount(router, API.loginOptions, (): LoginOptionsResponse => ({
    externalSignIn: deps.oidc !== null,
  }));

  // Without a provider the sign-in links are simply the way to the password forms: no error notice.
  async function startAt(ctx: Context, carried: Omit<Pending, keyof PendingSignIn>) {
    if (!deps.oidc) return ctx.redirect('/auth');
    try {
      const { url, pending } = await deps.oidc.start();
      ctx.cookies.set(
        PENDING_COOKIE,
        Buffer.from(JSON.stringify({ ...pending, ...carried })).toString('base64url'),
        {
          ...cookieOptions,
          secure: cookieOptions.secure || ctx.secure,
          maxAge: PENDING_MAX_AGE_MS,
        },
      );
      ctx.redirect(url);
    } catch (error) {
      deps.logger.warn('external sign-in could not start', { error });
      toAuth(ctx, 'external-unavailable');
    }
  }

  mount(router, API.loginStart, async ({ ctx, query }) => {
    await startAt(ctx, { timeZone: browserTimeZone(query.timeZone) });
  });

  // Linking a provider account to the signed-in user's own account: a form POST from the app (the
  // gateway refuses cross-site POSTs), never a GET, so no other site can start it in the user's browser.
  mount(router, API.linkLogin, async ({ ctx }) => {
    const userId = sessionUserId(ctx);
    if (!userId) throw unauthenticated();
    await startAt(ctx, { linkTo: userId });
    ctx.status = 303;
  });

  mount(router, API.loginCallback, async ({ ctx }) => {
    if (!deps.oidc) return toAuth(ctx, 'external-unavailable');
    const pending = readPending(ctx);
    ctx.cookies.set(PENDING_COOKIE, null, {
      ...cookieOptions,
      secure: cookieOptions.secure || ctx.secure,
    });
    if (!pending) return toAuth(ctx, 'external-failed');
    try {
      const claims = await deps.oidc.finish(deps.oidc.callbackUrl(ctx.url), pending);
      if (pending.linkTo !== undefined) {
        // Only into the session that started the link.
        if (sessionUserId(ctx) !== pending.linkTo) return toAuth(ctx, 'external-failed');
        const linked = await deps.accounts.linkTo(claims, pending.linkTo);
        if (linked.kind === 'linked-elsewhere') return toAuth(ctx, 'external-linked-elsewhere');
        deps.logger.info('external sign-in linked from the session', { userId: pending.linkTo });
        return ctx.redirect('/profile');
      }
      const result = await deps.accounts.signIn(claims, {
        requestId: ctx.state.requestId as string | undefined,
        timeZone: pending.timeZone,
      });
      if (result.kind === 'email-taken') return toAuth(ctx, 'external-email-taken');
      const replaced = currentSessionRef(ctx);
      await startSession(ctx, result.user._id);
      if (replaced) await deps.auth.revokeSession(replaced, 'replaced', ctx.state.requestId);
      ctx.redirect('/');
    } catch (error) {
      deps.logger.warn('external sign-in failed', { error });
      toAuth(ctx, 'external-failed');
    }
  });

  return router;
}
