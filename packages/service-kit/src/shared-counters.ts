import { counterBucket, type Known } from './counter-bucket.ts';
import { createLogger, type Logger } from './telemetry/logger.ts';

export { SharedCountersUnavailable } from './counter-bucket.ts';

/**
 * Fixed-window counters every process connected to the same NATS shares: a JetStream key-value bucket
 * (a stream `KV_<bucket>` on subjects `$KV.<bucket>.<key>`, one message kept per key, readable with
 * `nats kv get`), so every gateway instance counts into one number per key without a new server.
 *
 * Atomicity: each key holds `{ count, endsAt }` at a revision (its stream sequence). Counting publishes
 * the next value with the revision it was computed from as the expected last sequence of that subject
 * (compare-and-set; a key never written is expected at 0, so two first writers cannot both create it);
 * the server refuses the publish if anyone wrote in between, and the counter reads again and retries.
 * Chosen over one message per request in a stream capped per subject because that needs one stream per
 * (limit, window) pair, a stream changed whenever a limit is, and up to `max` messages held per key;
 * here one bucket serves every rule and a key is one small message.
 *
 * Cost: one round trip when this process wrote the key last (its revision is remembered), two otherwise
 * (read, then write). A refusal is remembered for at most `refusalMemoryMs` and answered without asking:
 * within a window the shared count only goes down by a give-back, so that memory can only make a limit
 * stricter (by the give-backs made elsewhere in that time), never looser.
 *
 * Keys expire with the bucket's age limit (`ttlMs`, at least the longest window) after their last write.
 * While NATS is unreachable `available()` is false and every call rejects with SharedCountersUnavailable
 * at once (or after `timeoutMs`): the caller decides what to do then. The bucket lives in memory on
 * the server (counts are worth less than the disk writes), so a restarted server has lost it: it is made
 * again after each reconnection and after any failed call.
 */
export interface SharedCountersOptions {
  url: string;
  /** Bucket name: letters, digits, '_' and '-'. */
  bucket: string;
  /** Tests only: a namespace the bucket's name ends with. */
  namespace?: string | undefined;
  /** How long a key lives after its last write: at least the longest window counted in it. */
  ttlMs: number;
  /** Per NATS request; past it the call rejects as unavailable. */
  timeoutMs?: number;
  refusalMemoryMs?: number;
  /** Compare-and-set attempts on one key before it is answered as contended. */
  maxAttempts?: number;
  name?: string;
  logger?: Logger;
}

export interface SharedCounters {
  /** True while connected and the bucket is in place. */
  available(): boolean;
  /** Resolves once the bucket is in place (never rejects; waits while NATS is away). */
  readonly ready: Promise<void>;
  /**
   * Counts one against `key` in a window of `windowMs` and answers 0, or, when the key is already at
   * `max` (or too contended to count now), the seconds until it may go again, without counting.
   */
  take(key: string, max: number, windowMs: number): Promise<number>;
  /** Gives one back to `key` if its window still runs. */
  give(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createSharedCounters(options: SharedCountersOptions): SharedCounters {
  const logger = options.logger ?? createLogger(options.name ?? 'shared-counters');
  // Namespaced as the bus's streams are (a suffix), so deleteNamespacedStreams removes it too.
  const bucket = options.bucket + (options.namespace ? `_${options.namespace}` : '');
  const timeout = options.timeoutMs ?? 500;
  const refusalMemoryMs = options.refusalMemoryMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 8;
  const known = new Map<string, Known>();
  const { ready, read, write, available, close } = counterBucket({
    url: options.url,
    name: options.name ?? 'shared-counters',
    bucket,
    ttlMs: options.ttlMs,
    timeout,
    logger,
    known,
  });

  const waitOf = (entry: Known, at: number) => Math.max(1, Math.ceil((entry.endsAt - at) / 1000));

  async function take(key: string, max: number, windowMs: number): Promise<number> {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const at = Date.now();
      const remembered = known.get(key);
      if (
        remembered &&
        remembered.endsAt > at &&
        remembered.count >= max &&
        at - remembered.seenAt < refusalMemoryMs
      )
        return waitOf(remembered, at);
      // The remembered revision is only a guess: a stale one is refused by the server, then read.
      const guess =
        attempt === 0 && remembered && !(remembered.endsAt > at && remembered.count >= max);
      const current = guess ? remembered : await read(key);
      if (current.endsAt > at && current.count >= max) return waitOf(current, at);
      const next =
        current.endsAt > at
          ? { count: current.count + 1, endsAt: current.endsAt }
          : { count: 1, endsAt: at + windowMs };
      if (await write(key, current, next)) return 0;
    }
    // Many processes counting one key at the same moment: refused for now (stricter, never looser).
    logger.warn('shared counter contended; refused for now', { bucket });
    return 1;
  }

  async function give(key: string): Promise<void> {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const remembered = known.get(key);
      const current = attempt === 0 && remembered ? remembered : await read(key);
      if (current.revision === 0 || current.endsAt <= Date.now() || current.count <= 0) return;
      if (await write(key, current, { count: current.count - 1, endsAt: current.endsAt })) return;
    }
  }

  return { available, ready, take, give, close };
}
