import type { NatsConnection } from '@nats-io/transport-node';
import type { JsMsg, PubAck } from '@nats-io/jetstream';
import type { EventEnvelope } from '@levelup/contracts';
import type { Logger } from '../telemetry/logger.ts';

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
 * Events of one partition key (or of several, with `batchAcrossKeys`: each key's in stream order), all
 * delivered for the first time unless the consumer says `batchTakesRedeliveries` (an event published
 * again past JetStream's de-duplication can be in the same batch twice: the handler applies it once).
 * Resolving means every one is applied; throwing means none or only some are, and the bus then hands
 * them to the per-event handler one at a time (which must find what the batch already applied).
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
  /**
   * Events (or batches) in flight at once across partitions; defaults to 16 when partitionKey is given,
   * 2 batches with batchAcrossKeys.
   */
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
   * The batch handler takes the events of several keys at once: what came in for every key not already
   * in a batch (each key's events in stream order, a key in one batch at a time), so a busy consumer
   * applies many users' events in a few writes instead of a few writes per user.
   */
  batchAcrossKeys?: boolean;
  /**
   * The batch handler also takes events delivered before (it finds and skips what it already applied):
   * a redelivery goes in the batch instead of sending its key one event at a time. Replays of dead
   * letters still go one at a time.
   */
  batchTakesRedeliveries?: boolean;
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
  /** How long the server waits for an acknowledgement before delivering again (ACK_WAIT_MS). Tests lower it. */
  ackWaitMs?: number;
  /** Copies JetStream keeps of each stream this bus creates (NATS_STREAM_REPLICAS); 1 by default. */
  streamReplicas?: number;
}

/** A message handed to a handler, from the consumer's stream or from a dead-letter replay. */
export interface Delivery {
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
