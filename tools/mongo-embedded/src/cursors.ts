// Server-side cursors: a result kept between find/aggregate and getMore, handed out in batches.
import { Long } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from './errors.ts';
import { bsonOf } from './storage/bson-bytes.ts';
import { asStored } from './storage/number-types.ts';

const DEFAULT_FIRST_BATCH = 101;
/** Replies stay under the 16 MiB document limit with room for the envelope. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  id: bigint;
  ns: string;
  docs: Document[];
  position: number;
  batchSize: number | undefined;
  lastUsed: number;
}

export class CursorManager {
  private readonly open = new Map<bigint, OpenCursor>();
  private nextId = BigInt(Date.now()) * 1000n;

  /** Builds the `cursor` reply for a complete result, keeping the rest open when it does not fit. */
  first(
    ns: string,
    docs: Document[],
    batchSize: number | undefined,
    singleBatch = false,
  ): Document {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const cursor: OpenCursor = { id: 0n, ns, docs, position: 0, batchSize, lastUsed: Date.now() };
    const firstBatch = takeBatch(cursor, size === 0 ? Infinity : size, size === 0);
    if (cursor.position < docs.length && !singleBatch) {
      cursor.id = this.nextId++;
      this.open.set(cursor.id, cursor);
    }
    return { cursor: { firstBatch, id: Long.fromBigInt(cursor.id), ns }, ok: 1 };
  }

  more(id: bigint, ns: string, batchSize: number | undefined): Document {
    const cursor = this.open.get(id);
    if (!cursor)
      throw new MongoCommandError(ErrorCodes.CursorNotFound, `cursor id ${id} not found`);
    if (cursor.ns !== ns) {
      throw new MongoCommandError(
        ErrorCodes.Unauthorized,
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    cursor.lastUsed = Date.now();
    const nextBatch = takeBatch(cursor, batchSize && batchSize > 0 ? batchSize : Infinity, false);
    if (cursor.position >= cursor.docs.length) {
      this.open.delete(id);
      cursor.id = 0n;
    }
    return { cursor: { nextBatch, id: Long.fromBigInt(cursor.id), ns }, ok: 1 };
  }

  kill(ids: bigint[]): { killed: bigint[]; notFound: bigint[] } {
    const killed: bigint[] = [];
    const notFound: bigint[] = [];
    for (const id of ids) (this.open.delete(id) ? killed : notFound).push(id);
    return { killed, notFound };
  }

  /** Closes cursors left idle longer than MongoDB's default 10 minutes. */
  sweep(now = Date.now()): void {
    for (const [id, cursor] of this.open)
      if (now - cursor.lastUsed > IDLE_TIMEOUT_MS) this.open.delete(id);
  }

  get count(): number {
    return this.open.size;
  }

  clear(): void {
    this.open.clear();
  }
}

function takeBatch(cursor: OpenCursor, count: number, empty: boolean): Document[] {
  if (empty) return [];
  const batch: Document[] = [];
  let bytes = 0;
  while (cursor.position < cursor.docs.length && batch.length < count) {
    const doc = cursor.docs[cursor.position]!;
    bytes += bsonOf(doc).length;
    if (batch.length > 0 && bytes > MAX_BATCH_BYTES) break;
    batch.push(asStored(doc));
    cursor.position++;
  }
  return batch;
}
