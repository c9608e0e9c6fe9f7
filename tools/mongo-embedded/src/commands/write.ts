// insert, update, delete, findAndModify.
import type { Document } from 'bson';
import { asCommandError, ErrorCodes, MongoCommandError } from '../errors.ts';
import type { Collection, WriteOptions } from '../storage/collection.ts';
import {
  asStored,
  carryOperandTypes,
  carryTypes,
  carryTypesFrom,
  storable,
} from '../storage/number-types.ts';
import {
  applyUpdate,
  isOperatorUpdate,
  project,
  sameDocument,
  sortSkipLimit,
  upsertSeed,
} from './documents.ts';
import type { CommandContext, CommandHandler } from './context.ts';

function collectionName(ctx: CommandContext, field: string): string {
  const name = ctx.command[field];
  if (typeof name !== 'string' || !name) {
    throw new MongoCommandError(
      ErrorCodes.InvalidNamespace,
      `collection name has invalid type ${typeof name}`,
    );
  }
  return name;
}

function batch(ctx: CommandContext, field: string): Document[] {
  const items = ctx.command[field];
  if (!Array.isArray(items))
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      `BSON field '${field}' is missing but a required field`,
    );
  return items as Document[];
}

/** Runs each statement of a write batch, stopping at the first error when the batch is ordered. */
function runBatch(
  ctx: CommandContext,
  items: Document[],
  run: (item: Document, index: number) => void,
): Document[] {
  const ordered = ctx.command.ordered !== false;
  const writeErrors: Document[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      run(items[i]!, i);
    } catch (error) {
      writeErrors.push(asCommandError(error).toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

const insert: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'insert');
  const documents = batch(ctx, 'documents');
  const collection = ctx.engine.getOrCreate(ctx.db, name);
  // The documents again with their int64 and double types (see storage/number-types.ts).
  const typed = ctx.typedCommand?.()?.documents as Document[] | undefined;
  let n = 0;
  const writeErrors = runBatch(ctx, documents, (doc, index) => {
    const raw = typed?.[index];
    collection.insert(raw ? storable(raw) : doc, writeOptions(ctx));
    n++;
  });
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

/**
 * The number types a new version of a document keeps: an operator or pipeline update keeps those of
 * the fields it left alone, a replacement has those it was sent with (`typedChange`).
 */
function keepTypes(
  next: Document,
  current: Document,
  change: Document | Document[],
  typedChange: unknown,
): void {
  if (Array.isArray(change)) carryTypes(next, current);
  else if (isOperatorUpdate(change)) {
    carryTypes(next, current);
    carryOperandTypes(next, current, (typedChange ?? change) as Document, !!typedChange);
  } else if (typedChange && typeof typedChange === 'object')
    carryTypesFrom(next, typedChange as Document);
}

/** Upserts a new document built from the filter and the update; returns it. */
function upsertDocument(
  collection: Collection,
  filter: Document,
  update: Document | Document[],
  arrayFilters: Document[] | undefined,
  options: WriteOptions,
  typedUpdate?: unknown,
): Document {
  const seed = upsertSeed(filter);
  const doc = applyUpdate(seed, update, {
    ...(arrayFilters ? { arrayFilters } : {}),
    inserting: true,
  });
  if (seed._id !== undefined && doc._id === undefined) doc._id = seed._id;
  if (doc._id === undefined) delete doc._id;
  keepTypes(doc, seed, update, typedUpdate);
  return collection.insert(doc, options);
}

/** A write command's bypassDocumentValidation. */
function writeOptions(ctx: CommandContext): WriteOptions {
  return { validate: ctx.command.bypassDocumentValidation !== true };
}

const update: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'update');
  const statements = batch(ctx, 'updates');
  const typedStatements = () => ctx.typedCommand?.()?.updates as Document[] | undefined;
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors = runBatch(ctx, statements, (statement, index) => {
    const filter = (statement.q ?? {}) as Document;
    const change = statement.u as Document | Document[];
    if (!change || typeof change !== 'object')
      throw new MongoCommandError(
        ErrorCodes.FailedToParse,
        "BSON field 'update.updates.u' is missing but a required field",
      );
    const arrayFilters = statement.arrayFilters as Document[] | undefined;
    const multi = statement.multi === true;
    if (
      multi &&
      !Array.isArray(change) &&
      Object.keys(change).length &&
      !Object.keys(change)[0]!.startsWith('$')
    ) {
      throw new MongoCommandError(
        ErrorCodes.FailedToParse,
        'multi update is not supported for replacement-style update',
      );
    }
    const collection = ctx.engine.get(ctx.db, name);
    const sort = statement.sort as Document | undefined;
    let matches = collection ? collection.find(filter, multi || sort ? 0 : 1) : [];
    if (!multi) matches = sortSkipLimit(matches, sort, 0, 1);
    if (!matches.length) {
      if (statement.upsert === true) {
        const doc = upsertDocument(
          ctx.engine.getOrCreate(ctx.db, name),
          filter,
          change,
          arrayFilters,
          writeOptions(ctx),
          typedStatements()?.[index]?.u,
        );
        n++;
        upserted.push({ index, _id: doc._id });
      }
      return;
    }
    for (const current of matches) {
      const next = applyUpdate(current, change, {
        ...(arrayFilters ? { arrayFilters } : {}),
        filter,
      });
      n++;
      keepTypes(next, current, change, typedStatements()?.[index]?.u);
      if (sameDocument(current, next)) continue;
      collection!.replace(current, next, writeOptions(ctx));
      nModified++;
    }
  });
  return {
    n,
    nModified,
    ...(upserted.length ? { upserted } : {}),
    ...(writeErrors.length ? { writeErrors } : {}),
    ok: 1,
  };
};

