import type { Context } from 'koa';
import type { ProxyHandler } from './upstream-pool.ts';

/** Hands the request to a proxy handler, which writes the raw answer itself (Koa stays out of it). */
export async function forward(ctx: Context, handler: ProxyHandler) {
  ctx.respond = false;
  // Upstream failures are answered (JSON 502/504) and logged by the proxy itself.
  await handler(ctx.req, ctx.res, (error?: unknown) => {
    if (error && !ctx.res.headersSent) ctx.app.emit('error', error, ctx);
  });
}

/** The gateway's own error answer, in the shape every service answers errors with. */
export function sendError(
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
