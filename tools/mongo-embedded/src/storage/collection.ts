// A collection: documents by _id in insertion order, plus its indexes. Every method is synchronous
// so a read-check-write sequence in a command handler can never interleave with another client.
import { ObjectId } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { bsonOf } from './bson-bytes.ts';
import { collationActive } from './collation.ts';
import { Index } from './index.ts';
import { compiledQuery } from './matcher.ts';
import { carryTypes } from './number-types.ts';
import { planQuery } from './planner.ts';
import type { Plan } from './planner.ts';
import { formatValue, idKeyOf, typeClassOf, TypeClass } from './values.ts';
import { splitText } from './text/clause.ts';
import type { TextClause } from './text/clause.ts';
import type { TextQuery } from './text/text-index.ts';

export type JournalRecord =
  | { op: 'put'; db: string; coll: string; doc: Document }
  | { op: 'del'; db: string; coll: string; id: unknown }
  | { op: 'createColl'; db: string; coll: string; options: Document }
  | { op: 'dropColl'; db: string; coll: string }
  | { op: 'createIndex'; db: string; coll: string; spec: Document }
  | { op: 'dropIndex'; db: string; coll: string; name: string };

export type JournalSink = (record: JournalRecord) => void;

const MAX_DOCUMENT_SIZE = 16 * 1024 * 1024;

export const ID_INDEX_SPEC = { v: 2, key: { _id: 1 }, name: '_id_' };

/** `validate: false` writes without the collection's validator (bypassDocumentValidation, $out). */
export interface WriteOptions {
  validate?: boolean;
}

export class Collection {
  readonly db: string;
  readonly name: string;
  readonly options: Document;
  private readonly docs = new Map<string, Document>();
  readonly indexes = new Map<string, Index>();
  private readonly journal: JournalSink;
  /** How many documents the last find examined: lets tests and the benchmark see index use. */
  lastExamined = 0;
  /** The index the last find used (undefined: collection scan). */
  lastIndex: string | undefined;
  /** The parsed $text query of the last find (undefined when it had none): for explain. */
  lastText: TextQuery | undefined;
  /** The collection's text index (at most one), kept apart so writes without one pay nothing. */
  private textIndex: Index | undefined;

  constructor(db: string, name: string, options: Document, journal: JournalSink) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.journal = journal;
    this.indexes.set('_id_', new Index(ID_INDEX_SPEC));
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  allDocuments(): IterableIterator<Document> {
    return this.docs.values();
  }

  getById(id: unknown): Document | undefined {
    return this.docs.get(idKeyOf(id));
  }

  getByIdKey(idKey: string): Document | undefined {
    return this.docs.get(idKey);
  }

  /** Documents that may match `filter` (a superset), using an index when one applies. */
  candidates(
    filter: Document,
    plan: Plan | undefined = planQuery(filter, this.indexes.values()),
  ): Document[] {
    this.lastIndex = plan?.index.name;
    if (!plan) {
      this.lastExamined = this.docs.size;
      return [...this.docs.values()];
    }
    const out: Document[] = [];
    const seen = new Set<string>();
    if (plan.index.name === '_id_' && plan.equality) {
      for (const scan of plan.scans) {
        const key = idKeyOf(scan.lower.key[0]);
        const doc = this.docs.get(key);
        if (doc && !seen.has(key)) {
          seen.add(key);
          out.push(doc);
        }
      }
    } else {
      for (const scan of plan.scans) {
        for (const entry of plan.index.keys.range(scan.lower, scan.upper)) {
          if (seen.has(entry.idKey)) continue;
          seen.add(entry.idKey);
          const doc = this.docs.get(entry.idKey);
          if (doc) out.push(doc);
        }
      }
    }
    this.lastExamined = out.length;
    return out;
  }

  /**
   * Documents matching `filter`, in natural order unless an index was used. With `limit`, stops
   * after that many matches (only when the caller does not sort afterwards).
   */
  find(filter: Document, limit = 0, textScores?: Map<Document, number>): Document[] {
    this.lastText = undefined;
    const text = splitText(filter);
    if (text) return this.findText(text, textScores);
    // Index keys are ordered without collation, so a collated query cannot use their bounds.
    const plan = collationActive() ? undefined : planQuery(filter, this.indexes.values());
    const query = Object.keys(filter).length ? compiledQuery(filter) : undefined;
    if (!plan) {
      // Collection scan without copying the whole collection first.
      this.lastIndex = undefined;
      const out: Document[] = [];
      let examined = 0;
      for (const doc of this.docs.values()) {
        examined++;
        if (query && !query.test(doc)) continue;
        out.push(doc);
        if (limit > 0 && out.length >= limit) break;
      }
      this.lastExamined = examined;
      return out;
    }
    const candidates = this.candidates(filter, plan);
    return query ? candidates.filter((doc) => query.test(doc)) : candidates;
  }