const remove: CommandHandler = (ctx) => {
  const name = collectionName(ctx, 'delete');
  const statements = batch(ctx, 'deletes');
  let n = 0;
  const writeErrors = runBatch(ctx, statements, (statement) => {
    const collection = ctx.engine.get(ctx.db, name);
    if (!collection) return;
    const matches = collection.find((statement.q ?? {}) as Document, statement.limit === 1 ? 1 : 0);
    for (const doc of matches) {
      collection.remove(doc);
      n++;
    }
  });
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

const findAndModify: CommandHandler = (ctx) => {
  const name = String(ctx.command.findAndModify ?? ctx.command.findandmodify);
  const filter = (ctx.command.query ?? {}) as Document;
  const change = ctx.command.update as Document | Document[] | undefined;
  const remove = ctx.command.remove === true;
  const returnNew = ctx.command.new === true;
  const fields = ctx.command.fields as Document | undefined;
  const arrayFilters = ctx.command.arrayFilters as Document[] | undefined;
  if (remove && change)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Cannot specify both an update and remove=true',
    );
  if (!remove && !change)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Either an update or remove=true must be specified',
    );
  if (remove && ctx.command.upsert === true)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Cannot specify both upsert=true and remove=true',
    );

  const collection = ctx.engine.get(ctx.db, name);
  const sort = ctx.command.sort as Document | undefined;
  const sorted = sort !== undefined && Object.keys(sort).length > 0;
  const [current] = sortSkipLimit(
    collection ? collection.find(filter, sorted ? 0 : 1) : [],
    sort,
    0,
    1,
  );
  const shown = (doc: Document | undefined): Document | null => {
    const projected = doc ? project([doc], fields, filter)[0] : undefined;
    return projected ? asStored(projected) : null;
  };
  const typedUpdate = () => ctx.typedCommand?.()?.update;

  if (!current) {
    if (ctx.command.upsert === true && change) {
      const doc = upsertDocument(
        ctx.engine.getOrCreate(ctx.db, name),
        filter,
        change,
        arrayFilters,
        writeOptions(ctx),
        typedUpdate(),
      );
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
        value: returnNew ? shown(doc) : null,
        ok: 1,
      };
    }
    return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  }
  if (remove) {
    collection!.remove(current);
    return { lastErrorObject: { n: 1 }, value: shown(current), ok: 1 };
  }
  const next = applyUpdate(current, change!, { ...(arrayFilters ? { arrayFilters } : {}), filter });
  keepTypes(next, current, change!, typedUpdate());
  if (!sameDocument(current, next)) collection!.replace(current, next, writeOptions(ctx));
  return {
    lastErrorObject: { n: 1, updatedExisting: true },
    value: shown(returnNew ? next : current),
    ok: 1,
  };
};

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
};
