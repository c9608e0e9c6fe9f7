import {
  connect,
  headers,
  nanos,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type PubAck,
} from '@nats-io/jetstream';
import { eventEnvelopeSchema, type EventEnvelope } from '@levelup/contracts';
import { createLogger, type Logger } from './telemetry/logger.ts';
import { requestContext } from './request-context.ts';
import { eventDuration, observeConsumers } from './telemetry/metrics.ts';
import { SpanKind, TRACE_HEADERS, contextFrom, inSpan, traceHeaders } from './telemetry/tracing.ts';

/**
 * NATS JetStream bus (architecture decision 4). Only features of nats-server 2.9 are used
 * (Debian ships 2.9.10): single filter_subject, durable pull consumers, msgID de-duplication.
 */

export interface StreamSpec {
  name: string;
  subjects: readonly string[];
}

export interface EventMeta {
  subject: string;
  deliveryCount: number;
  streamSequence: number;
}

export type EventHandler = (event: EventEnvelope, meta: EventMeta) => Promise<void>;

export interface ConsumeSpec {
  stream: string;
  durable: string;
  /** A subject pattern such as 'quests.>' (un-namespaced); defaults to everything in the stream. */
  filterSubject?: string;
  handler: EventHandler;
  /**
   * Events with the same key are handled one after another in stream order; events with different
   * keys run side by side, up to `concurrency` at once. Without a key function (or with a
   * concurrency of 1) the consumer handles one event at a time.
   */
  partitionKey?: (event: EventEnvelope) => string | undefined;
  /** Events in flight at once across partitions; defaults to 16 when partitionKey is given. */
  concurrency?: number;
}

export interface ConsumerHandle {
  stop(): Promise<void>;
}

export interface Bus {
  readonly connection: NatsConnection;
  readonly namespace: string | undefined;
  ensureStream(spec: StreamSpec): Promise<void>;
  /**
   * Publishes with the event id as msgID. The message headers carry the trace context: the current one,
   * or `trace` (the traceparent headers an outbox stored with the event when the request wrote it).
   */
  publish(event: EventEnvelope, trace?: Record<string, string>): Promise<PubAck>;
  consume(spec: ConsumeSpec): Promise<ConsumerHandle>;
  /** Stops the consumers, then drains the connection (in-flight messages finish, pending publishes flush). */
  close(): Promise<void>;
}

export interface BusOptions {
  logger?: Logger;
  /**
   * Tests only: prefixes every subject ('t1234.quests.completed') and suffixes every stream name, so
   * test files sharing one NATS server never see each other's events. Event types stay un-prefixed.
   */
  namespace?: string;
  /** Copies JetStream keeps of each stream this bus creates (NATS_STREAM_REPLICAS); 1 by default. */
  streamReplicas?: number;
}

/** An event the handler can never process (bad shape): terminate it instead of redelivering. */
export class PermanentEventError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentEventError';
  }
}

export const DUPLICATE_WINDOW_MS = 2 * 60_000;
/**
 * How long JetStream waits for an ack before it delivers a message again: the delay before a service
 * that died mid-event gets that event redone by another instance or after its restart (XP after a crash
 * of svc-identity, issue 7). A handler that runs longer tells the server it is still working.
 */
export const ACK_WAIT_MS = 10_000;
export const MAX_DELIVER = 10;

export const DEFAULT_CONCURRENCY = 16;

/**
 * Runs tasks in lanes: tasks of one key in the order given, tasks of different keys side by side,
 * at most `limit` at once. `run` resolves once the task has started its lane (so the caller's
 * loop stays bounded), `idle` once every task has finished. A task without a key gets a lane of
 * its own; with a limit of 1 every task runs after the previous one.
 */
