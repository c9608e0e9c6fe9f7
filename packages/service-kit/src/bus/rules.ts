import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope } from '@levelup/contracts';
import type { StreamSpec } from './types.ts';

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
 * of svc-identity). A message this process holds longer (in work, or waiting its turn) is reported
 * as still in work (held-messages.ts).
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
export const recordSubject = (stream: string, durable: string) =>
  `deadletter.record.${stream}.${durable}`;
export const replaySubject = (stream: string, durable: string) =>
  `deadletter.replay.${stream}.${durable}`;
export const replayDurable = (stream: string, durable: string) => `replay_${stream}_${durable}`;

export const DEFAULT_CONCURRENCY = 16;
/**
 * Batches at once of a consumer that batches across keys: while two run, what comes in waits and goes as
 * one larger batch (under the load bench, XP's writes per event fell from 0.8 to 0.2 going from 16 to 2).
 */
export const ACROSS_KEYS_CONCURRENCY = 2;

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

export function isApiError(err: unknown, code: number): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}
export const STREAM_NOT_FOUND = 10059;
export const CONSUMER_NOT_FOUND = 10014;
export const STREAM_NAME_IN_USE = 10058;

export function safeJson(msg: JsMsg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * For a batch taken across keys: each key's entries in order, the keys side by side. Resolves once all
 * are done; if any failed, rejects with the first failure, only after every key's work has stopped (so
 * the bus's one-at-a-time fallback never overlaps a key still being applied).
 */
export async function eachKeyInOrder<T>(
  entries: readonly T[],
  keyOf: (entry: T) => string | undefined,
  apply: (entry: T) => Promise<void>,
): Promise<void> {
  const lanes = new Map<string | T, T[]>();
  for (const entry of entries) {
    const key = keyOf(entry) ?? entry;
    const lane = lanes.get(key);
    if (lane) lane.push(entry);
    else lanes.set(key, [entry]);
  }
  const results = await Promise.allSettled(
    [...lanes.values()].map(async (lane) => {
      for (const entry of lane) await apply(entry);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
