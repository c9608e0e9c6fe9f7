import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './telemetry/logger.ts';

export type Closer = () => Promise<unknown>;

/** Listens on `port`; keep-alive idles longer than the gateway's agent so reused sockets are not reset. */
export async function listen(app: Koa, port: number, host?: string): Promise<Server> {
  const server = app.listen({ port, ...(host ? { host } : {}) });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
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