export class PartitionedLanes {
  private readonly tails = new Map<string, Promise<void>>();
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly all = new Set<Promise<void>>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  async run(key: string | undefined, task: () => Promise<void>): Promise<void> {
    while (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    const previous = key === undefined ? undefined : this.tails.get(key);
    const done = (async () => {
      try {
        if (previous) await previous;
        await task();
      } catch {
        // the task reports its own failures; a lane carries on with the next task
      } finally {
        this.active -= 1;
        this.waiting.shift()?.();
      }
    })();
    this.all.add(done);
    void done.then(() => this.all.delete(done));
    if (key !== undefined) {
      this.tails.set(key, done);
      void done.then(() => {
        if (this.tails.get(key) === done) this.tails.delete(key);
      });
    }
    if (this.limit === 1) await done;
  }

  async idle(): Promise<void> {
    while (this.all.size > 0) await Promise.all([...this.all]);
  }
}

export function redeliveryDelay(deliveryCount: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, deliveryCount - 1));
}

function isApiError(err: unknown, code: number): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}
const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;
const STREAM_NAME_IN_USE = 10058;

export async function connectBus(
  url: string,
  name: string,
  options: BusOptions = {},
): Promise<Bus> {
  const logger = options.logger ?? createLogger(name);
  const namespace = options.namespace;
  const replicas = options.streamReplicas ?? 1;
  const connection = await connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  const js: JetStreamClient = jetstream(connection);
  const jsm: JetStreamManager = await jetstreamManager(connection);
  const consumers = new Set<ConsumerHandle>();
  /** Streams this process ensured, so it can put them back if the server lost them (restart without storage). */
  const knownStreams = new Map<string, StreamSpec>();

  const subjectOf = (subject: string) => (namespace ? `${namespace}.${subject}` : subject);
  const streamOf = (stream: string) => (namespace ? `${stream}_${namespace}` : stream);

  async function ensureStream(spec: StreamSpec): Promise<void> {
    knownStreams.set(spec.name, spec);
    const name = streamOf(spec.name);
    const subjects = spec.subjects.map(subjectOf);
    const duplicateWindow = nanos(DUPLICATE_WINDOW_MS);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const info = await jsm.streams.info(name);
        const same =
          [...info.config.subjects].sort().join(',') === [...subjects].sort().join(',') &&
          info.config.duplicate_window === duplicateWindow &&
          info.config.num_replicas === replicas;
        if (!same) {
          await jsm.streams.update(name, {
            ...info.config,
            subjects,
            duplicate_window: duplicateWindow,
            num_replicas: replicas,
          });
          logger.info('stream updated', { stream: name, subjects, replicas });
        }
        return;
      } catch (err) {
        if (!isApiError(err, STREAM_NOT_FOUND)) throw err;
      }
      try {
        await jsm.streams.add({
          name,
          subjects,
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          discard: DiscardPolicy.Old,
          duplicate_window: duplicateWindow,
          num_replicas: replicas,
        });
        logger.info('stream created', { stream: name, subjects, replicas });
        return;
      } catch (err) {
        // Another instance created it between our info and add: read it again.
        if (!isApiError(err, STREAM_NAME_IN_USE)) throw err;
      }
    }
  }

  async function ensureConsumer(
    stream: string,
    durable: string,
    filterSubject: string | undefined,
  ): Promise<void> {
    const wanted: Partial<ConsumerConfig> = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
      max_deliver: MAX_DELIVER,
      ...(filterSubject ? { filter_subject: filterSubject } : {}),
    };
    try {
      const info = await jsm.consumers.info(stream, durable);
      const same =
        info.config.ack_wait === wanted.ack_wait &&
        info.config.max_deliver === wanted.max_deliver &&
        (info.config.filter_subject ?? '') === (filterSubject ?? '');
      if (!same) {
        await jsm.consumers.update(stream, durable, {
          ack_wait: wanted.ack_wait,
          max_deliver: wanted.max_deliver,
          ...(filterSubject ? { filter_subject: filterSubject } : {}),
        });
      }
      return;
    } catch (err) {
      if (!isApiError(err, CONSUMER_NOT_FOUND)) throw err;
    }
    await jsm.consumers.add(stream, wanted);
  }

  /** The event in a message, or undefined after terminating a message no handler can read. */
  function parseMessage(msg: JsMsg, durable: string): EventEnvelope | undefined {
    try {
      return eventEnvelopeSchema.parse(msg.json());
    } catch (err) {
      logger.error('unparseable event terminated', { subject: msg.subject, durable, error: err });
      msg.term('unparseable event');
      return undefined;
    }
  }

  async function handleMessage(
    msg: JsMsg,
    event: EventEnvelope,
    handler: EventHandler,
    durable: string,
  ): Promise<void> {
    const meta: EventMeta = {
      subject: msg.subject,
      deliveryCount: msg.info.deliveryCount,
      streamSequence: msg.seq,
    };
    const started = performance.now();
    const outcome = (value: 'ok' | 'retry' | 'terminated') =>
      eventDuration.observe(
        { service: name, durable, type: event.type, outcome: value },
        (performance.now() - started) / 1_000,
      );
    // The consumer's span continues the publisher's trace (the message headers), so one completion is one
    // trace from the browser's request to the last consumer.
    const parent = contextFrom(traceCarrierOf(msg));
    const work = () =>
      inSpan(
        name,
        `process ${event.type}`,
        {
          kind: SpanKind.CONSUMER,
          parent,
          attributes: {
            'messaging.system': 'nats',
            'messaging.destination.name': msg.subject,
            'messaging.consumer.group.name': durable,
            'messaging.message.id': event.id,
          },
        },
        () => runHandler(msg, event, handler, durable, meta, outcome),
      );
    await requestContext.run({ requestId: event.requestId ?? event.id }, work);
  }

  async function runHandler(
    msg: JsMsg,
    event: EventEnvelope,
    handler: EventHandler,
    durable: string,
    meta: EventMeta,
    outcome: (value: 'ok' | 'retry' | 'terminated') => void,
  ): Promise<void> {
    const stillWorking = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
    try {
      await handler(event, meta);
    } catch (err) {
      if (err instanceof PermanentEventError) {
        outcome('terminated');
        logger.error('event terminated', {
          type: event.type,
          eventId: event.id,
          durable,
          error: err,
        });
        msg.term(err.message);
        return;
      }
      outcome('retry');
      logger.warn('event handler failed, will redeliver', {
        type: event.type,
        eventId: event.id,
        durable,
        deliveryCount: meta.deliveryCount,
        error: err,
      });
      msg.nak(redeliveryDelay(meta.deliveryCount));
      return;
    } finally {
      clearInterval(stillWorking);
    }
    outcome('ok');
    try {
      await msg.ackAck();
    } catch (err) {
      // The handler is idempotent: an unconfirmed ack only means the event may come again.
      logger.warn('ack not confirmed', {
        type: event.type,
        eventId: event.id,
        durable,
        error: err,
      });
    }
  }

  async function consume(spec: ConsumeSpec): Promise<ConsumerHandle> {
    const stream = streamOf(spec.stream);
    const filterSubject = spec.filterSubject ? subjectOf(spec.filterSubject) : undefined;
    await ensureConsumer(stream, spec.durable, filterSubject);
    let stopped = false;
    let current: ConsumerMessages | undefined;
    const lanes = new PartitionedLanes(
      spec.partitionKey ? Math.max(1, spec.concurrency ?? DEFAULT_CONCURRENCY) : 1,
    );

    const open = async (): Promise<ConsumerMessages> => {
      const consumer = await js.consumers.get(stream, spec.durable);
      // Pulls expire after 10 s (heartbeats every 5 s), so a consumer lost on the server is noticed in seconds.
      const messages = await consumer.consume({ max_messages: 64, expires: 10_000 });
      // The client re-pulls by itself after reconnects. If the server lost the stream or the consumer
      // (e.g. restarted without storage), end this iteration so the loop below recreates them.
      void (async () => {
        for await (const note of messages.status()) {
          if (
            note.type === 'consumer_deleted' ||
            note.type === 'consumer_not_found' ||
            note.type === 'stream_not_found'
          ) {
            logger.warn('consumer lost on the server, recreating', {
              stream,
              durable: spec.durable,
              notice: note.type,
            });
            messages.stop();
            return;
          }
        }
      })().catch(() => undefined);
      return messages;
    };

    const loop = (async () => {
      while (!stopped) {
        try {
          current = await open();
          if (stopped) {
            // stop() came while this pull was being opened. close() would wait for an iteration that
            // never comes (the iterator only ends when it is read), so stop it and read it to its end;
            // anything it delivered meanwhile goes back to the stream at once.
            current.stop();
            for await (const msg of current) msg.nak();
            break;
          }
          for await (const msg of current) {
            const event = parseMessage(msg, spec.durable);
            if (!event) continue;
            await lanes.run(spec.partitionKey?.(event), () =>
              handleMessage(msg, event, spec.handler, spec.durable),
            );
          }
          await lanes.idle();
        } catch (err) {
          if (!stopped)
            logger.error('consumer loop failed', { stream, durable: spec.durable, error: err });
        }
        await lanes.idle();
        if (stopped) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
        try {
          const known = knownStreams.get(spec.stream);
          if (known) await ensureStream(known);
          await ensureConsumer(stream, spec.durable, filterSubject);
        } catch (err) {
          logger.error('could not recreate consumer', {
            stream,
            durable: spec.durable,
            error: err,
          });
        }
      }
    })();

    // JetStream's backlog for this consumer, read when Prometheus scrapes.
    const unobserve = observeConsumers(async () => {
      const info = await jsm.consumers.info(stream, spec.durable);
      return [
        {
          labels: { service: name, stream, durable: spec.durable },
          values: { pending: info.num_pending, ackPending: info.num_ack_pending },
        },
      ];
    });
    const handle: ConsumerHandle = {
      async stop() {
        if (stopped) return;
        stopped = true;
        unobserve();
        consumers.delete(handle);
        await current?.close();
        await loop;
      },
    };
    consumers.add(handle);
    logger.info('consuming', { stream, durable: spec.durable, filterSubject });
    return handle;
  }

  function knownStreamFor(type: string): StreamSpec | undefined {
    return [...knownStreams.values()].find((spec) =>
      spec.subjects.some((pattern) =>
        pattern.endsWith('.>') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
      ),
    );
  }

  async function publish(event: EventEnvelope, trace?: Record<string, string>): Promise<PubAck> {
    const subject = subjectOf(event.type);
    const send = () =>
      js.publish(subject, JSON.stringify(event), {
        msgID: event.id,
        timeout: 5_000,
        ...traceMessageHeaders(),
      });
    return inSpan(
      name,
      `publish ${event.type}`,
      {
        kind: SpanKind.PRODUCER,
        parent: trace ? contextFrom(trace) : undefined,
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': subject,
          'messaging.message.id': event.id,
        },
      },
      async () => {
        try {
          return await send();
        } catch (err) {
          // No stream answers on the subject (e.g. a server restarted without storage): recreate it once.
          const known = knownStreamFor(event.type);
          if (
            !known ||
            !/jetstream is not enabled|no responders/i.test(String((err as Error).message))
          )
            throw err;
          logger.warn('no stream for subject, recreating', {
            stream: known.name,
            type: event.type,
          });
          await ensureStream(known);
          return send();
        }
      },
    );
  }

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    closing ??= (async () => {
      await Promise.all([...consumers].map((handle) => handle.stop()));
      if (!connection.isClosed()) await connection.drain();
    })();
    return closing;
  }

  return { connection, namespace, ensureStream, publish, consume, close };
}

/** The current trace context as NATS message headers; nothing (a plain publish) outside a trace. */
function traceMessageHeaders(): { headers?: MsgHdrs } {
  const carrier = traceHeaders();
  const keys = Object.keys(carrier);
  if (keys.length === 0) return {};
  const hdrs = headers();
  for (const key of keys) hdrs.set(key, carrier[key]!);
  return { headers: hdrs };
}

/** A message's trace headers (traceparent, tracestate) as a carrier for the propagator. */
function traceCarrierOf(msg: JsMsg): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const key of TRACE_HEADERS) {
    const value = msg.headers?.get(key);
    if (value) carrier[key] = value;
  }
  return carrier;
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
