import { ROOT_CONTEXT, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import type { Context, Middleware } from 'koa';
import { API_PREFIX } from '@levelup/contracts';
import {
  SpanKind,
  TRACE_HEADERS,
  QUIET_PATHS,
  durationMs,
  redactUrl,
  httpDuration,
  traceHeaders,
  tracerFor,
  tracingEnabled,
} from '@levelup/service-kit';
import { REMOTES, findApiRoute, matchesPrefix } from './route-table.ts';

type Log = (message: string, fields?: Record<string, unknown>) => void;

const SERVICE = 'gateway';

/**
 * What a request is for, as a label with few values: the service an API call goes to, the remote or the
 * shell for static files. Raw paths would make a time series per quest id.
 */
export function routeLabel(path: string): string {
  if (QUIET_PATHS.has(path) || path === '/config/remotes.json') return path;
  if (matchesPrefix(path, API_PREFIX)) {
    const route = findApiRoute(path);
    return route ? `${API_PREFIX} → svc-${route.service}` : `${API_PREFIX} (unknown)`;
  }
  const remote = REMOTES.find((candidate) => matchesPrefix(path, candidate.mount));
  return remote ? `${remote.mount} → ${remote.name}` : 'shell';
}

/**
 * The edge of every trace: a trace context a client sent is dropped and a new trace starts
 * here, so nobody outside picks our trace ids. Its traceparent goes to the upstream with the request;
 * when the response is done (the proxy writes it after Koa's middleware returned), the duration lands in
 * the histogram and one line in the log with request id, user, route, status and duration. Without an
 * exporter no span is made and no traceparent is sent: services then start none either.
 */
export function requestTelemetry(log: Log): Middleware {
  const tracer = tracerFor(SERVICE);
  return async (ctx, next) => {
    const started = performance.now();
    for (const header of TRACE_HEADERS) delete ctx.req.headers[header];
    const route = routeLabel(ctx.path);
    if (!tracingEnabled()) {
      ctx.res.once('close', () => finish(ctx, route, started, undefined, log));
      return next();
    }
    const span = tracer.startSpan(
      `${ctx.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': ctx.method,
          'url.path': redactUrl(ctx.path),
          'http.route': route,
        },
      },
      ROOT_CONTEXT,
    );
    const active = trace.setSpan(ROOT_CONTEXT, span);
    Object.assign(ctx.req.headers, traceHeaders(active));
    ctx.res.once('close', () => finish(ctx, route, started, span, log));
    await context.with(active, next);
  };
}

function finish(
  ctx: Context,
  route: string,
  started: number,
  span: Span | undefined,
  log: Log,
): void {
  const status = ctx.res.statusCode;
  const seconds = (performance.now() - started) / 1_000;
  if (span) {
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  httpDuration.observe(
    { service: SERVICE, method: ctx.method, route, status: String(status) },
    seconds,
  );
  if (QUIET_PATHS.has(ctx.path)) return;
  const userId = ctx.state.userId as string | undefined;
  log('request', {
    requestId: ctx.state.requestId,
    method: ctx.method,
    route,
    status,
    durationMs: durationMs(seconds),
    ...(userId ? { userId } : {}),
    ...(span?.isRecording() ? { traceId: span.spanContext().traceId } : {}),
  });
}
