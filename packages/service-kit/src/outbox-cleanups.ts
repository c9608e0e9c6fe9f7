import type { Collection } from 'mongoose';
import type { Logger } from './telemetry/logger.ts';

/** Clean-ups gathered at most before they are written at once, whatever the delay. */
const CLEANUP_BATCH = 256;

/**
 * The fast path's clean-ups: published entries are gathered for cleanupDelayMs (or until CLEANUP_BATCH
 * documents) and removed from their documents by one bulk write.
 */
export function outboxCleanups(deps: {
  collection: Collection;
  logger: Logger;
  delayMs: number;
  /** Keeps the write among the relay's work in flight (stop waits for it). */
  track: <T>(promise: Promise<T>) => Promise<T>;
}) {
  const { collection, logger, track } = deps;
  /** Published entries waiting for their clean-up, by document. */
  let cleanups = new Map<string, { _id: unknown; ids: string[] }>();
  /** Their ids: a document written again before its clean-up does not publish them a second time. */
  const cleaning = new Set<string>();
  let cleanupTimer: NodeJS.Timeout | undefined;

  /** One bulk write removes every gathered entry from its document (unordered: one failure spoils none). */
  function writeCleanups(): Promise<void> {
    clearTimeout(cleanupTimer);
    cleanupTimer = undefined;
    if (cleanups.size === 0) return Promise.resolve();
    const batch = [...cleanups.values()];
    cleanups = new Map();
    return track(
      collection
        .bulkWrite(
          batch.map(({ _id, ids: published }) => ({
            updateOne: {
              filter: { _id } as never,
              update: { $pull: { outbox: { id: { $in: published } } } } as never,
            },
          })),
          { ordered: false },
        )
        .then(() => undefined)
        .catch((err: unknown) => {
          // The events are in JetStream: the poller publishes them again (JetStream drops the repeat
          // by id) and then removes them.
          logger.warn('outbox clean-up failed; the poller will retry', {
            error: err,
            documents: batch.length,
          });
        })
        .finally(() => {
          for (const entry of batch) for (const id of entry.ids) cleaning.delete(id);
        }),
    );
  }

  function cleanUpLater(_id: unknown, published: string[]): void {
    const key = String(_id);
    const entry = cleanups.get(key);
    if (entry) entry.ids.push(...published);
    else cleanups.set(key, { _id, ids: [...published] });
    for (const id of published) cleaning.add(id);
    if (cleanups.size >= CLEANUP_BATCH) void writeCleanups();
    else if (!cleanupTimer) {
      cleanupTimer = setTimeout(() => void writeCleanups(), deps.delayMs);
      cleanupTimer.unref();
    }
  }

  return {
    /** Gathers a document's published entries for the next bulk write. */
    later: cleanUpLater,
    /** Whether this entry was published and waits for its clean-up. */
    has: (id: string) => cleaning.has(id),
    /** Writes what is gathered now. */
    write: writeCleanups,
  };
}
