import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { natsConnectOptions } from '../nats-url.ts';
import { createLogger } from '../telemetry/logger.ts';
import { consume } from './consume.ts';
import { createBusContext, type BusContext } from './context.ts';
import { listDeadLetters, replayDeadLetters } from './dead-letter-replay.ts';
import { readHistory } from './history.ts';
import { publish } from './publish.ts';
import { ensureStream } from './streams.ts';
import { retryWhileUnavailable } from './setup-retry.ts';
import type { Bus, BusOptions } from './types.ts';

/**
 * NATS JetStream bus. Only features of nats-server 2.9 are used
 * (Debian ships 2.9.10): single filter_subject, durable pull consumers, msgID de-duplication.
 */
export async function connectBus(
  url: string,
  name: string,
  options: BusOptions = {},
): Promise<Bus> {
  const logger = options.logger ?? createLogger(name);
  const connection = await connect({
    ...natsConnectOptions(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    // Without it every request (each JetStream publish and pull) builds an Error for the caller's stack
    // in case it times out: a measurable share of a service's CPU under load. Timeouts still say what
    // timed out, without the awaiting caller's frames.
    noAsyncTraces: true,
  });
  const js = jetstream(connection);
  const jsm = await jetstreamManager(connection);
  const ctx = createBusContext({ name, logger, options, connection, js, jsm });

  return {
    connection,
    namespace: ctx.namespace,
    // A service's start: asked again while a cluster elects leaders (setup-retry.ts).
    ensureStream: (spec) =>
      retryWhileUnavailable(`stream ${spec.name}`, () => ensureStream(ctx, spec), ctx.logger),
    publish: (event, trace) => publish(ctx, event, trace),
    consume: (spec) => consume(ctx, spec),
    listDeadLetters: (filter) => listDeadLetters(ctx, filter),
    replayDeadLetters: (filter) => replayDeadLetters(ctx, filter),
    readHistory: (stream, filterSubject) => readHistory(ctx, stream, filterSubject),
    close: closer(ctx),
  };
}

/** Stops the consumers, then drains the connection; every call after the first waits for the same close. */
function closer(ctx: BusContext): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return async () => {
    closing ??= (async () => {
      await Promise.all([...ctx.consumers].map((handle) => handle.stop()));
      if (!ctx.connection.isClosed()) await ctx.connection.drain();
    })();
    return closing;
  };
}

/** Tests only: removes the streams a namespace created. */
export async function deleteNamespacedStreams(bus: Bus): Promise<void> {
  if (!bus.namespace) return;
  const jsm = await jetstreamManager(bus.connection);
  const suffix = `_${bus.namespace}`;
  for await (const info of jsm.streams.list()) {
    if (info.config.name.endsWith(suffix)) await jsm.streams.delete(info.config.name);
  }
}
