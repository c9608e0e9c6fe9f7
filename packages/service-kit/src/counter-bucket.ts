import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { natsConnectOptions } from './nats-url.ts';
import type { Logger } from './telemetry/logger.ts';

/** A key's value as this process last read or wrote it, at its revision. */
export interface Known {
  revision: number;
  count: number;
  endsAt: number;
  /** When this process last read or wrote it. */
  seenAt: number;
}

export class SharedCountersUnavailable extends Error {
  override name = 'SharedCountersUnavailable';
}

/** Creates the bucket's stream, or brings an existing one to this configuration. */
async function ensureBucketStream(jsm: JetStreamManager, bucket: string, ttlMs: number) {
  const stream = `KV_${bucket}`;
  const config = {
    subjects: [`$KV.${bucket}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.Memory,
    discard: DiscardPolicy.New,
    max_msgs_per_subject: 1,
    max_age: nanos(ttlMs),
    allow_rollup_hdrs: true,
    deny_delete: true,
    allow_direct: true,
    num_replicas: 1,
  };
  const exists = await jsm.streams.info(stream).then(
    () => true,
    (error: unknown) => {
      if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)
        return false;
      throw error;
    },
  );
  if (exists) await jsm.streams.update(stream, config);
  else await jsm.streams.add({ name: stream, ...config });
}

/**
 * The shared counters' JetStream key-value bucket: the connection (kept up, the bucket made again after
 * each reconnection and after a failed call), and reading and compare-and-set writing of one key. What
 * is read or written is remembered in `known`, which is emptied while NATS is away.
 */
export function counterBucket(deps: {
  url: string;
  name: string;
  /** The bucket's full name (namespace included). */
  bucket: string;
  ttlMs: number;
  timeout: number;
  logger: Logger;
  known: Map<string, Known>;
}) {
  const { bucket, timeout, logger, known } = deps;
  const stream = `KV_${bucket}`;
  let connection: NatsConnection | undefined;
  let js: JetStreamClient | undefined;
  let jsm: JetStreamManager | undefined;
  let up = false;
  let closed = false;

  const ready = (async () => {
    const nc = await connect({
      ...natsConnectOptions(deps.url),
      name: deps.name,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    if (closed) {
      await nc.close();
      return;
    }
    connection = nc;
    jsm = await jetstreamManager(nc, { timeout });
    js = jetstream(nc, { timeout });
    await ensureBucket();
    up = true;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          up = false;
          known.clear();
          logger.warn('shared counters unreachable; reconnecting', { bucket });
        } else if (status.type === 'reconnect') {
          // A restarted server has lost the bucket (memory storage): made again before counting.
          ensureBucket().then(
            () => {
              up = !closed;
              logger.info('shared counters back', { bucket });
            },
            (error: unknown) =>
              logger.error('shared counters bucket not made again', {
                bucket,
                error: String(error),
              }),
          );
        }
      }
    })();
  })().catch((error: unknown) => {
    logger.error('shared counters failed to start', { bucket, error: String(error) });
  });

  async function ensureBucket() {
    if (jsm) await ensureBucketStream(jsm, bucket, deps.ttlMs);
  }

  let repairing: Promise<void> | undefined;
  /** After a failed call: the bucket may be gone (deleted, or a server restarted), so it is made again. */
  function repair() {
    if (repairing || !up) return;
    repairing = ensureBucket()
      .catch((error: unknown) =>
        logger.error('shared counters bucket not made again', { bucket, error: String(error) }),
      )
      .finally(() => {
        repairing = undefined;
      });
  }

  const subject = (key: string) => `$KV.${bucket}.${Buffer.from(key).toString('base64url')}`;

  async function read(key: string): Promise<Known> {
    if (!jsm || !up) throw new SharedCountersUnavailable('shared counters unreachable');
    try {
      const stored = await jsm.streams.getMessage(stream, { last_by_subj: subject(key) });
      if (!stored) return { revision: 0, count: 0, endsAt: 0, seenAt: Date.now() };
      const value = stored.json<{ count: number; endsAt: number }>();
      const entry = { revision: stored.seq, ...value, seenAt: Date.now() };
      known.set(key, entry);
      return entry;
    } catch (error) {
      repair();
      throw new SharedCountersUnavailable(String(error), { cause: error });
    }
  }

  /** Writes `value` over `from`: true when it was written, false when someone wrote the key in between. */
  async function write(key: string, from: Known, value: { count: number; endsAt: number }) {
    if (!js || !up) throw new SharedCountersUnavailable('shared counters unreachable');
    try {
      const ack = await js.publish(subject(key), JSON.stringify(value), {
        expect: { lastSubjectSequence: from.revision },
      });
      known.set(key, { revision: ack.seq, ...value, seenAt: Date.now() });
      return true;
    } catch (error) {
      known.delete(key);
      if (
        error instanceof JetStreamApiError &&
        error.code === JetStreamApiCodes.StreamWrongLastSequence
      )
        return false;
      repair();
      throw new SharedCountersUnavailable(String(error), { cause: error });
    }
  }

  return {
    ready,
    read,
    write,
    available: () => up && !closed,
    async close() {
      closed = true;
      up = false;
      if (connection && !connection.isClosed()) await connection.close();
    },
  };
}
