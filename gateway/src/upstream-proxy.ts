import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { RequestHandler } from 'http-proxy-middleware';
import { redactUrl } from '@levelup/service-kit';

/** The static servers (the shell and the remotes): files, no user, no identity to sign. */
const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * The services' ordinary requests. No queue of its own: how many may be in flight to a service is the
 * pool's to say (upstream-pool.ts), where a waiting request has a deadline and is signed when it leaves.
 */
export const serviceAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
/**
 * Event streams (open for as long as a room is): sockets of their own, so however many are open, they
 * never take one an ordinary request needs. How many may be open is capped before (stream-caps.ts).
 */
export const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const TIMED_OUT = Symbol('upstream timed out');
/** When the request must have its answer by (epoch ms): a wait for a free slot counted in. */
export const DEADLINE = Symbol('upstream deadline');

type TimedRequest = IncomingMessage & { [TIMED_OUT]?: boolean; [DEADLINE]?: number };

export interface UpstreamProxyOptions {
  name: string;
  target: string;
  timeoutMs: number;
  /** The sockets this proxy uses (the static servers' agent when absent). */
  agent?: http.Agent;
  /** Another target per request (a pool's choice of instance); `target` when absent. */
  router?: (req: IncomingMessage) => string;
  /** Path prefix removed before forwarding (remotes are served from the root of their own server). */
  stripPrefix?: string;
  log: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * Gets the first say when the upstream fails (502 or 504): true when it answered the client itself
   * (the gateway signs a browser out on its own while svc-identity is away).
   */
  fallback?: (
    req: IncomingMessage,
    res: ServerResponse,
    status: 502 | 504,
    /** The socket's error code ('ECONNREFUSED': the connection was never made, nothing was sent). */
    code?: string,
  ) => boolean;
}

/**
 * One proxy per upstream. The body is streamed, never parsed (a parsed body hangs the proxied request).
 * A refused or reset connection answers a JSON 502 at once; no answer within timeoutMs a JSON 504. An
 * event stream (text/event-stream) has no timeout once it answered.
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): RequestHandler {
  return createProxyMiddleware({
    target: options.target,
    ...(options.router ? { router: options.router } : {}),
    agent: options.agent ?? keepAliveAgent,
    xfwd: true,
    // Our own JSON error answer replaces the default plain-text one; only the event wiring is kept.
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    pathRewrite: options.stripPrefix
      ? (path) => path.slice(options.stripPrefix!.length) || '/'
      : undefined,
    on: {
      proxyReq(proxyReq, req) {
        // Emitted once the request has its socket: what is left of its deadline (a pool's wait counted in).
        const deadline = (req as TimedRequest)[DEADLINE];
        const timeoutMs =
          deadline === undefined ? options.timeoutMs : Math.max(1, deadline - Date.now());
        proxyReq.setTimeout(timeoutMs, () => {
          (req as TimedRequest)[TIMED_OUT] = true;
          proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' }));
        });
        // An event stream (SSE) is open-ended and may stay quiet for long: once its headers are in, no
        // timeout applies to it, and each event is passed on as it comes.
        proxyReq.once('response', (proxyRes) => {
          if (isEventStream(proxyRes.headers['content-type'])) {
            proxyReq.setTimeout(0);
            proxyRes.socket.setTimeout(0);
          }
        });
      },
      proxyRes(proxyRes, _req, res) {
        // A gateway that is stopping has said `Connection: close` on this answer (service-kit's
        // closeServer); the proxy would write the service's own `keep-alive` over it, and the client
        // would send its next request on a connection about to be cut (a write it cannot retry).
        if ('getHeader' in res && String(res.getHeader('connection')).toLowerCase() === 'close') {
          proxyRes.headers.connection = 'close';
        }
        if (isEventStream(proxyRes.headers['content-type']) && 'flushHeaders' in res) {
          // No proxy or browser buffering in between (nginx's and others' response buffering).
          res.setHeader('x-accel-buffering', 'no');
        }
      },
      error(error, req, res) {
        const timedOut = (req as TimedRequest)[TIMED_OUT] === true;
        const status = timedOut ? 504 : 502;
        options.log('upstream failed', {
          upstream: options.name,
          status,
          code: (error as NodeJS.ErrnoException).code,
          requestId: req.headers['x-request-id'],
          path: redactUrl(req.url ?? ''),
        });
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        const code = (error as NodeJS.ErrnoException).code;
        if (!res.headersSent && options.fallback?.(req, res, status, code)) return;
        sendUpstreamError(res, status, options.name, timedOut);
      },
    },
  });
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

function sendUpstreamError(
  res: ServerResponse,
  status: number,
  upstream: string,
  timedOut: boolean,
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    error: {
      code: timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
      message: timedOut
        ? `The ${upstream} service did not answer in time. Please try again.`
        : `The ${upstream} service is unavailable. Please try again shortly.`,
    },
  });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** 503 with Retry-After: the request waited its whole deadline for a free slot and was never sent. */
export function sendUpstreamBusy(res: ServerResponse, upstream: string, retryAfterSeconds: number) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(retryAfterSeconds),
  });
  res.end(
    JSON.stringify({
      error: {
        code: 'UPSTREAM_BUSY',
        message: `The ${upstream} service is busy. Please try again in a moment.`,
      },
    }),
  );
}

export function closeUpstreamAgents() {
  keepAliveAgent.destroy();
  serviceAgent.destroy();
  streamAgent.destroy();
}
