import { natsConnectOptions } from './nats-url.ts';
import { connect, nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { eventEnvelopeSchema, type EventEnvelope } from '@levelup/contracts';
import { createLogger } from './telemetry/logger.ts';
import { requestContext } from './request-context.ts';
import { eventDuration, observeConsumers } from './telemetry/metrics.ts';
import { BatchingLanes } from './batching-lanes.ts';
import { SpanKind, TRACE_HEADERS, contextFrom, inSpan } from './telemetry/tracing.ts';
import { createBusContext } from './bus/context.ts';
import { PartitionedLanes } from './bus/partitioned-lanes.ts';
import { giveUp, settleReplay, storeDeadLetter } from './bus/dead-letters.ts';
import { listDeadLetters, replayDeadLetters } from './bus/dead-letter-replay.ts';
import { publish } from './bus/publish.ts';
import {
  ACK_WAIT_MS,
  CONSUMER_NOT_FOUND,
  DEAD_LETTER_SEQ_HEADER,
  DEAD_LETTER_STREAM,
  DEFAULT_CONCURRENCY,
  PermanentEventError,
  STREAM_NOT_FOUND,
  errorText,
  isApiError,
  redeliveryDelay,
  replayDurable,
  replaySubject,
  safeJson,
} from './bus/rules.ts';
import {
  ensureDeadLetterStream as ensureDeadLetterStreamOf,
  ensureStream as ensureStreamOf,
} from './bus/streams.ts';
import type {
  Bus,
  BusOptions,
  ConsumeSpec,
  ConsumerHandle,
  DeadLetter,
  Delivery,
  EventHandler,
  EventSchema,
  HistoryEntry,
  StreamSpec,
} from './bus/types.ts';

export type {
  BatchHandler,
  Bus,
  BusOptions,
  ConsumeSpec,
  ConsumerHandle,
  DeadLetter,
  DeadLetterFilter,
  DeadLetterReason,
  EventHandler,
  EventMeta,
  EventSchema,
  HistoryEntry,
  StreamSpec,
} from './bus/types.ts';
export {
  ACK_WAIT_MS,
  DEAD_LETTER_SEQ_HEADER,
  DEAD_LETTER_STREAM,
  DEFAULT_CONCURRENCY,
  DUPLICATE_WINDOW_MS,
  MAX_DELIVER,
  PermanentEventError,
  byUser,
  redeliveryDelay,
} from './bus/rules.ts';
export { PartitionedLanes } from './bus/partitioned-lanes.ts';

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
  const {
    namespace,
    consumers,
    knownStreams,
    subjectOf,
    streamOf,
    busMaxDeliver,
    deadLetterStream,
  } = ctx;
  const ensureStream = (spec: StreamSpec) => ensureStreamOf(ctx, spec);
  const ensureDeadLetterStream = () => ensureDeadLetterStreamOf(ctx);

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
    if (delivery.replay) await settleReplay(ctx, delivery.replay);
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
          ctx,
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
      await giveUp(
        ctx,
        delivery,
        'unfinished',
        `not finished after ${delivery.maxDeliver} deliveries`,
      );
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
        await giveUp(ctx, delivery, terminal ? 'terminal' : 'max_deliveries', errorText(err));
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
      await giveUp(ctx, delivery, 'terminal', `malformed ${delivery.event.type}`);
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
    publish: (event, trace) => publish(ctx, event, trace),
    consume,
    listDeadLetters: (filter) => listDeadLetters(ctx, filter),
    replayDeadLetters: (filter) => replayDeadLetters(ctx, filter),
    readHistory,
    close,
  };
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
