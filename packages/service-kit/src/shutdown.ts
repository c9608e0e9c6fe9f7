import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type Koa from 'koa';
import type { Logger } from './telemetry/logger.ts';

export type Closer = () => Promise<unknown>;

/** The answers each server is writing, so a close can tell their connections to end (closeServer). */
const answering = new WeakMap<Server, Set<ServerResponse>>();

/** Listens on `port`; keep-alive idles longer than the gateway's agent so reused sockets are not reset. */
export async function listen(app: Koa, port: number, host?: string): Promise<Server> {
  const server = app.listen({ port, ...(host ? { host } : {}) });
  const responses = new Set<ServerResponse>();
  answering.set(server, responses);
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    responses.add(res);
    res.once('close', () => responses.delete(res));
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}

/**
 * How long a closing server keeps its idle kept-alive connections. http.Server.close drops them at once,
 * and a write the gateway is sending on one at that moment is reset, which the gateway cannot retry (it
 * cannot know the write was not done). Meanwhile new connections are refused, which the gateway does
 * retry on another instance while it takes this one out, so by the end nothing is sent here.
 */
export const CLOSE_DRAIN_MS = 1_000;

/**
 * Stops taking connections and waits for the ones open to finish. The answers being written, and those
 * to requests that still arrive on a kept-alive connection (the gateway's agent goes on using it), say
 * `Connection: close`, so each connection ends after its answer and the client's next request goes to
 * another instance. Without it, steady traffic kept the close waiting until the hard shutdown timeout,
 * which then cut off whatever was in flight. Idle connections are closed after CLOSE_DRAIN_MS.
 */
export function closeServer(server: Server, drainMs = CLOSE_DRAIN_MS): Promise<void> {
  const endConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  for (const res of answering.get(server) ?? []) endConnection(res);
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => endConnection(res));
  return new Promise((resolve) => {
    // The listener only (net.Server's close): http.Server's would also drop the idle connections now.
    net.Server.prototype.close.call(server, () => resolve());
    setTimeout(() => server.closeIdleConnections(), drainMs);
  });
}

/**
 * On SIGINT/SIGTERM runs the closers in order (close HTTP, stop consumers and pollers, drain NATS,
 * close mongoose), then exits; a hard timeout exits anyway so a stuck step never hangs a restart.
 */
export function installGracefulShutdown(
  logger: Logger,
  closers: Closer[],
  timeoutMs = 10_000,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> => {
    running ??= (async () => {
      logger.info('shutting down', { signal });
      const hardStop = setTimeout(() => {
        logger.error('shutdown timed out, exiting', { timeoutMs });
        process.exit(1);
      }, timeoutMs);
      hardStop.unref();
      let failed = false;
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          failed = true;
          logger.error('shutdown step failed', { error: err });
        }
      }
      clearTimeout(hardStop);
      logger.info('stopped');
      process.exit(failed ? 1 : 0);
    })();
    return running;
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  return () => shutdown('manual');
}

/** Runs a service's start-up; a failure (database or NATS unreachable, port taken) is one log line and exit 1. */
export function runMain(logger: Logger, start: () => Promise<void>): void {
  start().catch((err: unknown) => {
    logger.error('start-up failed', { error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  });
}
