import { Schema, type Collection, type Model } from 'mongoose';
import type { EventEnvelope } from '@levelup/contracts';
import type { Bus } from './bus.ts';
import { outboxCleanups } from './outbox-cleanups.ts';
import { createLogger, type Logger } from './telemetry/logger.ts';
import { observeOutbox } from './telemetry/metrics.ts';
import { traceHeaders } from './telemetry/tracing.ts';

/**
 * Outbox inside the changed document. Standalone MongoDB has no
 * multi-document transactions, so a state change and the event it causes are written in ONE document
 * update: `$set` the new state and `$push` the event into the document's `outbox` array. The relay then
 * publishes pending events with msgID = event id (JetStream drops a repeat inside its 2-minute window,
 * so a crash between publish and `$pull` never doubles an event) and removes them from the document.
 */

export interface OutboxEntry {
  id: string;
  event: EventEnvelope;
  /** When the entry was written; the poller leaves fresh entries to the fast path for a moment. */
  at: Date;
  /**
   * The trace context of the request that wrote it (traceparent/tracestate), so the event published
   * later, by the fast path or by the poller, continues that request's trace.
   */
  trace?: Record<string, string>;
}

/** Schema path for `outbox` (and the poller's claim field) in a mongoose schema that carries events. */
export const outboxSchemaFields = {
  outbox: {
    type: [
      new Schema(
        {
          id: { type: String, required: true },
          event: { type: Schema.Types.Mixed, required: true },
          at: { type: Date, required: true },
          trace: { type: Schema.Types.Mixed },
        },
        { _id: false },
      ),
    ],
    default: [],
  },
  outboxLockedUntil: { type: Date, default: null },
};

/**
 * The poller looks for documents with old pending entries every second: without this index that is a
 * collection scan of every quest or user. Call once on each schema that spreads outboxSchemaFields.
 */
export function indexOutbox(schema: Schema): void {
  schema.index({ 'outbox.at': 1 });
}

export function outboxEntry(event: EventEnvelope, now: Date = new Date()): OutboxEntry {
  const trace = traceHeaders();
  return { id: event.id, event, at: now, ...(Object.keys(trace).length ? { trace } : {}) };
}

interface OutboxDocument {
  _id: unknown;
  outbox?: OutboxEntry[];
}

