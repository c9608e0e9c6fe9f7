// Databases, collections and indexes: listDatabases, listCollections, create, drop, dropDatabase,
// createIndexes, listIndexes, dropIndexes.
import { EJSON } from 'bson';
import type { Document } from 'bson';
import { Query } from '../storage/operators.ts';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import type { Collection } from '../storage/collection.ts';
import type { Index } from '../storage/index.ts';
import { isTextKey, normalizeTextIndexSpec } from '../storage/text/text-index.ts';
import { ID_INDEX_SPEC } from '../storage/collection.ts';
import { compareValues } from '../storage/values.ts';
import type { CommandContext, CommandHandler } from './context.ts';

const listDatabases: CommandHandler = (ctx) => {
  const filter = ctx.command.filter as Document | undefined;
  const query = filter ? new Query(filter) : undefined;
  const databases = ctx.engine
    .databaseNames()
    .map((name) => ({ name, sizeOnDisk: 0, empty: false }))
    .filter((db) => !query || query.test(db));
  if (ctx.command.nameOnly === true)
    return { databases: databases.map(({ name }) => ({ name })), ok: 1 };
  return { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
};

const listCollections: CommandHandler = (ctx) => {
  const filter = ctx.command.filter as Document | undefined;
  const query = filter && Object.keys(filter).length ? new Query(filter) : undefined;
  const infos = ctx.engine
    .collections(ctx.db)
    .map((collection) => ({
      name: collection.name,
      type: collection.options.timeseries ? 'timeseries' : 'collection',
      options: collection.options,
      info: { readOnly: false },
      idIndex: ID_INDEX_SPEC,
    }))
    .filter((info) => !query || query.test(info))
    .map((info) => (ctx.command.nameOnly === true ? { name: info.name, type: info.type } : info));
  const batchSize = (ctx.command.cursor as Document | undefined)?.batchSize as number | undefined;
  return ctx.cursors.first(`${ctx.db}.$cmd.listCollections`, infos, batchSize);
};

const COMMAND_ENVELOPE = new Set([
  '$db',
  'lsid',
  'writeConcern',
  'comment',
  '$readPreference',
  '$clusterTime',
  'txnNumber',
  'apiVersion',
]);

const create: CommandHandler = (ctx) => {
  const name = ctx.command.create;
  if (typeof name !== 'string')
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, 'collection name has invalid type');
  // The collection's options are the command's fields minus the generic command envelope.
  const options = Object.fromEntries(
    Object.entries(ctx.command).filter(([key]) => key !== 'create' && !COMMAND_ENVELOPE.has(key)),
  );
  if (options.capped && options.size === undefined)
    throw new MongoCommandError(
      ErrorCodes.InvalidOptions,
      "the 'size' field is required when 'capped' is true",
    );
  // As mongod: creating a collection that exists with the same options succeeds and changes nothing.
  const existing = ctx.engine.get(ctx.db, name);
  if (existing && canonical(existing.options) === canonical(options)) return { ok: 1 };
  ctx.engine.create(ctx.db, name, options);
  return { ok: 1 };
};

/** Options as comparable text: canonical Extended JSON with keys in a fixed order. */
function canonical(value: Document): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((key) => [key, sorted((v as Document)[key])]),
      );
    return v;
  };
  return EJSON.stringify(sorted(value) as Document, { relaxed: false });
}

const drop: CommandHandler = (ctx) => {
  const name = String(ctx.command.drop);
  const collection = ctx.engine.get(ctx.db, name);
  if (!collection) return { ok: 1 };
  const nIndexesWas = collection.indexes.size;
  ctx.engine.drop(ctx.db, name);
  return { nIndexesWas, ns: `${ctx.db}.${name}`, ok: 1 };
};

