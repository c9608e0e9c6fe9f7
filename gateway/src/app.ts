import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import type { Context } from 'koa';
import { IDENTITY_HEADERS, signIdentity } from '@levelup/service-kit';
import type { GatewayConfig } from './config.ts';
import {
  REMOTES,
  findApiRoute,
  matchesPrefix,
  remotesManifest,
  serviceUrl,
} from './route-table.ts';
import type { ServiceName } from './route-table.ts';
import { createSessionResolver } from './session-resolver.ts';
import type { SessionResolver } from './session-resolver.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';
import type { RequestHandler } from 'http-proxy-middleware';

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
const UNTRUSTED_HEADERS = [
  ...IDENTITY_HEADERS,
  'x-internal-sig',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

export interface GatewayDeps {
  log?: Log;
  sessions?: SessionResolver;
}

/** The single public origin: /api/* to the owning service, /remotes/* and the rest to the static servers. */
export function createApp(config: GatewayConfig, deps: GatewayDeps = {}) {
  const log: Log = deps.log ?? (() => {});
  const sessions =
    deps.sessions ??
    createSessionResolver({
      identityUrl: config.IDENTITY_URL,
      secret: config.IDENTITY_SECRET,
      cacheMs: config.SESSION_CACHE_MS,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    });

  const proxy = (name: string, target: string, stripPrefix?: string) =>
    createUpstreamProxy({ name, target, timeoutMs: config.UPSTREAM_TIMEOUT_MS, stripPrefix, log });

  const services = new Map<ServiceName, RequestHandler>(
    (['identity', 'quests', 'goals', 'community', 'feedback'] as const).map((service) => [
      service,
      proxy(`svc-${service}`, serviceUrl(config, service)),
    ]),
  );
  const remotes = REMOTES.map((remote) => ({
    mount: remote.mount,
    handler: proxy(remote.name, config[remote.configKey], remote.mount),
  }));
  const shell = proxy('shell', config.SHELL_URL);

  const app = new Koa();

  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    for (const header of UNTRUSTED_HEADERS) delete ctx.req.headers[header];
    ctx.req.headers['x-request-id'] = requestId;
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    await next();
  });

  app.use(async (ctx, next) => {
    if (ctx.path === '/health') {
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    if (ctx.path === '/config/remotes.json') {
      ctx.set('cache-control', 'no-cache');
      ctx.body = remotesManifest();
      return;
    }
    await next();
  });

  app.use(async (ctx, next) => {
    if (!matchesPrefix(ctx.path, '/api')) return next();
    if (UNSAFE_METHODS.has(ctx.method) && !isSameOrigin(ctx)) {
      return sendError(ctx, 403, 'CROSS_ORIGIN', 'Cross-origin requests are not allowed.');
    }
    const route = findApiRoute(ctx.path);
    if (!route) return sendError(ctx, 404, 'NOT_FOUND', `No API route for ${ctx.path}`);

    const cookie = ctx.get('cookie') || undefined;
    const session = await sessions.resolve(cookie, ctx.state.requestId as string);
    if (session.kind === 'unavailable' && route.service !== 'identity') {
      log('session lookup failed', { requestId: ctx.state.requestId, reason: session.reason });
      return sendError(
        ctx,
        503,
        'IDENTITY_UNAVAILABLE',
        'Sign-in could not be checked right now. Please try again shortly.',
      );
    }
    if (route.service === 'identity') {
      // Sign-in, sign-up and sign-out change what the cookie means: never reuse a cached answer for it.
      if (!matchesPrefix(ctx.path, '/api/user')) sessions.forget(cookie);
    } else {
      delete ctx.req.headers.cookie;
    }
    if (session.kind === 'signed-in') {
      Object.assign(
        ctx.req.headers,
        signIdentity(
          { userId: session.userId, requestId: ctx.state.requestId as string },
          config.IDENTITY_SECRET,
        ),
      );
    }
    await forward(ctx, services.get(route.service)!);
  });

  app.use(async (ctx) => {
    const remote = remotes.find((candidate) => matchesPrefix(ctx.path, candidate.mount));
    await forward(ctx, remote ? remote.handler : shell);
  });

  return app;
}

async function forward(ctx: Context, handler: RequestHandler) {
  // http-proxy-middleware writes the raw response itself; Koa must stay out of it.
  ctx.respond = false;
  // Upstream failures are answered (JSON 502/504) and logged by the proxy itself.
  await handler(ctx.req, ctx.res, (error?: unknown) => {
    if (error && !ctx.res.headersSent) ctx.app.emit('error', error, ctx);
  });
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

function sendError(ctx: Context, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.set('cache-control', 'no-store');
  ctx.body = { error: { code, message } };
}
