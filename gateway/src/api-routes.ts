import type { Context, Middleware } from 'koa';
import { API_PREFIX, maxBodyBytesOf } from '@levelup/contracts';
import { signIdentity, signInternal } from '@levelup/service-kit';
import type { GatewayConfig } from './config.ts';
import { forward, sendError } from './respond.ts';
import type { RequestLimiter } from './rate-limit.ts';
import {
  REMINDERS_PREFIX,
  USER_PREFIX,
  findApiRoute,
  matchesPrefix,
  type ServiceName,
} from './route-table.ts';
import type { SessionResolver } from './session-resolver.ts';
import { readBody, replayBody } from './signed-body.ts';
import { streamOf, type createStreamCaps } from './stream-caps.ts';
import { signWhenSent, type UpstreamPool } from './upstream-pool.ts';

type Log = (message: string, fields?: Record<string, unknown>) => void;
type Session = Awaited<ReturnType<SessionResolver['resolve']>>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiRoutesDeps {
  config: GatewayConfig;
  log: Log;
  sessions: SessionResolver;
  rateLimiter: RequestLimiter;
  pools: ReadonlyMap<ServiceName, UpstreamPool>;
  streamCaps: ReturnType<typeof createStreamCaps>;
  /** True for a calendar feed link this deployment issued (never refused for its address's misses). */
  isIssuedFeedLink: (path: string) => boolean;
}

/**
 * /api/*: same origin for writes, the owning service from the route table, the session, the rate
 * limits, the identity signed for this one request, and event streams within their caps.
 */
export function apiRoutes(deps: ApiRoutesDeps): Middleware {
  const { sessions, pools } = deps;
  const limited = rateLimitStep(deps);
  const forwardPublic = publicForwarder(deps, limited);
  const forwardSignedIn = signedInForwarder(deps);
  return async (ctx, next) => {
    if (!matchesPrefix(ctx.path, API_PREFIX)) return next();
    if (UNSAFE_METHODS.has(ctx.method) && !isSameOrigin(ctx)) {
      return sendError(ctx, 403, 'CROSS_ORIGIN', 'Cross-origin requests are not allowed.');
    }
    const route = findApiRoute(ctx.path);
    if (!route) return sendError(ctx, 404, 'NOT_FOUND', `No API route for ${ctx.path}`);
    if (route.public) return forwardPublic(ctx, route.service);

    const cookie = ctx.get('cookie') || undefined;
    const session = await sessions.resolve(cookie, ctx.state.requestId as string);
    if (session.kind === 'signed-in' && session.stale) {
      // Served from the last verification while svc-identity does not answer.
      ctx.set('x-session-stale', '1');
    }
    if (session.kind === 'unavailable' && route.service !== 'identity') {
      deps.log('session lookup failed', {
        requestId: ctx.state.requestId,
        reason: session.reason,
      });
      return sendError(
        ctx,
        503,
        'IDENTITY_UNAVAILABLE',
        'Sign-in could not be checked right now. Please try again shortly.',
      );
    }
    if (route.service === 'identity') {
      // Sign-in, sign-up and sign-out change what the cookie means: never reuse a cached answer for it.
      const keepsSession = [USER_PREFIX, REMINDERS_PREFIX].some((prefix) =>
        matchesPrefix(ctx.path, prefix),
      );
      if (!keepsSession) sessions.forget(cookie);
    } else {
      delete ctx.req.headers.cookie;
    }
    const userId = session.kind === 'signed-in' ? session.userId : undefined;
    // Only what the service took counts against the limit: a refusal (4xx) or a request never sent
    // (503) is given back; a 5xx or a 504 may have done the work (an import finishing after its 504).
    if (await limited(ctx, userId, (status) => (status >= 400 && status < 500) || status === 503))
      return;
    if (session.kind !== 'signed-in') return forward(ctx, pools.get(route.service)!.handler);
    await forwardSignedIn(ctx, route.service, session);
  };
}

/**
 * Checks the request against the rate limits: true when it was refused (429 written). What is counted
 * is given back when the answer's status says the service did not take it (`refunds`).
 */
