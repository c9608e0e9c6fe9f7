// All databases and collections held by one server, and the journal sink their changes go to.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { Collection } from './collection.ts';
import type { JournalRecord, JournalSink } from './collection.ts';

export class StorageEngine {
  private readonly databases = new Map<string, Map<string, Collection>>();
  private sink: JournalSink = () => {};

  /** Every change is reported here (synchronously, in order) for the journal. */
  setJournal(sink: JournalSink): void {
    this.sink = sink;
  }

  private readonly journal: JournalSink = (record) => this.sink(record);

  databaseNames(): string[] {
    return [...this.databases.keys()].filter((name) => (this.databases.get(name)?.size ?? 0) > 0);
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  allCollections(): Collection[] {
    return [...this.databases.values()].flatMap((collections) => [...collections.values()]);
  }

  get(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created implicitly (as MongoDB does on first write) when missing. */
  getOrCreate(db: string, name: string): Collection {
    return this.get(db, name) ?? this.create(db, name, {});
  }

  create(db: string, name: string, options: Document): Collection {
    validateName(db, name);
    if (this.get(db, name))
      throw new MongoCommandError(
        ErrorCodes.NamespaceExists,
        `Collection ${db}.${name} already exists.`,
      );
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const collection = new Collection(db, name, options, this.journal);
    collections.set(name, collection);
    this.journal({ op: 'createColl', db, coll: name, options });
    return collection;
  }

  drop(db: string, name: string): boolean {
    const dropped = this.databases.get(db)?.delete(name) ?? false;
    if (dropped) this.journal({ op: 'dropColl', db, coll: name });
    return dropped;
  }

  dropDatabase(db: string): void {
    for (const collection of this.collections(db)) this.drop(db, collection.name);
    this.databases.delete(db);
  }

  /** Applies a journal or snapshot record without journaling it again. */
  restore(record: JournalRecord): void {
    const existing = this.get(record.db, record.coll);
    switch (record.op) {
      case 'createColl':
        if (!existing) this.restoreCollection(record.db, record.coll, record.options);
        return;
      case 'dropColl':
        this.databases.get(record.db)?.delete(record.coll);
        return;
      case 'put':
        (existing ?? this.restoreCollection(record.db, record.coll, {})).restorePut(record.doc);
        return;
      case 'del':
        existing?.restoreDelete(record.id);
        return;
      case 'createIndex':
        (existing ?? this.restoreCollection(record.db, record.coll, {})).restoreIndex(record.spec);
        return;
      case 'dropIndex':
        existing?.indexes.delete(record.name);
        return;
      default:
    }
  }

  private restoreCollection(db: string, name: string, options: Document): Collection {
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const collection = new Collection(db, name, options, this.journal);
    collections.set(name, collection);
    return collection;
  }
}

function validateName(db: string, name: string): void {
  if (!db || /[/\\. "$]/.test(db))
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
  if (!name || name.includes('$') || name.startsWith('.') || name.includes('\0')) {
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, `Invalid collection name: ${name}`);
  }
}