const dropDatabase: CommandHandler = (ctx) => {
  ctx.engine.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

function sameKey(a: Document, b: Document): boolean {
  const x = Object.entries(a);
  const y = Object.entries(b);
  return (
    x.length === y.length &&
    x.every(
      ([field, direction], i) => y[i]![0] === field && compareValues(direction, y[i]![1]) === 0,
    )
  );
}

const INDEX_OPTIONS_COMPARED = [
  'unique',
  'sparse',
  'expireAfterSeconds',
  'partialFilterExpression',
  'weights',
  'default_language',
  'language_override',
];

function sameOptions(a: Document, b: Document): boolean {
  return INDEX_OPTIONS_COMPARED.every(
    (option) =>
      compareValues(a[option] ?? null, b[option] ?? null) === 0 ||
      (option === 'unique' && !a.unique === !b.unique) ||
      (option === 'sparse' && !a.sparse === !b.sparse),
  );
}

function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

const createIndexes: CommandHandler = (ctx) => {
  const name = String(ctx.command.createIndexes);
  const specs = ctx.command.indexes;
  if (!Array.isArray(specs) || !specs.length)
    throw new MongoCommandError(ErrorCodes.BadValue, 'Must specify at least one index to create');
  const existing = ctx.engine.get(ctx.db, name);
  const collection = existing ?? ctx.engine.getOrCreate(ctx.db, name);
  const numIndexesBefore = collection.indexes.size;
  for (const raw of specs as Document[]) {
    let key = raw.key as Document | undefined;
    if (!key || typeof key !== 'object' || !Object.keys(key).length) {
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        "Error in specification { } :: caused by :: The 'key' field is a required property of an index specification",
      );
    }
    let spec: Document = { v: 2, key, name: raw.name ?? defaultIndexName(key) };
    for (const [option, value] of Object.entries(raw))
      if (!(option in spec) && option !== 'v' && option !== 'ns') spec[option] = value;
    if (raw.unique === false) delete spec.unique;
    if (isTextKey(key)) {
      spec = normalizeTextIndexSpec(spec);
      key = spec.key as Document;
    }
    const sameName = collection.indexes.get(String(spec.name));
    const sameKeys = [...collection.indexes.values()].find((index) =>
      sameKey(index.keyPattern, key),
    );
    if (sameName && !sameKey(sameName.keyPattern, key)) {
      throw new MongoCommandError(
        ErrorCodes.IndexKeySpecsConflict,
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
      );
    }
    if (sameKeys) {
      if (sameKeys.name === spec.name && sameOptions(sameKeys.spec, spec)) continue;
      if (sameKeys.name === '_id_') continue;
      throw new MongoCommandError(
        ErrorCodes.IndexOptionsConflict,
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameKeys.spec)}`,
      );
    }
    const otherText = isTextKey(key)
      ? [...collection.indexes.values()].find((index) => index.text)
      : undefined;
    if (otherText)
      throw new MongoCommandError(
        ErrorCodes.CannotCreateIndex,
        `only one text index per collection allowed, found existing text index "${otherText.name}"`,
      );
    collection.createIndex(spec);
  }
  const numIndexesAfter = collection.indexes.size;
  return {
    numIndexesBefore,
    numIndexesAfter,
    ...(numIndexesAfter === numIndexesBefore ? { note: 'all indexes already exist' } : {}),
    createdCollectionAutomatically: !existing,
    ok: 1,
  };
};

function requireCollection(ctx: CommandContext, name: string): Collection {
  const collection = ctx.engine.get(ctx.db, name);
  if (!collection)
    throw new MongoCommandError(
      ErrorCodes.NamespaceNotFound,
      `ns does not exist: ${ctx.db}.${name}`,
    );
  return collection;
}

const listIndexes: CommandHandler = (ctx) => {
  const name = String(ctx.command.listIndexes);
  const collection = requireCollection(ctx, name);
  const specs = [...collection.indexes.values()].map((index) => index.spec);
  const batchSize = (ctx.command.cursor as Document | undefined)?.batchSize as number | undefined;
  return ctx.cursors.first(`${ctx.db}.${name}`, specs, batchSize);
};

const dropIndexes: CommandHandler = (ctx) => {
  const name = String(ctx.command.dropIndexes ?? ctx.command.deleteIndexes);
  const collection = requireCollection(ctx, name);
  const nIndexesWas = collection.indexes.size;
  const target = ctx.command.index;
  let names: string[];
  if (target === '*') {
    names = [...collection.indexes.keys()].filter((indexName) => indexName !== '_id_');
  } else if (typeof target === 'string') {
    names = [target];
  } else if (Array.isArray(target)) {
    names = target.map(String);
  } else if (target && typeof target === 'object') {
    const found = [...collection.indexes.values()].find((index) =>
      sameKey(index.keyPattern, target as Document),
    );
    if (!found)
      throw new MongoCommandError(
        ErrorCodes.IndexNotFound,
        `can't find index with key: ${JSON.stringify(target)}`,
      );
    names = [found.name];
  } else {
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      "BSON field 'dropIndexes.index' is missing but a required field",
    );
  }
  for (const indexName of names) {
    if (indexName === '_id_')
      throw new MongoCommandError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!collection.indexes.has(indexName))
      throw new MongoCommandError(
        ErrorCodes.IndexNotFound,
        `index not found with name [${indexName}]`,
      );
  }
  for (const indexName of names) collection.dropIndex(indexName);
  return { nIndexesWas, ok: 1 };
};

/** The index a collMod `index` option names, by name or by key pattern. */
function indexToModify(ctx: CommandContext, collection: Collection, change: Document): Index {
  const index =
    typeof change.name === 'string'
      ? collection.indexes.get(change.name)
      : [...collection.indexes.values()].find((candidate) =>
          sameKey(candidate.keyPattern, (change.keyPattern ?? {}) as Document),
        );
  if (!index)
    throw new MongoCommandError(
      ErrorCodes.IndexNotFound,
      `cannot find index ${JSON.stringify(change.name ?? change.keyPattern)} for ns ${ctx.db}.${collection.name}`,
    );
  return index;
}

/**
 * collMod for an index's `hidden` flag (mongoose's syncIndexes({ hideIndexes })) and its
 * `expireAfterSeconds`; a hidden index is kept up to date but not used by queries.
 */
const collMod: CommandHandler = (ctx) => {
  const name = String(ctx.command.collMod);
  const collection = requireCollection(ctx, name);
  const unsupported = Object.keys(ctx.command).filter(
    (key) => key !== 'collMod' && key !== 'index' && !COMMAND_ENVELOPE.has(key),
  );
  if (unsupported.length)
    throw new MongoCommandError(
      ErrorCodes.NotImplemented,
      `collMod option '${unsupported[0]!}' is not supported by the embedded server`,
    );
  const change = ctx.command.index as Document | undefined;
  if (!change) return { ok: 1 };
  const index = indexToModify(ctx, collection, change);
  const spec: Document = { ...index.spec };
  const reply: Document = {};
  if (change.hidden !== undefined) {
    if (index.name === '_id_')
      throw new MongoCommandError(ErrorCodes.BadValue, "can't hide _id index");
    reply.hidden_old = spec.hidden === true;
    reply.hidden_new = change.hidden === true;
    if (change.hidden === true) spec.hidden = true;
    else delete spec.hidden;
  }
  if (change.expireAfterSeconds !== undefined) {
    reply.expireAfterSeconds_old = spec.expireAfterSeconds;
    reply.expireAfterSeconds_new = change.expireAfterSeconds;
    spec.expireAfterSeconds = change.expireAfterSeconds;
  }
  collection.replaceIndexSpec(spec);
  return { ...reply, ok: 1 };
};

export const adminCommands: Record<string, CommandHandler> = {
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  collMod,
};
