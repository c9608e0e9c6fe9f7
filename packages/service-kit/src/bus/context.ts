import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from '../telemetry/logger.ts';
import { ACK_WAIT_MS, DEAD_LETTER_STREAM, MAX_DELIVER } from './rules.ts';
import type { BusOptions, ConsumerHandle, StreamSpec } from './types.ts';

/** What the parts of one bus share: its connection, its JetStream clients, and where its names live. */
export interface BusContext {
  /** The service's name: the connection's, the spans' and the metrics' `service` label. */
  readonly name: string;
  readonly logger: Logger;
  readonly namespace: string | undefined;
  /** Copies JetStream keeps of each stream this bus creates. */
  readonly replicas: number;
  readonly connection: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  /** The consumers running, stopped on close. */
  readonly consumers: Set<ConsumerHandle>;
  /** Streams this process ensured, so it can put them back if the server lost them (restart without storage). */
  readonly knownStreams: Map<string, StreamSpec>;
  /** Deliveries before a failing event goes to the dead letters, unless a consumer says otherwise. */
  readonly busMaxDeliver: number;
  /** How long the server waits for an acknowledgement before it delivers a message again. */
  readonly ackWaitMs: number;
  /** The DEADLETTER stream's name on the server (namespaced). */
  readonly deadLetterStream: string;
  /** Set while (or once) the DEADLETTER stream is ensured; cleared when that failed, so it is tried again. */
  deadLettersReady: Promise<void> | undefined;
  subjectOf(subject: string): string;
  streamOf(stream: string): string;
}

export function createBusContext(parts: {
  name: string;
  logger: Logger;
  options: BusOptions;
  connection: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}): BusContext {
  const { name, logger, options, connection, js, jsm } = parts;
  const namespace = options.namespace;
  const subjectOf = (subject: string) => (namespace ? `${namespace}.${subject}` : subject);
  const streamOf = (stream: string) => (namespace ? `${stream}_${namespace}` : stream);
  return {
    name,
    logger,
    namespace,
    replicas: options.streamReplicas ?? 1,
    connection,
    js,
    jsm,
    consumers: new Set<ConsumerHandle>(),
    knownStreams: new Map<string, StreamSpec>(),
    busMaxDeliver: Math.max(1, options.maxDeliver ?? MAX_DELIVER),
    ackWaitMs: options.ackWaitMs ?? ACK_WAIT_MS,
    deadLetterStream: streamOf(DEAD_LETTER_STREAM.name),
    deadLettersReady: undefined,
    subjectOf,
    streamOf,
  };
}
