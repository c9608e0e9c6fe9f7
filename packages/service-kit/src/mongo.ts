import mongoose, { Types } from 'mongoose';
import type { Connection } from 'mongoose';
import { timeMongoOperations } from './telemetry/mongo-timing.ts';

/**
 * What every service asks of MongoDB, written for a replica set (a standalone server, the embedded one
 * included, takes them as its single node): a write is acknowledged once a majority of the members
 * have it in their journal, so an acknowledged write survives the loss of the primary; reads see only
 * what a majority has (never a write an election then rolls back); and the driver retries a write or a
 * read once after a failover or a network error (idempotent by the driver's transaction numbers).
 */
export const REPLICA_SET_CONCERNS = {
  retryWrites: true,
  retryReads: true,
  writeConcern: { w: 'majority' as const, journal: true },
  readConcern: { level: 'majority' as const },
};

/**
 * One connection per service, each with its own database (database-per-service):
 * identity -> 'levelup_identity', quests -> 'levelup_quests', ...
 * A standalone server (embedded or real) answers fast or not at all, hence the short selection timeout.
 * With the service's name, every model operation is timed for its metrics.
 */
export async function connectMongo(
  url: string,
  dbName: string,
  service?: string,
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    maxPoolSize: 20,
    ...REPLICA_SET_CONCERNS,
  });
  if (service) timeMongoOperations(connection, service);
  return connection.asPromise();
}

export const DUPLICATE_KEY = 11000;

/** E11000: a unique index refused the write. */
export function isDuplicateKeyError(err: unknown): err is {
  code: number;
  message: string;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
} {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY
  );
}

/**
 * Whether every write a failed write (one, or an unordered bulk write or insertMany) refused was refused
 * as a duplicate key: the rows were already there, or an older event met a newer one.
 */
export function onlyDuplicateKeyErrors(err: unknown): boolean {
  const writeErrors = (err as { writeErrors?: Array<{ code?: number; err?: { code?: number } }> })
    ?.writeErrors;
  if (!Array.isArray(writeErrors) || writeErrors.length === 0) return isDuplicateKeyError(err);
  return writeErrors.every((e) => (e.code ?? e.err?.code) === DUPLICATE_KEY);
}

/** Which unique index refused the write, from keyPattern or, failing that, the server's message. */
export function duplicateKeyField(err: {
  message: string;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
}): string | undefined {
  const fromPattern = Object.keys(err.keyPattern ?? err.keyValue ?? {})[0];
  if (fromPattern) return fromPattern;
  const match = /index: (?:[\w.]+\.\$)?([A-Za-z0-9_.]+?)_-?1/.exec(err.message);
  return match?.[1];
}

/** Ids that cannot be ObjectIds are simply unknown (404), never a cast error. */
export function objectId(id: string): Types.ObjectId | null {
  return /^[0-9a-fA-F]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}
