// Document-level helpers shared by the command families: cloning, applying an update, building
// an upsert's document from its filter, projection and sorting (semantics from mingo).
import { BSON } from 'bson';
import type { Document } from 'bson';
import { aggregate, find, update as applyModifier } from 'mingo';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { TypeClass, typeClassOf } from '../storage/values.ts';

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);

export function cloneDocument(doc: Document): Document {
  return BSON.deserialize(BSON.serialize(doc));
}

export function sameDocument(a: Document, b: Document): boolean {
  return Buffer.compare(BSON.serialize(a), BSON.serialize(b)) === 0;
}

export function isOperatorUpdate(update: Document): boolean {
  const keys = Object.keys(update);
  return keys.length > 0 && keys[0]!.startsWith('$');
}

/**
 * The next version of `current` after `update` (operators, replacement or pipeline). `inserting`
 * is true for an upsert's new document, which is when `$setOnInsert` applies.
 */
export function applyUpdate(
  current: Document,
  update: Document | Document[],
  options: { arrayFilters?: Document[]; filter?: Document; inserting?: boolean } = {},
): Document {
  if (Array.isArray(update)) {
    const [result] = aggregate([cloneDocument(current)], update);
    return { _id: current._id, ...(result as Document) };
  }
  if (!isOperatorUpdate(update)) {
    for (const key of Object.keys(update)) {
      if (key.startsWith('$')) {
        throw new MongoCommandError(
          ErrorCodes.BadValue,
          `The dollar ($) prefixed field '${key}' in '${key}' is not allowed in the context of an update's replacement document.`,
        );
      }
    }
    const { _id, ...rest } = update;
    return { _id: _id === undefined ? current._id : _id, ...rest };
  }
  const modifier: Document = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(op)) {
      throw new MongoCommandError(
        ErrorCodes.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (op === '$setOnInsert') continue;
    if (fields && typeof fields === 'object' && Object.keys(fields as Document).length)
      modifier[op] = fields;
  }
  if (options.inserting && update.$setOnInsert)
    modifier.$set = {
      ...(update.$setOnInsert as Document),
      ...(modifier.$set as Document | undefined),
    };
  const next = cloneDocument(current);
  if (!Object.keys(modifier).length) return next;
  try {
    applyModifier(next, modifier, options.arrayFilters, options.filter ?? {}, {
      cloneMode: 'deep',
    });
  } catch (error) {
    const message = (error as Error).message;
    const code = /immutable field '_id'/i.test(message)
      ? ErrorCodes.ImmutableField
      : /would create a conflict/.test(message)
        ? ErrorCodes.ConflictingUpdateOperators
        : ErrorCodes.BadValue;
    throw new MongoCommandError(code, message);
  }
  return next;
}

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) {
    if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
    target = target[part] as Document;
  }
  target[parts[parts.length - 1]!] = value;
}

/** The seed of an upserted document: the filter's equality conditions (MongoDB's rule). */
export function upsertSeed(filter: Document): Document {
  const seed: Document = {};
  const visit = (part: Document): void => {
    for (const [field, value] of Object.entries(part)) {
      if (field === '$and' && Array.isArray(value)) {
        for (const sub of value) visit(sub as Document);
        continue;
      }
      if (field.startsWith('$')) continue;
      const typeClass = typeClassOf(value);
      if (
        typeClass === TypeClass.Object &&
        Object.keys(value as Document).some((key) => key.startsWith('$'))
      ) {
        const ops = value as Document;
        if ('$eq' in ops) setPath(seed, field, ops.$eq);
        continue;
      }
      if (typeClass === TypeClass.RegExp) continue;
      setPath(seed, field, value);
    }
  };
  visit(filter);
  return seed;
}

/** Applies a find projection; fields keep the stored document's order, as mongod returns them. */
export function project(docs: Document[], projection: Document | undefined): Document[] {
  if (!projection || !Object.keys(projection).length) return docs;
  const projected = find(docs, {}, projection).all() as Document[];
  return projected.map((out, i) => {
    const ordered: Document = {};
    for (const key of Object.keys(docs[i]!)) if (key in out) ordered[key] = out[key];
    for (const key of Object.keys(out)) if (!(key in ordered)) ordered[key] = out[key];
    return ordered;
  });
}

/** Sorts, skips and limits with MongoDB's sort semantics ($natural keeps or reverses natural order). */
export function sortSkipLimit(
  docs: Document[],
  sort: Document | undefined,
  skip = 0,
  limit = 0,
): Document[] {
  let out = docs;
  if (sort && Object.keys(sort).length) {
    if ('$natural' in sort) {
      if (sort.$natural === -1) out = [...out].reverse();
    } else {
      out = find(out, {}).sort(sort).all() as Document[];
    }
  }
  if (skip > 0 || limit > 0) out = out.slice(skip, limit > 0 ? skip + limit : undefined);
  return out;
}