  /**
   * A $text query: the documents the text index finds for its terms, kept when they pass the matcher
   * (negations, phrases, case or diacritic sensitivity) and the rest of the filter, with their scores.
   */
  private findText(text: TextClause, textScores?: Map<Document, number>): Document[] {
    const index = this.textIndex;
    if (!index)
      throw new MongoCommandError(ErrorCodes.IndexNotFound, 'text index required for $text query');
    const textIndex = index.text!;
    const query = textIndex.parseQuery(text.operand);
    for (const field of textIndex.prefixFields) {
      const condition = text.rest[field];
      const equality =
        condition !== undefined &&
        (typeClassOf(condition) !== TypeClass.Object ||
          Object.keys(condition as Document).every((key) => !key.startsWith('$')) ||
          '$eq' in (condition as Document));
      if (!equality)
        throw new MongoCommandError(
          ErrorCodes.NoQueryExecutionPlans,
          'error processing query: planner returned error :: caused by :: failed to use text index to satisfy $text query (if text index is compound, are equality predicates given for all prefix fields?)',
        );
    }
    const rest = Object.keys(text.rest).length ? compiledQuery(text.rest) : undefined;
    const candidates = textIndex.candidates(query);
    const out: Document[] = [];
    for (const [idKey, score] of candidates) {
      const doc = this.docs.get(idKey);
      if (!doc || !textIndex.matches(doc, query) || (rest && !rest.test(doc))) continue;
      out.push(doc);
      textScores?.set(doc, score);
    }
    this.lastIndex = index.name;
    this.lastExamined = candidates.size;
    this.lastText = query;
    return out;
  }

