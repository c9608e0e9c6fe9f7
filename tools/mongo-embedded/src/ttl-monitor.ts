// Deletes documents whose TTL-indexed date is older than expireAfterSeconds, like MongoDB's TTL
// monitor (which runs every 60 s; this one every second so sessions expire promptly).
import type { Document } from 'bson';
import type { Logger } from './logger.ts';
import type { StorageEngine } from './storage/engine.ts';
import { ClassBound, TypeClass } from './storage/values.ts';

const INTERVAL_MS = 1000;

/** Removes expired documents now; returns how many. */
export function expireDocuments(engine: StorageEngine, now = Date.now()): number {
  let removed = 0;
  for (const collection of engine.allCollections()) {
    // A time series collection's expireAfterSeconds applies to its timeField.
    const { timeseries, expireAfterSeconds } = collection.options;
    if (timeseries && typeof expireAfterSeconds === 'number') {
      const field = String((timeseries as Document).timeField);
      const cutoff = now - expireAfterSeconds * 1000;
      const expired = [...collection.allDocuments()].filter((doc) => {
        const value = doc[field] as unknown;
        return value instanceof Date && value.getTime() < cutoff;
      });
      for (const doc of expired) collection.remove(doc);
      removed += expired.length;
    }
    for (const index of collection.indexes.values()) {
      if (index.expireAfterSeconds === undefined) continue;
      const cutoff = new Date(now - index.expireAfterSeconds * 1000);
      const expired: Document[] = [];
      for (const entry of index.keys.range(
        { key: [new ClassBound(TypeClass.Date, -1)], inclusive: true },
        { key: [cutoff], inclusive: false },
      )) {
        const doc = collection.getByIdKey(entry.idKey);
        if (doc) expired.push(doc);
      }
      for (const doc of expired) collection.remove(doc);
      removed += expired.length;
    }
  }
  return removed;
}

/** Starts the monitor; returns its stop function. */
export function startTtlMonitor(engine: StorageEngine, logger: Logger): () => void {
  const timer = setInterval(() => {
    try {
      expireDocuments(engine);
    } catch (error) {
      logger.error(`TTL monitor: ${(error as Error).message}`);
    }
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
