import type { Context, Middleware } from 'koa';
import type { Logger } from './logger.ts';
import { httpDuration } from './metrics.ts';
import { SpanKind, contextFrom, inSpan } from './tracing.ts';
import { redactUrl } from './redact.ts';

/** Paths asked by machines every few seconds: measured, but not worth a log line each. */
export const QUIET_PATHS: ReadonlySet<string> = new Set([
  '/health',
  '/healthz',
  '/readyz',
  '/metrics',
]);

/** A duration in seconds as the request line's durationMs (tenths of a millisecond). */
export function durationMs(seconds: number): number {
  return Math.round(seconds * 10_000) / 10;
}

/**
 * The route pattern a router matched ('/api/quests/:id/toggle'), never the raw path: ids in label
 * values would make a new time series per quest. Unmatched requests share one value.
 */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (QUIET_PATHS.has(ctx.path)) return ctx.path;
  return 'unmatched';
}

/**
 * Per request: a server span continuing the caller's trace (the gateway's traceparent), the
 * duration histogram by route and status, and one log line with request id, user, route, status and
 * duration. Cookies, bodies and query strings are never logged. Place it right after the request id
 * and before the error handler, so it sees the status the client gets.
 */
export function observeRequests(service: string, logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const parent = contextFrom(ctx.req.headers);
    await inSpan(
      service,
      ctx.method,
      {
        kind: SpanKind.SERVER,
        parent,
        attributes: { 'http.request.method': ctx.method, 'url.path': redactUrl(ctx.path) },
      },
      async (span) => {
        try {
          await next();
        } finally {
          const route = routeOf(ctx);
          const status = ctx.status;
          const seconds = (performance.now() - started) / 1_000;
          span.updateName(`${ctx.method} ${route}`);
          span.setAttribute('http.route', route);
          span.setAttribute('http.response.status_code', status);
          httpDuration.observe(
            { service, method: ctx.method, route, status: String(status) },
            seconds,
          );
          if (!QUIET_PATHS.has(ctx.path)) {
            const userId = ctx.state.userId as string | undefined;
            logger.info('request', {
              method: ctx.method,
              route,
              status,
              durationMs: durationMs(seconds),
              ...(userId ? { userId } : {}),
            });
          }
        }
      },
    );
  };
}