  private duplicateKeyError(index: Index, key: unknown[]): MongoCommandError {
    const keyValue: Document = {};
    index.fields.forEach((field, i) => {
      keyValue[field] = key[i];
    });
    const shown = index.fields.map((field, i) => `${field}: ${formatValue(key[i])}`).join(', ');
    return new MongoCommandError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${this.ns} index: ${index.name} dup key: { ${shown} }`,
      { keyPattern: index.keyPattern, keyValue },
    );
  }

  /**
   * The collection's validator (given to create): a write whose document does not match it is refused with
   * mongod's DocumentValidationFailure, unless validationLevel is "off", validationAction "warn", or the
   * level "moderate" and the document being updated did not match either.
   */
  private checkValid(doc: Document, current?: Document): void {
    const validator = this.options.validator as Document | undefined;
    if (!validator || !Object.keys(validator).length) return;
    const { validationLevel, validationAction } = this.options;
    if (validationLevel === 'off' || validationAction === 'warn') return;
    const query = compiledQuery(validator);
    if (current && validationLevel === 'moderate' && !query.test(current)) return;
    if (query.test(doc)) return;
    throw new MongoCommandError(
      ErrorCodes.DocumentValidationFailure,
      'Document failed validation',
      {
        errInfo: {
          failingDocumentId: doc._id,
          details: { operatorName: Object.keys(validator)[0] },
        },
      },
    );
  }

  private checkUnique(doc: Document, idKey: string, except?: Document): void {
    const existing = this.docs.get(idKey);
    if (existing && existing !== except)
      throw this.duplicateKeyError(this.indexes.get('_id_')!, [doc._id]);
    for (const index of this.indexes.values()) {
      if (!index.unique || index.name === '_id_') continue;
      const duplicate = index.findDuplicate(doc, idKey);
      if (duplicate) throw this.duplicateKeyError(index, duplicate);
    }
  }

  /** Inserts a document (adding an ObjectId _id first when missing) after checking unique indexes. */
  insert(input: Document, options: WriteOptions = {}): Document {
    // MongoDB stores _id as the first field, whoever generated it.
    const hasId = '_id' in input && input._id !== undefined;
    const doc =
      hasId && Object.keys(input)[0] === '_id'
        ? input
        : { _id: hasId ? input._id : new ObjectId(), ...input };
    if (Array.isArray(doc._id))
      throw new MongoCommandError(ErrorCodes.BadValue, "The '_id' value cannot be of type array");
    if (doc !== input) carryTypes(doc, input);
    const size = bsonOf(doc).length;
    if (size > MAX_DOCUMENT_SIZE) {
      throw new MongoCommandError(
        ErrorCodes.BSONObjectTooLarge,
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_SIZE}`,
      );
    }
    if (options.validate !== false) this.checkValid(doc);
    const idKey = idKeyOf(doc._id);
    this.checkUnique(doc, idKey);
    this.textIndex?.text!.check(doc);
    for (const index of this.indexes.values()) index.add(doc, idKey);
    this.docs.set(idKey, doc);
    this.journal({ op: 'put', db: this.db, coll: this.name, doc });
    return doc;
  }

  /** Replaces a stored document by a new version with the same _id, keeping unique indexes true. */
  replace(current: Document, next: Document, options: WriteOptions = {}): void {
    const idKey = idKeyOf(current._id);
    if (idKeyOf(next._id) !== idKey) {
      throw new MongoCommandError(
        ErrorCodes.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    if (bsonOf(next).length > MAX_DOCUMENT_SIZE) {
      throw new MongoCommandError(
        ErrorCodes.DocumentTooLarge,
        `Resulting document after update is larger than ${MAX_DOCUMENT_SIZE}`,
      );
    }
    if (options.validate !== false) this.checkValid(next, current);
    this.checkUnique(next, idKey, current);
    this.textIndex?.text!.check(next);
    for (const index of this.indexes.values()) index.remove(current, idKey);
    for (const index of this.indexes.values()) index.add(next, idKey);
    this.docs.set(idKey, next);
    this.journal({ op: 'put', db: this.db, coll: this.name, doc: next });
  }

  remove(doc: Document): void {
    const idKey = idKeyOf(doc._id);
    if (this.docs.get(idKey) !== doc) return;
    for (const index of this.indexes.values()) index.remove(doc, idKey);
    this.docs.delete(idKey);
    this.journal({ op: 'del', db: this.db, coll: this.name, id: doc._id });
  }

  /** Builds an index over the existing documents; fails with E11000 if they violate uniqueness. */
  createIndex(spec: Document): void {
    const index = new Index(spec);
    for (const [idKey, doc] of this.docs) {
      const duplicate = index.findDuplicate(doc, idKey);
      if (duplicate) throw this.duplicateKeyError(index, duplicate);
      index.add(doc, idKey);
    }
    this.setIndex(index);
    this.journal({ op: 'createIndex', db: this.db, coll: this.name, spec });
  }

  /** Gives an existing index new options (collMod), keeping its place in listIndexes. */
  replaceIndexSpec(spec: Document): void {
    const index = new Index(spec);
    for (const [idKey, doc] of this.docs) index.add(doc, idKey);
    this.setIndex(index);
    this.journal({ op: 'createIndex', db: this.db, coll: this.name, spec });
  }

  private setIndex(index: Index): void {
    this.indexes.set(index.name, index);
    if (index.text) this.textIndex = index;
  }

  dropIndex(name: string): void {
    if (this.textIndex?.name === name) this.textIndex = undefined;
    this.indexes.delete(name);
    this.journal({ op: 'dropIndex', db: this.db, coll: this.name, name });
  }

  /** Restores a document from the journal or a snapshot, without checks or journaling. */
  restorePut(doc: Document): void {
    const idKey = idKeyOf(doc._id);
    const current = this.docs.get(idKey);
    if (current) for (const index of this.indexes.values()) index.remove(current, idKey);
    for (const index of this.indexes.values()) index.add(doc, idKey);
    this.docs.set(idKey, doc);
  }

  restoreDelete(id: unknown): void {
    const idKey = idKeyOf(id);
    const current = this.docs.get(idKey);
    if (!current) return;
    for (const index of this.indexes.values()) index.remove(current, idKey);
    this.docs.delete(idKey);
  }

  restoreIndex(spec: Document): void {
    const index = new Index(spec);
    for (const [idKey, doc] of this.docs) index.add(doc, idKey);
    this.setIndex(index);
  }
}
