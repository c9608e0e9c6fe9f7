import { natsConnectOptions } from './nats-url.ts';
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
import { eventDuration, eventsDeadLettered, observeConsumers } from './telemetry/metrics.ts';
import { BatchingLanes } from './batching-lanes.ts';
import { SpanKind, TRACE_HEADERS, contextFrom, inSpan, traceHeaders } from './telemetry/tracing.ts';

/**
 * NATS JetStream bus. Only features of nats-server 2.9 are used
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

/**
 * Events of one partition key, in stream order, all delivered for the first time. Resolving means every
 * one is applied; throwing means none or only some are, and the bus then hands them to the per-event
 * handler one at a time (which must find what the batch already applied).
 */
export type BatchHandler = (entries: HistoryEntry[]) => Promise<void>;

/** A schema for the events of one type: the bus validates with it, once, instead of the envelope's. */
export interface EventSchema {
  safeParse(value: unknown): { success: true; data: EventEnvelope } | { success: false };
}

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
  /** Deliveries before a failing event goes to the dead letters; defaults to the bus's maxDeliver. */
  maxDeliver?: number;
  /**
   * With a partitionKey: events of one key that arrived while its previous batch ran go to this handler
   * together (at most `maxBatch`, default 64). `handler` stays the one-at-a-time path: redeliveries,
   * replays, and a batch that failed.
   */
  batchHandler?: BatchHandler;
  maxBatch?: number;
  /**
   * The handler applies an event id once however often it comes: acknowledge without waiting for the
   * server's reply (a lost ack only means one more delivery).
   */
  idempotent?: boolean;
  /**
   * The schema of each event type the handler reads (undefined: the envelope's): every event is
   * validated once, here, and the handler gets it typed.
   */
  schemaFor?: (type: string) => EventSchema | undefined;
}

/** Why a consumer gave an event up. */
export type DeadLetterReason = 'max_deliveries' | 'terminal' | 'unparseable' | 'unfinished';

/**
 * An event a consumer gave up on, kept in the DEADLETTER stream until an operator replays it: what
 * the consumer was given, which consumer, why, and after how many deliveries.
 */
export interface DeadLetter {
  /** The record's sequence in the DEADLETTER stream: its handle for replay. */
  seq: number;
  eventId: string | null;
  type: string;
  /** The stream and durable consumer that gave up ('QUESTS', 'svc-identity-xp'). */
  stream: string;
  consumer: string;
  service: string;
  /** The event's sequence in its own stream (the position consumers order by). */
  streamSequence: number;
  deliveryCount: number;
  reason: DeadLetterReason;
  error: string;
  deadLetteredAt: string;
  /** The event as published; null when it could not be read (then `raw` holds the payload). */
  event: EventEnvelope | null;
  raw?: string;
}

export interface HistoryEntry {
  event: EventEnvelope;
  meta: EventMeta;
}

export interface DeadLetterFilter {
  /** A durable name, or 'STREAM/durable' when one durable name is used on several streams. */
  consumer?: string;
  /** An event id, or the record's sequence in the DEADLETTER stream. */
  id?: string;
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
  /** The dead letters (oldest first), all or those of a consumer or an event. */
  listDeadLetters(filter?: DeadLetterFilter): Promise<DeadLetter[]>;
  /**
   * Hands each matching dead letter back to the consumer that gave it up (only that consumer, with the
   * event's original stream sequence). The record goes once the consumer applied it; an event that
   * fails again is dead-lettered again. Handlers are idempotent, so replaying twice applies once.
   */
  replayDeadLetters(filter?: DeadLetterFilter): Promise<DeadLetter[]>;
  /**
   * Every event stored in a stream (optionally only a subject pattern such as 'quests.>'), oldest first,
   * with its stream position: the history read models are rebuilt from. Messages that are not events are
   * skipped (and logged).
   */
  readHistory(stream: string, filterSubject?: string): AsyncGenerator<HistoryEntry>;
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
  /** Deliveries before a failing event goes to the dead letters (MAX_DELIVER). Tests lower it. */
  maxDeliver?: number;
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
 * of svc-identity). A handler that runs longer tells the server it is still working.
 */
