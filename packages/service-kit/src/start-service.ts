import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { connectBus, type Bus } from './bus.ts';
import { createLogger, type Logger } from './telemetry/logger.ts';
import { connectMongo } from './mongo.ts';
import { configureTracing, flushTraces } from './telemetry/tracing.ts';
import { closeServer, installGracefulShutdown, listen, runMain } from './shutdown.ts';

/** The part of a service's parsed environment start-up needs (commonEnv plus its PORT and MONGO_DB). */
export interface ServiceConfig {
  MONGO_URL: string;
  MONGO_DB: string;
  NATS_URL: string;
  NATS_NAMESPACE?: string | undefined;
  /** Copies of each stream the service creates (commonEnv's NATS_STREAM_REPLICAS); 1 when absent. */
  NATS_STREAM_REPLICAS?: number | undefined;
  IDENTITY_SECRET: string;
  PORT: number;
  BIND_HOST?: string | undefined;
}

/** What every service's createApp and startWorkers get from start-up. */
export interface ServiceDeps {
  db: Connection;
  bus: Bus;
  logger: Logger;
  identitySecret: string;
}

export interface ServiceWorkers {
  stop(): Promise<void>;
}

export interface StartServiceOptions<Extra extends object> {
  /** The service's name, e.g. 'svc-quests' (log lines, NATS connection name). */
  name: string;
  config: ServiceConfig;
  /** Service-specific dependencies added to the common ones (svc-identity's session keys and cookie flags). */
  deps?: Extra;
  createApp(deps: NoInfer<ServiceDeps & Extra>): Promise<Koa>;
  /** Consumers and pollers, started before the HTTP server listens and stopped after it closed. */
  startWorkers?(deps: NoInfer<ServiceDeps & Extra>): Promise<ServiceWorkers>;
}

/**
 * A service's main.ts: connects MongoDB and the bus, starts the workers, listens on config.PORT and
 * installs the graceful shutdown (HTTP, workers, NATS, mongoose, in that order). A failure on the way
 * is one log line and exit 1 (runMain).
 */
export function startService<Extra extends object = Record<never, never>>(
  options: StartServiceOptions<Extra>,
): void {
  const { name, config } = options;
  const logger = createLogger(name);
  runMain(logger, async () => {
    configureTracing({ serviceName: name });
    const db = await connectMongo(config.MONGO_URL, config.MONGO_DB, name);
    const bus = await connectBus(config.NATS_URL, name, {
      logger,
      namespace: config.NATS_NAMESPACE,
      streamReplicas: config.NATS_STREAM_REPLICAS,
    });
    const deps = {
      ...(options.deps as Extra),
      db,
      bus,
      logger,
      identitySecret: config.IDENTITY_SECRET,
    };
    const workers = await options.startWorkers?.(deps);
    const server = await listen(await options.createApp(deps), config.PORT, config.BIND_HOST);
    logger.info('listening', { port: config.PORT, host: config.BIND_HOST ?? 'every interface' });

    installGracefulShutdown(logger, [
      () => closeServer(server),
      async () => workers?.stop(),
      () => bus.close(),
      () => db.close(),
      () => flushTraces(),
    ]);
  });
}