export interface OutboxRelay {
  /**
   * Fast path: publish what this document has pending, right after the write. Never throws, and waits
   * at most fastPathMs: with NATS slow or away the request answers anyway (its change is stored, its
   * events in the outbox) while the publish goes on in the background and the poller retries.
   */
  flush(doc: OutboxDocument): Promise<void>;
  /** One poller pass: claims and publishes every document with entries older than the grace period. */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface OutboxRelayOptions {
  // Any mongoose model whose schema includes outboxSchemaFields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the relay only touches the outbox fields
  model: Model<any>;
  bus: Pick<Bus, 'publish'>;
  /** Names the service in log lines and in the outbox metrics. */
  logger?: Logger;
  intervalMs?: number;
  lockMs?: number;
  graceMs?: number;
  fastPathMs?: number;
  /**
   * How long the fast path's clean-ups are gathered before one bulk write removes them all (one database
   * command for every document published meanwhile instead of one each).
   */
  cleanupDelayMs?: number;
}

/** How many events wait in this collection's outboxes and since when, read when Prometheus scrapes. */
async function outboxWaiting(collection: Collection, service: string) {
  const [row] = (await collection
    .aggregate([
      { $match: { 'outbox.at': { $lte: new Date() } } },
      { $unwind: '$outbox' },
      { $group: { _id: null, waiting: { $sum: 1 }, oldest: { $min: '$outbox.at' } } },
    ])
    .toArray()) as Array<{ waiting: number; oldest: Date | null }>;
  return [
    {
      labels: { service, collection: collection.collectionName },
      values: {
        waiting: row?.waiting ?? 0,
        oldestAgeSeconds: row?.oldest ? (Date.now() - row.oldest.getTime()) / 1_000 : 0,
      },
    },
  ];
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { model, bus } = options;
  const logger = options.logger ?? createLogger('outbox');
  const intervalMs = options.intervalMs ?? 1_000;
  const lockMs = options.lockMs ?? 30_000;
  const graceMs = options.graceMs ?? 2_000;
  const fastPathMs = options.fastPathMs ?? 500;
  const cleanupDelayMs = options.cleanupDelayMs ?? 50;
  const collection = model.collection;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<number> | undefined;
  let stopped = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  const cleanups = outboxCleanups({ collection, logger, delayMs: cleanupDelayMs, track });

  /** Publishes entries in order; stops at the first failure so later events never overtake earlier ones. */
  async function publishEntries(
    doc: OutboxDocument,
    removal: 'await' | 'background' = 'await',
  ): Promise<string[]> {
    const published: string[] = [];
    for (const entry of doc.outbox ?? []) {
      // Already published, its clean-up on its way (the fast path only; the poller republishes anything).
      if (removal === 'background' && cleanups.has(entry.id)) continue;
      try {
        await bus.publish(entry.event, entry.trace);
        published.push(entry.id);
      } catch (err) {
        logger.warn('outbox publish failed; the poller will retry', {
          eventId: entry.id,
          type: entry.event.type,
          error: err,
        });
        break;
      }
    }
    if (published.length > 0) {
      // On the fast path the request need not wait for the clean-up: the events are already in JetStream,
      // and if the $pull is lost the poller republishes them, de-duplicated by their ids.
      if (removal === 'background') cleanups.later(doc._id, published);
      else
        await collection.updateOne(
          { _id: doc._id } as never,
          { $pull: { outbox: { id: { $in: published } } } } as never,
        );
    }
    return published;
  }

  async function flush(doc: OutboxDocument): Promise<void> {
    if (!doc.outbox?.length) return;
    const publishing = track(
      publishEntries(doc, 'background').catch((err: unknown) => {
        logger.warn('outbox fast path failed; the poller will retry', { error: err });
        return [];
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, fastPathMs);
      timer.unref();
    });
    await Promise.race([publishing, waited]);
    clearTimeout(timer);
  }

  async function sweepOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const now = Date.now();
      const lockedUntil = new Date(now + lockMs);
      const claimed = (await collection.findOneAndUpdate(
        {
          outbox: { $elemMatch: { at: { $lte: new Date(now - graceMs) } } },
          $or: [{ outboxLockedUntil: null }, { outboxLockedUntil: { $lte: new Date(now) } }],
        } as never,
        { $set: { outboxLockedUntil: lockedUntil } } as never,
        { returnDocument: 'after', projection: { outbox: 1 } },
      )) as OutboxDocument | null;
      if (!claimed) return count;
      const published = await publishEntries(claimed);
      count += published.length;
      await collection.updateOne(
        { _id: claimed._id, outboxLockedUntil: lockedUntil } as never,
        { $set: { outboxLockedUntil: null } } as never,
      );
      if (published.length < (claimed.outbox?.length ?? 0)) return count; // NATS trouble: try again next tick
    }
  }

  function sweep(): Promise<number> {
    sweeping ??= track(sweepOnce()).finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      sweep()
        .then((count) => {
          if (count > 0) logger.info('outbox poller published left-over events', { count });
        })
        .catch((err: unknown) => logger.warn('outbox sweep failed', { error: err }))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }
  const waiting = () => outboxWaiting(collection, logger.name);
  let unobserve: (() => void) | undefined;

  return {
    flush,
    sweep,
    start() {
      stopped = false;
      unobserve ??= observeOutbox(waiting);
      if (!timer) schedule();
    },
    async stop() {
      stopped = true;
      unobserve?.();
      unobserve = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
      await cleanups.write();
    },
  };
}
