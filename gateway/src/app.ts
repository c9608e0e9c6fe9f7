import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import type { Context } from 'koa';
import { IDENTITY_HEADERS, signIdentity, signInternal } from '@levelup/service-kit';
import type { GatewayConfig } from './config.ts';
import { API, API_PREFIX } from '@levelup/contracts';
import {
  REMOTES,
  REMINDERS_PREFIX,
  USER_PREFIX,
  findApiRoute,
  matchesPrefix,
  remotesManifest,
  serviceUrls,
} from './route-table.ts';
import type { ServiceName } from './route-table.ts';
import { apiDocsHtml, openApiJson } from './api-docs.ts';
import { createSessionResolver } from './session-resolver.ts';
import type { SessionResolver } from './session-resolver.ts';
import { createIdentityFallback } from './identity-fallback.ts';
import { createUpstreamPool, signWhenSent } from './upstream-pool.ts';
import type { ProxyHandler, UpstreamPool } from './upstream-pool.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';
import { requestTelemetry } from './request-telemetry.ts';
import { createFirstScreen, wantsFirstScreen } from './first-screen.ts';
import type { UpstreamProxyOptions } from './upstream-proxy.ts';
import { clientOf, parseTrustProxy } from './client-address.ts';
import { createRateLimiter, type RequestLimiter } from './rate-limit.ts';
import { issuedFeedLinks } from './calendar-feed-link.ts';
import { MAX_SIGNED_BODY_BYTES, readBody, replayBody } from './signed-body.ts';
import { createStreamCaps, streamOf } from './stream-caps.ts';

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

/**
 * On every answer. Pages get their Content-Security-Policy from the static server that knows
 * their inline scripts (web-kit static-server.ts); API answers are data, never a document to render or
 * frame, and never stored by a cache.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};
/** The API reference page is a document with its own inline styles. */
const API_DOCS_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;
/** Browsers that reached the app over HTTPS keep to it for a year (sent only on HTTPS answers). */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface GatewayDeps {
  log?: Log;
  sessions?: SessionResolver;
  /**
   * The per-user and per-address limits: main.ts brings the one shared by every gateway through NATS
   * (shared-rate-limit.ts); without one, this app counts RATE_RULES in its own memory.
   */
  rateLimiter?: RequestLimiter;
}

/** The session resolver the gateway's settings describe (main.ts also hands it the revocations). */
export function sessionResolverFor(config: GatewayConfig): SessionResolver {
  return createSessionResolver({
    identityUrls: serviceUrls(config, 'identity'),
    secret: config.IDENTITY_SECRET,
    cacheMs: config.SESSION_CACHE_MS,
    followedCacheMs: config.SESSION_CACHE_FOLLOWED_MS,
    staleMs: config.SESSION_STALE_MS,
    maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    maxBytes: config.SESSION_CACHE_MAX_BYTES,
    timeoutMs: config.SESSION_TIMEOUT_MS,
  });
}

