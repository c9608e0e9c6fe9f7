// One secondary (or _id) index: its spec as listIndexes reports it, its keys, and uniqueness.
import { Query } from './operators.ts';
import type { Document } from 'bson';
import { SortedKeys } from './sorted-keys.ts';
import { valuesAtPath } from './values.ts';
import { TextIndex, isTextKey } from './text/text-index.ts';

const MAX_KEYS_PER_DOCUMENT = 10_000;

export class Index {
  readonly spec: Document;
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  /** Ascending/descending indexes are maintained and used by the planner (2dsphere and hashed are accepted and ignored). */
  readonly queryable: boolean;
  /** A text index's terms and scores (maintained, used by $text). */
  readonly text: TextIndex | undefined;
  readonly expireAfterSeconds: number | undefined;
  private readonly sparse: boolean;
  private readonly partial: Query | undefined;
  readonly keys = new SortedKeys();

  constructor(spec: Document) {
    this.spec = spec;
    this.name = String(spec.name);
    const key = spec.key as Document;
    this.fields = Object.keys(key);
    this.queryable = Object.values(key).every((direction) => direction === 1 || direction === -1);
    this.unique = spec.unique === true && this.queryable;
    this.text = isTextKey(key) ? new TextIndex(spec) : undefined;
    this.sparse = spec.sparse === true;
    this.partial = spec.partialFilterExpression
      ? new Query(spec.partialFilterExpression as Document)
      : undefined;
    this.expireAfterSeconds =
      typeof spec.expireAfterSeconds === 'number' && this.fields.length === 1
        ? spec.expireAfterSeconds
        : undefined;
  }

  get keyPattern(): Document {
    return this.spec.key as Document;
  }

  /** The index keys of a document (several for a multikey index, none when sparse/partial excludes it). */
  keysFor(doc: Document): unknown[][] {
    if (!this.queryable) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((field) => valuesAtPath(doc, field));
    if (this.sparse && perField.every((values) => values.length === 1 && values[0] === undefined))
      return [];
    let keys: unknown[][] = [[]];
    for (const values of perField) {
      const unique = dedupe(values);
      const next: unknown[][] = [];
      for (const prefix of keys) for (const value of unique) next.push([...prefix, value ?? null]);
      keys = next;
      if (keys.length > MAX_KEYS_PER_DOCUMENT)
        throw new Error(`too many index keys for index ${this.name}`);
    }
    return keys;
  }

  add(doc: Document, idKey: string): void {
    if (this.text && (!this.partial || this.partial.test(doc))) this.text.add(doc, idKey);
    for (const key of this.keysFor(doc)) this.keys.insert({ key, idKey });
  }

  remove(doc: Document, idKey: string): void {
    if (this.text) this.text.remove(doc, idKey);
    for (const key of this.keysFor(doc)) this.keys.remove({ key, idKey });
  }

  /** The first key of `doc` already held by another document, when this index is unique. */
  findDuplicate(doc: Document, idKey: string): unknown[] | undefined {
    if (!this.unique) return undefined;
    for (const key of this.keysFor(doc)) {
      for (const entry of this.keys.range({ key, inclusive: true }, { key, inclusive: true })) {
        if (entry.idKey !== idKey) return key;
      }
    }
    return undefined;
  }
}

function dedupe(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const value of values) {
    const tag =
      typeof value === 'object' && value !== null
        ? JSON.stringify(value) + String(value)
        : `${typeof value}:${String(value)}`;
    if (!seen.has(tag)) {
      seen.add(tag);
      out.push(value);
    }
  }
  return out;
}