function rateLimitStep({ rateLimiter, log }: ApiRoutesDeps) {
  return async (
    ctx: Context,
    userId: string | undefined,
    refunds: (status: number) => boolean,
  ): Promise<boolean> => {
    const limit = await rateLimiter.check(
      ctx.method,
      ctx.path,
      userId,
      ctx.state.clientIp as string,
    );
    if (limit.limited) {
      log('rate limited', {
        requestId: ctx.state.requestId,
        rule: limit.rule,
        userId,
        address: ctx.state.clientIp,
      });
      ctx.set('retry-after', String(limit.retryAfterSeconds));
      sendError(ctx, 429, 'RATE_LIMITED', limit.message);
      return true;
    }
    if (limit.counted.length > 0)
      ctx.res.once('finish', () => {
        if (refunds(ctx.res.statusCode)) rateLimiter.refund(limit.counted);
      });
    return false;
  };
}

/**
 * A path whose secret is its credential (the calendar feed): read-only, no session looked up and no
 * cookie sent on, signed as the gateway's own call so the service knows it passed this limit.
 */
function publicForwarder(
  { config, pools, isIssuedFeedLink }: ApiRoutesDeps,
  limited: ReturnType<typeof rateLimitStep>,
) {
  return async (ctx: Context, service: ServiceName) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('allow', 'GET, HEAD');
      return sendError(ctx, 405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here`);
    }
    delete ctx.req.headers.cookie;
    // A link this deployment issued is never refused for its address's misses; guesses are counted,
    // and only misses count: a feed found is given back.
    if (!isIssuedFeedLink(ctx.path) && (await limited(ctx, undefined, (status) => status < 400)))
      return;
    const request = { service: `svc-${service}`, method: ctx.method, path: ctx.req.url ?? ctx.url };
    signWhenSent(ctx.req, () => signInternal(config.IDENTITY_SECRET, request));
    await forward(ctx, pools.get(service)!.handler);
  };
}

/** A signed-in request: its identity signed for this service, method, path and body; streams capped. */
function signedInForwarder({ config, log, pools, streamCaps }: ApiRoutesDeps) {
  return async (
    ctx: Context,
    service: ServiceName,
    session: Extract<Session, { kind: 'signed-in' }>,
  ) => {
    ctx.state.userId = session.userId;
    const limit = maxBodyBytesOf(ctx.method, ctx.path);
    const body = await readBody(ctx.req, limit);
    if (body === 'too-large') {
      return sendError(
        ctx,
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${limit} bytes`,
      );
    }
    if (body) replayBody(ctx.req, body);
    // Signed as it leaves for the service (after any wait for a free slot), so it is always fresh there.
    const user = {
      userId: session.userId,
      role: session.role,
      requestId: ctx.state.requestId as string,
    };
    const request = {
      service: `svc-${service}`,
      method: ctx.method,
      path: ctx.req.url ?? ctx.url,
      body,
    };
    signWhenSent(ctx.req, () => signIdentity(user, config.IDENTITY_SECRET, request));
    const stream = streamOf(ctx.method, ctx.path);
    if (!stream) return forward(ctx, pools.get(service)!.handler);
    const opened = streamCaps.open(session.userId, stream);
    if (!opened.open) {
      log('stream refused', {
        requestId: ctx.state.requestId,
        cap: opened.cap,
        userId: session.userId,
      });
      ctx.set('retry-after', String(opened.retryAfterSeconds));
      return sendError(ctx, 429, 'TOO_MANY_STREAMS', opened.message, {
        cap: opened.cap,
        max: opened.max,
      });
    }
    ctx.res.once('close', opened.close);
    await forward(ctx, pools.get(service)!.streamHandler);
  };
}

function isSameOrigin(ctx: Context): boolean {
  const origin = ctx.get('origin');
  if (!origin) return true; // non-browser clients and same-origin navigations without Origin
  try {
    return new URL(origin).host === ctx.get('host');
  } catch {
    return false;
  }
}