export const ACK_WAIT_MS = 10_000;
/**
 * Deliveries of a failing event before the consumer gives it up and records it in the dead letters. The
 * bus counts them itself (the server's own limit is off, so JetStream never drops an event silently):
 * only after the dead letter is stored is the event terminated.
 */
export const MAX_DELIVER = 10;

export const DEAD_LETTER_STREAM: StreamSpec = { name: 'DEADLETTER', subjects: ['deadletter.>'] };
/** On a replay request: the DEADLETTER sequence of the record it replays. */
export const DEAD_LETTER_SEQ_HEADER = 'Levelup-Dead-Letter-Seq';
const recordSubject = (stream: string, durable: string) => `deadletter.record.${stream}.${durable}`;
const replaySubject = (stream: string, durable: string) => `deadletter.replay.${stream}.${durable}`;
const replayDurable = (stream: string, durable: string) => `replay_${stream}_${durable}`;

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

/**
 * The partition key of events about one user (`data.userId`): a consumer given it applies one user's
 * events in stream order and different users' side by side.
 */
export function byUser(event: EventEnvelope): string | undefined {
  const userId = (event.data as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? userId : undefined;
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
    ...natsConnectOptions(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    // Without it every request (each JetStream publish and pull) builds an Error for the caller's stack
    // in case it times out: a measurable share of a service's CPU under load. Timeouts still say what
    // timed out, without the awaiting caller's frames.
    noAsyncTraces: true,
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

  const busMaxDeliver = Math.max(1, options.maxDeliver ?? MAX_DELIVER);
  const deadLetterStream = streamOf(DEAD_LETTER_STREAM.name);
  let deadLettersReady: Promise<void> | undefined;
  const ensureDeadLetterStream = () =>
    (deadLettersReady ??= ensureStream(DEAD_LETTER_STREAM).catch((err: unknown) => {
      deadLettersReady = undefined;
      throw err;
    }));

  async function ensureConsumer(
    stream: string,
    durable: string,
    filterSubject: string | undefined,
  ): Promise<void> {
    // The server's delivery limit is off: the bus gives an event up itself, after recording it.
    const wanted: Partial<ConsumerConfig> = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
      max_deliver: -1,
      ...(filterSubject ? { filter_subject: filterSubject } : {}),
    };
    try {
      const info = await jsm.consumers.info(stream, durable);
      const same =
        info.config.ack_wait === wanted.ack_wait &&
        (info.config.max_deliver ?? -1) <= 0 &&
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

  /**
   * Stores a dead letter (idempotent per `recordId` within the duplicate window, so a redelivery after
   * a crash between storing and terminating stores it once), counts it and logs it.
   */
  async function storeDeadLetter(record: Omit<DeadLetter, 'seq'>, recordId: string) {
    await ensureDeadLetterStream();
    const ack = await js.publish(
      subjectOf(recordSubject(record.stream, record.consumer)),
      JSON.stringify(record),
      { msgID: recordId, timeout: 5_000 },
    );
    if (ack.duplicate) return;
    eventsDeadLettered.inc({ service: name, consumer: record.consumer, type: record.type });
    logger.error('event dead-lettered', {
      type: record.type,
      eventId: record.eventId,
      stream: record.stream,
      durable: record.consumer,
      reason: record.reason,
      deliveryCount: record.deliveryCount,
      deadLetterSeq: ack.seq,
      error: record.error,
    });
  }

  /** A message handed to a handler, from the consumer's stream or from a dead-letter replay. */
  interface Delivery {
    msg: JsMsg;
    event: EventEnvelope;
    meta: EventMeta;
    /** Un-namespaced stream name and the durable consumer the event belongs to. */
    stream: string;
    durable: string;
    maxDeliver: number;
    /** A replay: the DEADLETTER sequences of the record replayed and of the replay request. */
    replay?: { recordSeq: number | undefined; requestSeq: number };
    /** Acknowledge without waiting for the server (the handler is idempotent). */
    ackNoReply: boolean;
  }

  async function acknowledge(delivery: Delivery): Promise<void> {
    const { msg, event, durable } = delivery;
    if (delivery.ackNoReply) {
      msg.ack();
    } else {
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
    if (delivery.replay) await settleReplay(delivery.replay);
  }

  /**
   * Events of one partition key: one call of the batch handler when all are first deliveries, else (or
   * when the batch fails) the per-event handler, one at a time, in order.
   */
  async function handleBatch(deliveries: Delivery[], spec: ConsumeSpec): Promise<void> {
    const one = async () => {
      for (const delivery of deliveries) await handleDelivery(delivery, spec.handler);
    };
    const batchHandler = spec.batchHandler;
    if (
      !batchHandler ||
      deliveries.length < 2 ||
      deliveries.some((d) => d.meta.deliveryCount > 1 || d.replay)
    )
      return one();
    const first = deliveries[0]!;
    const started = performance.now();
    const stillWorking = setInterval(() => {
      for (const delivery of deliveries) delivery.msg.working();
    }, ACK_WAIT_MS / 3);
    try {
      await requestContext.run({ requestId: first.event.requestId ?? first.event.id }, () =>
        inSpan(
          name,
          `process batch of ${deliveries.length}`,
          {
            kind: SpanKind.CONSUMER,
            parent: contextFrom(traceCarrierOf(first.msg)),
            attributes: {
              'messaging.system': 'nats',
              'messaging.consumer.group.name': first.durable,
              'messaging.batch.message_count': deliveries.length,
            },
          },
          () => batchHandler(deliveries.map(({ event, meta }) => ({ event, meta }))),
        ),
      );
    } catch (err) {
      clearInterval(stillWorking);
      logger.warn('batch not applied whole, handling its events one at a time', {
        durable: first.durable,
        events: deliveries.length,
        error: err,
      });
      return one();
    } finally {
      clearInterval(stillWorking);
    }
    const seconds = (performance.now() - started) / 1_000 / deliveries.length;
    for (const delivery of deliveries) {
      eventDuration.observe(
        { service: name, durable: delivery.durable, type: delivery.event.type, outcome: 'ok' },
        seconds,
      );
      await acknowledge(delivery);
    }
  }

  /** Removes a replayed record and its request (a second replay of the same record finds them gone). */
  async function settleReplay(replay: NonNullable<Delivery['replay']>): Promise<void> {
    for (const seq of [replay.recordSeq, replay.requestSeq]) {
      if (seq === undefined) continue;
      try {
        await jsm.streams.deleteMessage(deadLetterStream, seq, false);
      } catch {
        // already gone
      }
    }
  }

  /** Records the event in the dead letters, then terminates it; if the record cannot be stored, redelivers. */
  async function giveUp(delivery: Delivery, reason: DeadLetterReason, error: string) {
    const { msg, event, meta } = delivery;
    const recordId =
      `${delivery.stream}.${delivery.durable}.${meta.streamSequence}` +
      (delivery.replay ? `.r${delivery.replay.requestSeq}` : '');
    try {
      await storeDeadLetter(
        {
          eventId: event.id,
          type: event.type,
          stream: delivery.stream,
          consumer: delivery.durable,
          service: name,
          streamSequence: meta.streamSequence,
          deliveryCount: meta.deliveryCount,
          reason,
          error,
          deadLetteredAt: new Date().toISOString(),
          event,
        },
        recordId,
      );
    } catch (err) {
      logger.error('dead letter not stored, will redeliver', {
        type: event.type,
        eventId: event.id,
        durable: delivery.durable,
        error: err,
      });
      msg.nak(redeliveryDelay(meta.deliveryCount));
      return;
    }
    msg.term(reason);
    // A replay that failed again: the new record replaces the one replayed.
    if (delivery.replay) await settleReplay(delivery.replay);
  }

  /** The event in a message; a message no handler can read goes to the dead letters (undefined). */
  async function parseMessage(
    msg: JsMsg,
    stream: string,
    durable: string,
    schemaFor?: (type: string) => EventSchema | undefined,
  ): Promise<EventEnvelope | { malformed: EventEnvelope } | undefined> {
    try {
      const raw: unknown = msg.json();
      const type = (raw as { type?: unknown } | null)?.type;
      const schema = typeof type === 'string' ? schemaFor?.(type) : undefined;
      if (!schema) return eventEnvelopeSchema.parse(raw);
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      // An event, but not one this consumer can read: a terminal error, kept with the event.
      return { malformed: eventEnvelopeSchema.parse(raw) };
    } catch (err) {
      const type = namespace ? msg.subject.slice(namespace.length + 1) : msg.subject;
      try {
        await storeDeadLetter(
          {
            eventId: msg.headers?.get('Nats-Msg-Id') || null,
            type,
            stream,
            consumer: durable,
            service: name,
            streamSequence: msg.seq,
            deliveryCount: msg.info.deliveryCount,
            reason: 'unparseable',
            error: errorText(err),
            deadLetteredAt: new Date().toISOString(),
            event: null,
            raw: msg.string(),
          },
          `${stream}.${durable}.${msg.seq}`,
        );
        msg.term('unparseable event');
      } catch (storeErr) {
        logger.error('dead letter not stored, will redeliver', {
          subject: msg.subject,
          durable,
          error: storeErr,
        });
        msg.nak(redeliveryDelay(msg.info.deliveryCount));
      }
      return undefined;
    }
  }

  async function handleDelivery(delivery: Delivery, handler: EventHandler): Promise<void> {
    const { msg, event, durable } = delivery;
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
        () => runHandler(delivery, handler, outcome),
      );
    await requestContext.run({ requestId: event.requestId ?? event.id }, work);
  }

  async function runHandler(
    delivery: Delivery,
    handler: EventHandler,
    outcome: (value: 'ok' | 'retry' | 'terminated') => void,
  ): Promise<void> {
    const { msg, event, meta, durable } = delivery;
    if (meta.deliveryCount > delivery.maxDeliver) {
      // The last delivery allowed never reported back (the process died or hung inside the handler).
      outcome('terminated');
      await giveUp(delivery, 'unfinished', `not finished after ${delivery.maxDeliver} deliveries`);
      return;
    }
    const stillWorking = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
    try {
      await handler(event, meta);
    } catch (err) {
      clearInterval(stillWorking);
      const terminal = err instanceof PermanentEventError;
      if (terminal || meta.deliveryCount >= delivery.maxDeliver) {
        outcome('terminated');
        await giveUp(delivery, terminal ? 'terminal' : 'max_deliveries', errorText(err));
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
    await acknowledge(delivery);
  }

  /**
   * A durable pull consumer's loop: `dispatch` queues each message's work. The loop recreates the
   * stream and the consumer when the server lost them.
   */
  function pullLoop(loop: {
    streamName: string;
    durable: string;
    filterSubject: string | undefined;
    /** Queues a message's work (resolving once queued, waiting while too much is in flight). */
    dispatch(msg: JsMsg): Promise<void>;
    /** Resolves once everything queued is done. */
    idle(): Promise<void>;
  }): ConsumerHandle {
    const stream = streamOf(loop.streamName);
    const { durable, filterSubject } = loop;
    const lanes = { idle: loop.idle };
    let stopped = false;
    let current: ConsumerMessages | undefined;

    const open = async (): Promise<ConsumerMessages> => {
      const consumer = await js.consumers.get(stream, durable);
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
              durable,
              notice: note.type,
            });
            messages.stop();
            return;
          }
        }
      })().catch(() => undefined);
      return messages;
    };

    const running = (async () => {
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
          for await (const msg of current) await loop.dispatch(msg);
          await lanes.idle();
        } catch (err) {
          if (!stopped) logger.error('consumer loop failed', { stream, durable, error: err });
        }
        await lanes.idle();
        if (stopped) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
        try {
          const known = knownStreams.get(loop.streamName);
          if (known) await ensureStream(known);
          await ensureConsumer(stream, durable, filterSubject);
        } catch (err) {
          logger.error('could not recreate consumer', { stream, durable, error: err });
        }
      }
    })();

    return {
      async stop() {
        if (stopped) return;
        stopped = true;
        await current?.close();
        await running;
      },
    };
  }

  async function consume(spec: ConsumeSpec): Promise<ConsumerHandle> {
    const stream = streamOf(spec.stream);
    const filterSubject = spec.filterSubject ? subjectOf(spec.filterSubject) : undefined;
    const maxDeliver = Math.max(1, spec.maxDeliver ?? busMaxDeliver);
    const limit = spec.partitionKey ? Math.max(1, spec.concurrency ?? DEFAULT_CONCURRENCY) : 1;
    await ensureConsumer(stream, spec.durable, filterSubject);
    // Replays of this consumer's dead letters come through a consumer of their own, to this handler only.
    await ensureDeadLetterStream();
    const replayFilter = subjectOf(replaySubject(spec.stream, spec.durable));
    const replayName = replayDurable(spec.stream, spec.durable);
    await ensureConsumer(deadLetterStream, replayName, replayFilter);

    const ackNoReply = spec.idempotent === true;
    const toDelivery = async (msg: JsMsg): Promise<Delivery | undefined> => {
      const parsed = await parseMessage(msg, spec.stream, spec.durable, spec.schemaFor);
      if (!parsed) return undefined;
      const malformed = 'malformed' in parsed;
      const delivery: Delivery = {
        msg,
        event: malformed ? parsed.malformed : parsed,
        meta: {
          subject: msg.subject,
          deliveryCount: msg.info.deliveryCount,
          streamSequence: msg.seq,
        },
        stream: spec.stream,
        durable: spec.durable,
        maxDeliver,
        ackNoReply,
      };
      if (!malformed) return delivery;
      eventDuration.observe(
        { service: name, durable: spec.durable, type: delivery.event.type, outcome: 'terminated' },
        0,
      );
      await giveUp(delivery, 'terminal', `malformed ${delivery.event.type}`);
      return undefined;
    };
    const batching =
      spec.batchHandler && spec.partitionKey
        ? new BatchingLanes<Delivery>({
            limit,
            maxBatch: Math.max(1, spec.maxBatch ?? 64),
            maxQueued: 256,
            run: (_key, deliveries) => handleBatch(deliveries, spec),
          })
        : undefined;
    const lanes = new PartitionedLanes(limit);
    const main = pullLoop({
      streamName: spec.stream,
      durable: spec.durable,
      filterSubject,
      dispatch: async (msg) => {
        const delivery = await toDelivery(msg);
        if (!delivery) return;
        const key = spec.partitionKey?.(delivery.event);
        if (batching) await batching.add(key, delivery);
        else await lanes.run(key, () => handleDelivery(delivery, spec.handler));
      },
      idle: () => (batching ? batching.idle() : lanes.idle()),
    });
    const replayLanes = new PartitionedLanes(limit);
    const replays = pullLoop({
      streamName: DEAD_LETTER_STREAM.name,
      durable: replayName,
      filterSubject: replayFilter,
      idle: () => replayLanes.idle(),
      dispatch: async (msg) => {
        let record: Partial<DeadLetter> | undefined;
        try {
          record = msg.json<Partial<DeadLetter>>();
        } catch {
          record = undefined;
        }
        const parsed = eventEnvelopeSchema.safeParse(record?.event);
        if (!record || !parsed.success) {
          // The record stays in the dead letters; only this request is dropped.
          logger.error('dead-letter replay without a readable event dropped', {
            durable: spec.durable,
            seq: msg.seq,
          });
          msg.term('unreadable replay');
          return;
        }
        const typed = spec.schemaFor?.(parsed.data.type)?.safeParse(record.event);
        const event = typed?.success ? typed.data : parsed.data;
        const recordSeq = Number(msg.headers?.get(DEAD_LETTER_SEQ_HEADER));
        const delivery: Delivery = {
          msg,
          event,
          meta: {
            subject: subjectOf(event.type),
            deliveryCount: msg.info.deliveryCount,
            streamSequence: record.streamSequence ?? 0,
          },
          stream: spec.stream,
          durable: spec.durable,
          maxDeliver,
          replay: {
            recordSeq: Number.isInteger(recordSeq) && recordSeq > 0 ? recordSeq : undefined,
            requestSeq: msg.seq,
          },
          ackNoReply,
        };
        await replayLanes.run(spec.partitionKey?.(event), () =>
          handleDelivery(delivery, spec.handler),
        );
      },
    });

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
    let stopping: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop() {
        stopping ??= (async () => {
          unobserve();
          consumers.delete(handle);
          await Promise.all([main.stop(), replays.stop()]);
        })();
        return stopping;
      },
    };
    consumers.add(handle);
    logger.info('consuming', { stream, durable: spec.durable, filterSubject });
    return handle;
  }

  /** The stored records under `subject` (a pattern), oldest first. */
  async function readRecords(subject: string): Promise<DeadLetter[]> {
    let count = 0;
    try {
      const info = await jsm.streams.info(deadLetterStream, { subjects_filter: subject });
      count = Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
    } catch (err) {
      if (isApiError(err, STREAM_NOT_FOUND)) return [];
      throw err;
    }
    if (count === 0) return [];
    const reader = await js.consumers.get(deadLetterStream, { filter_subjects: subject });
    const records: DeadLetter[] = [];
    // Batches until the reader reports nothing pending, or a batch comes back empty (records removed
    // between the count and the read).
    for (let more = true; more;) {
      const batch = await reader.fetch({ max_messages: 256, expires: 1_000 });
      more = false;
      for await (const msg of batch) {
        try {
          records.push({ ...msg.json<Omit<DeadLetter, 'seq'>>(), seq: msg.seq });
        } catch {
          logger.warn('unreadable dead-letter record skipped', { seq: msg.seq });
        }
        more = msg.info.pending > 0;
      }
    }
    return records;
  }

  async function* readHistory(streamName: string, filter?: string): AsyncGenerator<HistoryEntry> {
    const stream = streamOf(streamName);
    const subject = filter ? subjectOf(filter) : undefined;
    let info;
    try {
      info = await jsm.streams.info(stream);
    } catch (err) {
      if (isApiError(err, STREAM_NOT_FOUND)) return;
      throw err;
    }
    if (info.state.messages === 0) return;
    const reader = await js.consumers.get(stream, subject ? { filter_subjects: subject } : {});
    for (let more = true; more;) {
      const batch = await reader.fetch({ max_messages: 512, expires: 1_000 });
      more = false;
      for await (const msg of batch) {
        more = msg.info.pending > 0;
        const parsed = eventEnvelopeSchema.safeParse(safeJson(msg));
        if (!parsed.success) {
          logger.warn('history: message that is not an event skipped', { stream, seq: msg.seq });
          continue;
        }
        yield {
          event: parsed.data,
          meta: { subject: msg.subject, deliveryCount: 1, streamSequence: msg.seq },
        };
      }
    }
  }

  async function listDeadLetters(filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
    let subject = subjectOf('deadletter.record.>');
    if (filter.consumer) {
      const [streamPart, durablePart] = filter.consumer.includes('/')
        ? filter.consumer.split('/', 2)
        : ['*', filter.consumer];
      if (!/^[A-Za-z0-9_*-]+$/.test(streamPart!) || !/^[A-Za-z0-9_-]+$/.test(durablePart!))
        throw new Error(`not a consumer name: ${filter.consumer}`);
      subject = subjectOf(`deadletter.record.${streamPart}.${durablePart}`);
    }
    const records = await readRecords(subject);
    return filter.id === undefined
      ? records
      : records.filter(
          (record) => record.eventId === filter.id || String(record.seq) === filter.id,
        );
  }

  async function replayDeadLetters(filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
    const records = (await listDeadLetters(filter)).filter((record) => record.event !== null);
    if (records.length > 0) await ensureDeadLetterStream();
    for (const record of records) {
      const hdrs = headers();
      hdrs.set(DEAD_LETTER_SEQ_HEADER, String(record.seq));
      const { seq: _seq, ...stored } = record;
      await js.publish(
        subjectOf(replaySubject(record.stream, record.consumer)),
        JSON.stringify(stored),
        { headers: hdrs, timeout: 5_000 },
      );
      logger.info('dead letter replayed', {
        seq: record.seq,
        eventId: record.eventId,
        type: record.type,
        stream: record.stream,
        durable: record.consumer,
      });
    }
    return records;
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

  return {
    connection,
    namespace,
    ensureStream,
    publish,
    consume,
    listDeadLetters,
    replayDeadLetters,
    readHistory,
    close,
  };
}

function safeJson(msg: JsMsg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
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
