// An ordered set of (index key, document id) entries kept in chunks of bounded size, so insert and
// delete cost O(log n + chunk size) and an equality or range lookup costs O(log n + matches).
import { compareValues } from './values.ts';

export interface IndexEntry {
  key: unknown[];
  idKey: string;
}

const MAX_CHUNK = 512;

/** Compares the first `length` components of two keys. */
export function compareKeyPrefix(a: unknown[], b: unknown[], length: number): number {
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}

function compareEntries(a: IndexEntry, b: IndexEntry): number {
  const order = compareKeyPrefix(a.key, b.key, a.key.length);
  if (order !== 0) return order;
  return a.idKey < b.idKey ? -1 : a.idKey > b.idKey ? 1 : 0;
}

export interface KeyBound {
  /** Leading key components the bound covers. */
  key: unknown[];
  inclusive: boolean;
}

export class SortedKeys {
  private chunks: IndexEntry[][] = [[]];
  private count = 0;

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.chunks = [[]];
    this.count = 0;
  }

  /** Index of the first chunk whose last entry is not below `probe` (or the last chunk). */
  private chunkFor(isBelow: (entry: IndexEntry) => boolean): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const chunk = this.chunks[mid]!;
      if (isBelow(chunk[chunk.length - 1]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private static position(chunk: IndexEntry[], isBelow: (entry: IndexEntry) => boolean): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (isBelow(chunk[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(entry: IndexEntry): void {
    const isBelow = (e: IndexEntry): boolean => compareEntries(e, entry) < 0;
    const c = this.chunkFor(isBelow);
    const chunk = this.chunks[c]!;
    chunk.splice(SortedKeys.position(chunk, isBelow), 0, entry);
    this.count++;
    if (chunk.length > MAX_CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(MAX_CHUNK >> 1));
  }

  remove(entry: IndexEntry): boolean {
    const isBelow = (e: IndexEntry): boolean => compareEntries(e, entry) < 0;
    const c = this.chunkFor(isBelow);
    const chunk = this.chunks[c]!;
    const i = SortedKeys.position(chunk, isBelow);
    const found = chunk[i];
    if (!found || compareEntries(found, entry) !== 0) return false;
    chunk.splice(i, 1);
    this.count--;
    if (chunk.length === 0 && this.chunks.length > 1) this.chunks.splice(c, 1);
    return true;
  }

  /** Entries between two bounds on the leading key components, in key order. */
  *range(lower: KeyBound, upper: KeyBound): Generator<IndexEntry> {
    const lowLength = lower.key.length;
    const isBelow = (e: IndexEntry): boolean => {
      const order = compareKeyPrefix(e.key, lower.key, lowLength);
      return lower.inclusive ? order < 0 : order <= 0;
    };
    const upLength = upper.key.length;
    let c = this.chunkFor(isBelow);
    let i = SortedKeys.position(this.chunks[c]!, isBelow);
    for (; c < this.chunks.length; c++, i = 0) {
      const chunk = this.chunks[c]!;
      for (; i < chunk.length; i++) {
        const entry = chunk[i]!;
        const order = compareKeyPrefix(entry.key, upper.key, upLength);
        if (order > 0 || (order === 0 && !upper.inclusive)) return;
        yield entry;
      }
    }
  }

  *all(): Generator<IndexEntry> {
    for (const chunk of this.chunks) yield* chunk;
  }
}
