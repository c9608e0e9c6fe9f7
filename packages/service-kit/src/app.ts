import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import type { Middleware } from 'koa';
import type { Connection } from 'mongoose';
import { API_PREFIX } from '@levelup/contracts';
import type { Bus } from './bus.ts';
import { jsonBody, DEFAULT_BODY_LIMIT } from './body-parser.ts';
import { AppError, errorMiddleware, notFound } from './errors.ts';
import { REQUEST_ID_HEADER, forPathPrefix, requireIdentity } from './identity.ts';
import { observeRequests } from './telemetry/http.ts';
import { createLogger, type Logger } from './telemetry/logger.ts';
import { metricsText } from './telemetry/metrics.ts';
import { requestContext } from './request-context.ts';

// @koa/router's middleware types carry router-specific context fields; any router shape is accepted here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyMiddleware = (ctx: any, next: () => Promise<unknown>) => unknown;

/** Anything with a `routes()` middleware, e.g. a @koa/router Router. */
export interface RouterLike {
  routes(): AnyMiddleware;
  allowedMethods?(): AnyMiddleware;
}

export interface ServiceAppOptions {
  /** The service's name, e.g. 'svc-quests' (answered by /health and used for log lines). */
  name: string;
  routers: Array<RouterLike | Middleware>;
  logger?: Logger;
  /**
   * Middleware that runs after the body parser and before the routers. A function gets the app first
   * (koa-session needs it to extend the context).
   */
  middleware?: Middleware[] | ((app: Koa) => Middleware[]);
  /** Cookie signing keys (app.keys), for services that sign cookies. */
  keys?: string[];
  bodyLimit?: number;
  /** Trust X-Forwarded-* from the gateway (needed for secure cookies behind TLS termination). */
  proxy?: boolean;
  /**
   * The gateway's HMAC key: with it, every /api route needs the gateway's signed identity
   * (docs/architecture.md). svc-identity leaves it out and checks sessions itself.
   */
  identitySecret?: string;
  /**
   * Routers answered before the identity check: a path whose own secret is the credential (a calendar
   * feed's link). Each must check its caller itself (requireInternal for the gateway's own calls).
   */
  publicRouters?: RouterLike[];
  /** What /readyz checks: ready means MongoDB and NATS both answer a ping. */
  readiness?: { db: Connection; bus: Bus };
}

const PING_TIMEOUT_MS = 1_000;

async function answersWithin(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(() => true),
      new Promise<boolean>(
        (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
      ),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether MongoDB and NATS answer now: what a load balancer or an orchestrator asks before sending work. */
export async function readinessOf(readiness: { db: Connection; bus: Bus }) {
  const [mongo, nats] = await Promise.all([
    answersWithin(async () => {
      const db = readiness.db.db;
      if (readiness.db.readyState !== 1 || !db) throw new Error('not connected');
      await db.admin().ping();
    }),
    answersWithin(async () => {
      if (readiness.bus.connection.isClosed()) throw new Error('closed');
      await readiness.bus.connection.flush();
    }),
  ]);
  return {
    ready: mongo && nats,
    mongo: mongo ? 'up' : 'down',
    nats: nats ? 'up' : 'down',
  } as const;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses the gateway's request id so one id follows a request through every hop and event. */
export function requestIdMiddleware(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set(REQUEST_ID_HEADER, requestId);
    await requestContext.run({ requestId }, next);
  };
}

/** Asked by load balancers, orchestrators and Prometheus rather than by users. */
const OPERATOR_PATHS = new Set(['/health', '/healthz', '/readyz', '/metrics']);

const methodNotAllowed = (ctx: Koa.Context) =>
  new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed for ${ctx.path}`, 405);

/**
 * A request no route answered becomes the JSON error shape: 404 for an unknown path, 405 for a known
 * path with another method or a method no router implements (@koa/router's allowedMethods() set the
 * status and the Allow header).
 */
function unansweredToError(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined) return;
    if (ctx.status === 404) throw notFound(`No route for ${ctx.method} ${ctx.path}`);
    // 501 is what allowedMethods() says of a method no router knows (TRACE, say): still the client's
    // mistake, so a 405 rather than a server error in the logs.
    if (ctx.status === 405 || ctx.status === 501) {
      ctx.status = 405;
      throw methodNotAllowed(ctx);
    }
  };
}

/**
 * A service's Koa app: request id, request telemetry (span, metrics, log line), error shape, GET /health,
 * /healthz, /readyz and /metrics, JSON bodies, then the routers.
 * It does not listen; main.ts does, and tests listen on port 0.
 */
export function createServiceApp(options: ServiceAppOptions): Koa {
  const logger = options.logger ?? createLogger(options.name);
  const app = new Koa();
  if (options.keys) app.keys = options.keys;
  if (options.proxy) app.proxy = true;
  app.silent = true;
  app.use(requestIdMiddleware());
  app.use(observeRequests(options.name, logger));
  app.use(errorMiddleware(logger));
  app.use(async (ctx, next) => {
    if (OPERATOR_PATHS.has(ctx.path)) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        ctx.set('Allow', 'GET, HEAD');
        throw methodNotAllowed(ctx);
      }
      ctx.set('cache-control', 'no-store');
      if (ctx.path === '/metrics') {
        // Services are reached through the gateway only under /api: /metrics stays inside the network.
        const { contentType, body } = await metricsText();
        ctx.type = contentType;
        ctx.body = body;
        return;
      }
      if (ctx.path === '/readyz' && options.readiness) {
        // Ready: MongoDB and NATS answer; alive (/health, /healthz): the process answers at all.
        const { ready, mongo, nats } = await readinessOf(options.readiness);
        ctx.status = ready ? 200 : 503;
        ctx.body = { status: ready ? 'ready' : 'not ready', service: options.name, mongo, nats };
        return;
      }
      ctx.body = { status: 'ok', service: options.name };
      return;
    }
    await next();
  });
  app.use(jsonBody(options.bodyLimit ?? DEFAULT_BODY_LIMIT));
  const extra =
    typeof options.middleware === 'function' ? options.middleware(app) : (options.middleware ?? []);
  for (const router of options.publicRouters ?? []) app.use(router.routes() as Middleware);
  if (options.identitySecret)
    app.use(forPathPrefix(`${API_PREFIX}/`, requireIdentity(options.identitySecret, options.name)));
  for (const middleware of extra) app.use(middleware);
  // Outside the routers, so it sees what their allowedMethods() answered for a known path with another method.
  app.use(unansweredToError());
  for (const router of options.routers) {
    if (typeof router === 'function') {
      app.use(router);
    } else {
      app.use(router.routes() as Middleware);
      if (router.allowedMethods) app.use(router.allowedMethods() as Middleware);
    }
  }
  return app;
}