/** The single public origin: /api/* to the owning service, /remotes/* and the rest to the static servers. */
export function createApp(config: GatewayConfig, deps: GatewayDeps = {}) {
  const log: Log = deps.log ?? (() => {});
  const sessions = deps.sessions ?? sessionResolverFor(config);
  const rateLimiter =
    deps.rateLimiter ?? createRateLimiter(config.RATE_LIMITS === 'off' ? { rules: [] } : {});
  const isIssuedFeedLink = issuedFeedLinks(config.IDENTITY_SECRET);
  const identityFallback = createIdentityFallback({
    identityUrls: serviceUrls(config, 'identity'),
    sessions,
    timeoutMs: config.SESSION_TIMEOUT_MS,
    log,
  });

  const proxy = (
    name: string,
    target: string,
    stripPrefix?: string,
    fallback?: UpstreamProxyOptions['fallback'],
  ) =>
    createUpstreamProxy({
      name,
      target,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      stripPrefix,
      log,
      fallback,
    });

  // Each service may run as several instances: a pool spreads its requests over them.
  const pools = new Map<ServiceName, UpstreamPool>(
    (['identity', 'quests', 'goals', 'community', 'feedback'] as const).map((service) => [
      service,
      createUpstreamPool({
        name: `svc-${service}`,
        targets: serviceUrls(config, service),
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        maxPerInstance: config.UPSTREAM_MAX_PER_INSTANCE,
        retryAfterMs: config.UPSTREAM_RETRY_MS,
        dns:
          config.UPSTREAM_DNS_REFRESH_MS > 0
            ? { refreshMs: config.UPSTREAM_DNS_REFRESH_MS }
            : undefined,
        log,
        fallback: service === 'identity' ? identityFallback.fallback : undefined,
      }),
    ]),
  );
  const remotes = REMOTES.map((remote) => ({
    mount: remote.mount,
    handler: proxy(remote.name, config[remote.configKey], remote.mount),
  }));
  const shell = proxy('shell', config.SHELL_URL);
  const firstScreen = createFirstScreen({
    shellUrl: config.SHELL_URL,
    serviceUrl: (service) => pools.get(service)!.target(),
    secret: config.IDENTITY_SECRET,
    timeoutMs: config.FIRST_SCREEN_TIMEOUT_MS,
    log,
  });

  const streamCaps = createStreamCaps({
    perUser: config.STREAMS_PER_USER,
    perRoom: config.STREAMS_PER_ROOM,
    total: config.STREAMS_TOTAL,
  });
  const trust = parseTrustProxy(config.TRUST_PROXY);
  const app = new Koa();

  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Who the client is, from the headers only trusted proxies wrote (TRUST_PROXY); then the gateway's
    // own X-Forwarded-For (the client's address) and X-Forwarded-Proto replace whatever came in.
    const client = clientOf(
      trust,
      ctx.req.socket.remoteAddress,
      ctx.get('x-forwarded-for'),
      ctx.get('x-forwarded-proto'),
    );
    ctx.state.clientIp = client.ip;
    ctx.state.clientProto = client.proto;
    for (const header of UNTRUSTED_HEADERS) delete ctx.req.headers[header];
    ctx.req.headers['x-forwarded-for'] = client.ip;
    ctx.req.headers['x-forwarded-proto'] = client.proto;
    if (client.proto === 'https') ctx.set('strict-transport-security', HSTS);
    ctx.req.headers['x-request-id'] = requestId;
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    ctx.set(SECURITY_HEADERS);
    if (matchesPrefix(ctx.path, API_PREFIX)) ctx.set(API_HEADERS);
    if (ctx.path === API.apiDocs.path) ctx.set(API_DOCS_HEADERS);
    await next();
  });
  app.use(requestTelemetry(log));

  app.use(async (ctx, next) => {
    if (ctx.path === '/health' || ctx.path === '/healthz') {
      ctx.set('cache-control', 'no-store');
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    if (ctx.path === '/readyz') {
      // Ready while every service has an instance that is in (none refused its last connection).
      const services = Object.fromEntries(
        [...pools].map(([service, pool]) => [
          `svc-${service}`,
          pool.status().some((instance) => instance.up) ? 'up' : 'down',
        ]),
      );
      const ready = Object.values(services).every((state) => state === 'up');
      ctx.set('cache-control', 'no-store');
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', service: 'gateway', services };
      return;
    }
    if (ctx.path === '/config/remotes.json') {
      ctx.set('cache-control', 'no-cache');
      ctx.body = remotesManifest();
      return;
    }
    // The API reference, built from the contracts: readable by anyone, like the spec.
    if (ctx.method === API.openApiDocument.method && ctx.path === API.openApiDocument.path) {
      ctx.type = 'application/json';
      ctx.body = openApiJson();
      return;
    }
    if (ctx.method === API.apiDocs.method && ctx.path === API.apiDocs.path) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = apiDocsHtml();
      return;
    }
    await next();
  });

  app.use(async (ctx, next) => {
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
      const keepsSession = [USER_PREFIX, REMINDERS_PREFIX].some((prefix) =>
        matchesPrefix(ctx.path, prefix),
      );
      if (!keepsSession) sessions.forget(cookie);
    } else {
      delete ctx.req.headers.cookie;
    }
    const limit = await rateLimiter.check(
      ctx.method,
      ctx.path,
      session.kind === 'signed-in' ? session.userId : undefined,
      ctx.state.clientIp as string,
    );
    if (limit.limited) {
      log('rate limited', {
        requestId: ctx.state.requestId,
        rule: limit.rule,
        userId: session.kind === 'signed-in' ? session.userId : undefined,
        address: ctx.state.clientIp,
      });
      ctx.set('retry-after', String(limit.retryAfterSeconds));
      return sendError(ctx, 429, 'RATE_LIMITED', limit.message);
    }
    if (limit.counted.length > 0)
      ctx.res.once('finish', () => {
        // Only what the service took counts against the limit: a refusal (4xx) or a request never sent
        // (503) is given back; a 5xx or a 504 may have done the work (an import finishing after its 504).
        const status = ctx.res.statusCode;
        if ((status >= 400 && status < 500) || status === 503) rateLimiter.refund(limit.counted);
      });
    if (session.kind !== 'signed-in') return forward(ctx, pools.get(route.service)!.handler);
    ctx.state.userId = session.userId;
    // The identity is signed for this request only: this service, method, path and body.
    const body = await readBody(ctx.req);
    if (body === 'too-large') {
      return sendError(
        ctx,
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${MAX_SIGNED_BODY_BYTES} bytes`,
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
      service: `svc-${route.service}`,
      method: ctx.method,
      path: ctx.req.url ?? ctx.url,
      body,
    };
    signWhenSent(ctx.req, () => signIdentity(user, config.IDENTITY_SECRET, request));
    const stream = streamOf(ctx.method, ctx.path);
    if (!stream) return forward(ctx, pools.get(route.service)!.handler);
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
    await forward(ctx, pools.get(route.service)!.streamHandler);
  });

  /**
   * A path whose secret is its credential (the calendar feed): read-only, no session looked up and no
   * cookie sent on, signed as the gateway's own call so the service knows it passed this limit.
   */
  async function forwardPublic(ctx: Context, service: ServiceName) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('allow', 'GET, HEAD');
      return sendError(ctx, 405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here`);
    }
    delete ctx.req.headers.cookie;
    // A link this deployment issued is never refused for its address's misses; guesses are counted.
    const limit = isIssuedFeedLink(ctx.path)
      ? { limited: false as const, counted: [] }
      : await rateLimiter.check('GET', ctx.path, undefined, ctx.state.clientIp as string);
    if (limit.limited) {
      log('rate limited', {
        requestId: ctx.state.requestId,
        rule: limit.rule,
        address: ctx.state.clientIp,
      });
      ctx.set('retry-after', String(limit.retryAfterSeconds));
      return sendError(ctx, 429, 'RATE_LIMITED', limit.message);
    }
    if (limit.counted.length > 0)
      ctx.res.once('finish', () => {
        // Only misses count here: a feed found is given back.
        if (ctx.res.statusCode < 400) rateLimiter.refund(limit.counted);
      });
    const request = { service: `svc-${service}`, method: ctx.method, path: ctx.req.url ?? ctx.url };
    signWhenSent(ctx.req, () => signInternal(config.IDENTITY_SECRET, request));
    await forward(ctx, pools.get(service)!.handler);
  }

  // A signed-in user's dashboard page comes with its first screen written by the server.
  app.use(async (ctx, next) => {
    if (!wantsFirstScreen(ctx)) return next();
    const session = await sessions.resolve(ctx.get('cookie'), ctx.state.requestId as string);
    if (session.kind !== 'signed-in' || !(await firstScreen.answer(ctx, session))) await next();
  });

  app.use(async (ctx) => {
    const remote = remotes.find((candidate) => matchesPrefix(ctx.path, candidate.mount));
    await forward(ctx, remote ? remote.handler : shell);
  });

  return app;
}

async function forward(ctx: Context, handler: ProxyHandler) {
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

function sendError(
  ctx: Context,
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
) {
  ctx.status = status;
  ctx.set('cache-control', 'no-store');
  ctx.body = { error: { code, message, ...(details ? { details } : {}) } };
}
