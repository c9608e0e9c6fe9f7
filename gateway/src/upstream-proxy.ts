import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { RequestHandler } from 'http-proxy-middleware';

const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const TIMED_OUT = Symbol('upstream timed out');

type TimedRequest = IncomingMessage & { [TIMED_OUT]?: boolean };

export interface UpstreamProxyOptions {
  name: string;
  target: string;
  timeoutMs: number;
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
    agent: keepAliveAgent,
    xfwd: true,
    // Our own JSON error answer replaces the default plain-text one; only the event wiring is kept.
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    pathRewrite: options.stripPrefix
      ? (path) => path.slice(options.stripPrefix!.length) || '/'
      : undefined,
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.setTimeout(options.timeoutMs, () => {
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
          path: req.url,
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

export function closeUpstreamAgents() {
  keepAliveAgent.destroy();
}
