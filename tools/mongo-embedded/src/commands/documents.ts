// Document-level helpers shared by the command families: cloning, applying an update, building
// an upsert's document from its filter, projection and sorting (semantics from mingo).
import { BSON, Binary } from 'bson';
import type { Document } from 'bson';
import { Query, TYPE_ALIASES, aggregate, find } from '../storage/operators.ts';
// The updater on its own: mingo's top-level update() first copies its whole operator table (every
// expression operator, twice) into a fresh context for each call, a fifth of a write's CPU under load.
// The updater alone starts from the query, boolean and comparison operators it needs.
import { update as applyModifier } from 'mingo/updater';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { bsonOf } from '../storage/bson-bytes.ts';
import { compareCollated } from '../storage/collation.ts';
import { compiledQuery } from '../storage/matcher.ts';
import { asStored } from '../storage/number-types.ts';
import { TypeClass, bsonTypeOf, formatValue, typeClassOf } from '../storage/values.ts';

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
  return BSON.deserialize(bsonOf(doc));
}

/** Byte for byte the same as stored, number types included (42 and 42.0 differ, as in mongod). */
export function sameDocument(a: Document, b: Document): boolean {
  return Buffer.compare(bsonOf(asStored(a)), bsonOf(asStored(b))) === 0;
}

/** The positional `$` operator is the only update form that needs the query's filter. */
function usesPositional(update: Document): boolean {
  for (const fields of Object.values(update)) {
    if (fields && typeof fields === 'object')
      for (const path of Object.keys(fields as Document))
        if (path === '$' || path.includes('.$.') || path.endsWith('.$')) return true;
  }
  return false;
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
  options: UpdateOptions = {},
): Document {
  // `__proto__` is an ordinary field name to MongoDB; mingo refuses it in paths and plain assignment would
  // set a prototype instead. Such updates run on a copy where the name is one no field can have.
  if (!Array.isArray(update) && mentionsProto(update))
    return unescapeProto(
      applyOperators(escapeProto(current) as Document, escapeProto(update) as Document, options),
    ) as Document;
  return applyOperators(current, update, options);
}

interface UpdateOptions {
  arrayFilters?: Document[];
  filter?: Document;
  inserting?: boolean;
}

const PROTO = '__proto__';
/** Stands for `__proto__` while mingo applies an update: BSON field names cannot hold a NUL. */
const PROTO_ALIAS = '\u0000__proto__';

function mentionsProto(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsProto);
  if (typeof value === 'string') return value.split('.').includes(PROTO);
  if (typeClassOf(value) !== TypeClass.Object) return false;
  return Object.entries(value as Document).some(
    ([key, inner]) => key.split('.').includes(PROTO) || mentionsProto(inner),
  );
}

/** A deep copy with `__proto__` as a field name or path segment (keys, $rename targets) renamed. */
function escapeProto(value: unknown): unknown {
  const rename = (path: string) =>
    path
      .split('.')
      .map((part) => (part === PROTO ? PROTO_ALIAS : part))
      .join('.');
  if (Array.isArray(value)) return value.map(escapeProto);
  if (typeof value === 'string') return value.includes(PROTO) ? rename(value) : value;
  if (typeClassOf(value) !== TypeClass.Object) return value;
  const out: Document = {};
  for (const [key, inner] of Object.entries(value as Document))
    out[rename(key)] = escapeProto(inner);
  return out;
}

/** The inverse of escapeProto, with `__proto__` as an own field (never the object's prototype). */
function unescapeProto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unescapeProto);
  if (typeClassOf(value) !== TypeClass.Object) return value;
  const out: Document = {};
  for (const [key, inner] of Object.entries(value as Document)) {
    if (key === PROTO_ALIAS)
      Object.defineProperty(out, PROTO, {
        value: unescapeProto(inner),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    else out[key] = unescapeProto(inner);
  }
  return out;
}

function applyOperators(
  current: Document,
  update: Document | Document[],
  options: UpdateOptions,
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
      modifier[op] = { ...(fields as Document) };
  }
  if (options.inserting && update.$setOnInsert)
    modifier.$set = {
      ...(update.$setOnInsert as Document),
      ...(modifier.$set as Document | undefined),
    };
  const next = cloneDocument(current);
  // What mingo's updater refuses or gets wrong is applied here: `_id` set to its own value (or chosen
  // by an upsert), top-level `$`-prefixed field names (MongoDB 5+), and $pull with a query on elements.
  const own = takeOwnPaths(modifier, current, options.inserting === true);
  checkConflicts(modifier, own);
  checkViablePaths(modifier, next);
  checkArrayOperands(modifier, next);
  if (Object.keys(modifier).length) {
    const filter = options.filter && usesPositional(modifier) ? options.filter : {};
    try {
      applyModifier(next, modifier, options.arrayFilters, filter, { cloneMode: 'deep' });
    } catch (error) {
      if (!/would create a conflict/.test((error as Error).message)) throw updateError(error);
      // mingo sees a conflict between two paths under one array (`a.$[x].b` and `a.$[x].c`), which
      // MongoDB allows (checkConflicts above found none): the positional parts are resolved here
      // against the document as it was before the update, into concrete paths (`a.0.b`, `a.0.c`).
      const expanded: Document = {};
      for (const [op, fields] of Object.entries(modifier)) {
        const concrete: Document = {};
        for (const [path, value] of Object.entries(fields as Document))
          for (const resolved of concretePaths(path, current, filter, options.arrayFilters ?? []))
            concrete[resolved] = value;
        if (Object.keys(concrete).length) expanded[op] = concrete;
      }
      try {
        applyModifier(next, expanded, undefined, {}, { cloneMode: 'deep' });
      } catch (inner) {
        throw updateError(inner);
      }
    }
  }
  for (const apply of own.apply) apply(next);
  keepBinarySubtypes(next, modifier.$set as Document | undefined);
  return next;
}

/**
 * The concrete paths a positional path reaches in `doc`: `$` is the first element the filter matches,
 * `$[]` every element, `$[id]` every element its array filter matches.
 */
function concretePaths(
  path: string,
  doc: Document,
  filter: Document,
  arrayFilters: Document[],
): string[] {
  const parts = path.split('.');
  const out: string[] = [];
  const walk = (value: unknown, at: number, prefix: string[]): void => {
    if (at === parts.length) {
      out.push(prefix.join('.'));
      return;
    }
    const part = parts[at]!;
    if (part === '$' || (part.startsWith('$[') && part.endsWith(']'))) {
      if (!Array.isArray(value)) {
        out.push([...prefix, ...parts.slice(at)].join('.'));
        return;
      }
      const field = prefix.join('.');
      let test: (element: unknown) => boolean;
      if (part === '$') {
        const keys = Object.keys(filter).filter(
          (key) => key === field || key.startsWith(`${field}.`),
        );
        const query = compiledQuery(keys.length ? { [keys[0]!]: filter[keys[0]!] as unknown } : {});
        let found = false;
        test = (element) => {
          if (found) return false;
          const probe: Document = {};
          setPath(probe, field, [element]);
          return (found = query.test(probe));
        };
      } else if (part === '$[]') {
        test = () => true;
      } else {
        const id = part.slice(2, -1);
        const condition: Document = {};
        for (const arrayFilter of arrayFilters)
          for (const [key, spec] of Object.entries(arrayFilter))
            if (key === id || key.startsWith(`${id}.`)) condition[key] = spec;
        const query = compiledQuery(condition);
        test = (element) => query.test({ [id]: element });
      }
      value.forEach((element, index) => {
        if (test(element)) walk(element, at + 1, [...prefix, String(index)]);
      });
      return;
    }
    const child =
      Array.isArray(value) && /^\d+$/.test(part)
        ? value[Number(part)]
        : typeClassOf(value) === TypeClass.Object
          ? (value as Document)[part]
          : undefined;
    walk(child, at + 1, [...prefix, part]);
  };
  walk(doc, 0, []);
  return out;
}

function updateError(error: unknown): MongoCommandError {
  const message = (error as Error).message;
  const code = /immutable field '_id'/i.test(message)
    ? ErrorCodes.ImmutableField
    : /would create a conflict/.test(message)
      ? ErrorCodes.ConflictingUpdateOperators
      : ErrorCodes.BadValue;
  return new MongoCommandError(code, message);
}

interface OwnPaths {
  paths: string[];
  apply: Array<(doc: Document) => void>;
}

const POSITIONAL = /(^|\.)\$(\[[^\]]*\])?(\.|$)/;

/** Whether a $pull spec is a condition on the element's value ({ $gte: 5 }) rather than a query on it. */
function isValueCondition(spec: unknown): boolean {
  if (typeClassOf(spec) !== TypeClass.Object) return true;
  const first = Object.keys(spec as Document)[0];
  return (
    first !== undefined &&
    first.startsWith('$') &&
    !['$and', '$or', '$nor', '$expr', '$where', '$text', '$comment'].includes(first)
  );
}

function pullPredicate(spec: unknown): (value: unknown) => boolean {
  if (isValueCondition(spec)) {
    const query = compiledQuery({ v: spec as Document });
    return (value) => query.test({ v: value });
  }
  const query = compiledQuery(spec as Document);
  return (value) => typeClassOf(value) === TypeClass.Object && query.test(value as Document);
}

/** The object holding the last part of `path` in `doc` (created when `create`), or undefined. */
function parentOf(doc: Document, path: string, create: boolean): Document | undefined {
  let target: unknown = doc;
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) {
    if (typeClassOf(target) !== TypeClass.Object) return undefined;
    const holder = target as Document;
    if (holder[part] === undefined || holder[part] === null) {
      if (!create) return undefined;
      holder[part] = {};
    }
    target = holder[part];
  }
  return typeClassOf(target) === TypeClass.Object ? (target as Document) : undefined;
}

/** Removes from `modifier` the paths applied here rather than by mingo; returns how to apply them. */
function takeOwnPaths(modifier: Document, current: Document, inserting: boolean): OwnPaths {
  const own: OwnPaths = { paths: [], apply: [] };
  const take = (op: string, path: string): unknown => {
    const fields = modifier[op] as Document;
    const value = fields[path];
    delete fields[path];
    if (!Object.keys(fields).length) delete modifier[op];
    own.paths.push(path);
    return value;
  };
  const set = modifier.$set as Document | undefined;
  if (set && '_id' in set) {
    const value = take('$set', '_id');
    if (inserting) {
      own.apply.push((doc) => {
        doc._id = value;
      });
    } else if (!sameDocument({ v: value }, { v: current._id })) {
      throw new MongoCommandError(
        ErrorCodes.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
  }
  for (const op of ['$set', '$unset'] as const) {
    const fields = modifier[op] as Document | undefined;
    if (!fields) continue;
    for (const path of Object.keys(fields)) {
      if (!path.startsWith('$') || path === '$' || path.startsWith('$[')) continue;
      const value = take(op, path);
      own.apply.push((doc) => {
        const parent = parentOf(doc, path, op === '$set');
        if (!parent) return;
        const key = path.slice(path.lastIndexOf('.') + 1);
        if (op === '$set') parent[key] = value;
        else delete parent[key];
      });
    }
  }
  const pull = modifier.$pull as Document | undefined;
  if (pull) {
    for (const path of Object.keys(pull)) {
      if (POSITIONAL.test(path) || isValueCondition(pull[path])) continue;
      const matches = pullPredicate(take('$pull', path));
      own.apply.push((doc) => {
        const parent = parentOf(doc, path, false);
        const key = path.slice(path.lastIndexOf('.') + 1);
        const array = parent?.[key];
        if (array === undefined) return;
        if (!Array.isArray(array))
          throw new MongoCommandError(
            ErrorCodes.BadValue,
            'Cannot apply $pull to a non-array value',
          );
        parent![key] = array.filter((value) => !matches(value));
      });
    }
  }
  return own;
}

/** A field name under an array (`comments.body` where comments is an array) is PathNotViable in MongoDB. */
function checkViablePaths(modifier: Document, doc: Document): void {
  for (const [op, fields] of Object.entries(modifier)) {
    if (op === '$pull' || op === '$pullAll' || op === '$unset' || op === '$pop') continue;
    for (const path of Object.keys(fields as Document)) {
      if (!path.includes('.')) continue;
      let value: unknown = doc;
      for (const part of path.split('.')) {
        if (Array.isArray(value)) {
          if (/^\d+$/.test(part)) {
            value = value[Number(part)];
            continue;
          }
          if (part.startsWith('$')) break;
          throw new MongoCommandError(
            ErrorCodes.PathNotViable,
            `Cannot create field '${part}' in element {${path
              .slice(0, path.indexOf(part) - 1)
              .split('.')
              .pop()}: ${formatValue(value)}}`,
          );
        }
        if (typeClassOf(value) !== TypeClass.Object) break;
        value = (value as Document)[part];
      }
    }
  }
}

/** MongoDB's rule: two updated paths conflict when one is the other or a prefix of it. */
function checkConflicts(modifier: Document, own: OwnPaths): void {
  const paths = [...own.paths];
  for (const fields of Object.values(modifier)) paths.push(...Object.keys(fields as Document));
  if (paths.length < 2) return;
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(path)) throw conflict(path, path);
    seen.add(path);
  }
  for (const path of paths) {
    for (let at = path.indexOf('.'); at > 0; at = path.indexOf('.', at + 1)) {
      const prefix = path.slice(0, at);
      if (seen.has(prefix)) throw conflict(path, prefix);
    }
  }
}

function conflict(path: string, at: string): MongoCommandError {
  return new MongoCommandError(
    ErrorCodes.ConflictingUpdateOperators,
    `Updating the path '${path}' would create a conflict at '${at}'`,
  );
}

/**
 * mingo's $set skips a value equal to the stored one, and it counts two BinData with the same bytes as
 * equal whatever their subtypes; MongoDB stores the new subtype. Plain paths only (no positional parts,
 * no arrays on the way).
 */
function keepBinarySubtypes(doc: Document, set: Document | undefined): void {
  for (const [path, value] of Object.entries(set ?? {})) {
    if (!(value instanceof Binary) || path.split('.').some((part) => part.startsWith('$')))
      continue;
    const parts = path.split('.');
    let parent: unknown = doc;
    for (const part of parts.slice(0, -1))
      parent = typeClassOf(parent) === TypeClass.Object ? (parent as Document)[part] : undefined;
    if (typeClassOf(parent) !== TypeClass.Object) continue;
    const stored = (parent as Document)[parts.at(-1)!];
    if (stored instanceof Binary && stored.sub_type !== value.sub_type)
      (parent as Document)[parts.at(-1)!] = value;
  }
}

/**
 * $push, $addToSet, $pop, $pull and $pullAll on a field that holds something other than an array fail
 * with mongod's errors (mingo left the field as it was and reported success). Plain paths only.
 */
function checkArrayOperands(modifier: Document, doc: Document): void {
  for (const op of ['$push', '$addToSet', '$pop', '$pull', '$pullAll']) {
    for (const path of Object.keys((modifier[op] ?? {}) as Document)) {
      if (path.split('.').some((part) => part.startsWith('$'))) continue;
      const value = scalarAtPath(doc, path);
      if (value === undefined || value === ARRAY) continue;
      const type = bsonTypeName(value);
      if (op === '$push')
        throw new MongoCommandError(
          ErrorCodes.BadValue,
          `The field '${path}' must be an array but is of type ${type} in document {_id: ${formatValue(doc._id)}}`,
        );
      if (op === '$addToSet')
        throw new MongoCommandError(
          ErrorCodes.BadValue,
          `Cannot apply $addToSet to non-array field. Field named '${path}' has non-array type ${type}`,
        );
      if (op === '$pop')
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          `Path '${path}' contains an element of non-array type '${type}'`,
        );
      throw new MongoCommandError(ErrorCodes.BadValue, 'Cannot apply $pull to a non-array value');
    }
  }
}

function bsonTypeName(value: unknown): string {
  const code = bsonTypeOf(value);
  return Object.entries(TYPE_ALIASES).find(([, number]) => number === code)?.[0] ?? 'object';
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

/**
 * Applies a find projection; fields keep the stored document's order, as mongod returns them. `$slice` and
 * the positional `path.$` are applied here (mingo counts `$slice` as an inclusion, so `{ a: 0, b: { $slice:
 * 1 } }` failed and `{ b: { $slice: 1 } }` alone kept only b; it has no filter to resolve `$` against).
 * The rest of the projection is mingo's.
 */
export function project(
  docs: Document[],
  projection: Document | undefined,
  filter: Document = {},
): Document[] {
  if (!projection || !Object.keys(projection).length) return docs;
  const slices: Array<[string, unknown]> = [];
  const positional: string[] = [];
  const rest: Document = {};
  for (const [field, value] of Object.entries(projection)) {
    if (isSlice(value)) slices.push([field, value.$slice]);
    else if (field.endsWith('.$')) positional.push(field.slice(0, -2));
    else rest[field] = value;
  }
  // With inclusions, a sliced or positional field is included too; otherwise the rest decides.
  const inclusive = Object.entries(rest).some(
    ([field, value]) => field !== '_id' && isInclusion(value),
  );
  if (inclusive || positional.length)
    for (const field of [...slices.map(([field]) => field), ...positional]) rest[field] = 1;
  const projected = Object.keys(rest).length ? find(docs, {}, rest) : docs.map(cloneDocument);
  return projected.map((out, i) => {
    for (const [field, spec] of slices) sliceAt(out, field.split('.'), spec);
    for (const field of positional) firstMatchAt(out, docs[i]!, field, filter);
    const ordered: Document = {};
    for (const key of Object.keys(docs[i]!)) if (key in out) ordered[key] = out[key];
    for (const key of Object.keys(out)) if (!(key in ordered)) ordered[key] = out[key];
    return ordered;
  });
}

function isSlice(value: unknown): value is { $slice: unknown } {
  return (
    typeClassOf(value) === TypeClass.Object &&
    Object.keys(value as Document).length === 1 &&
    '$slice' in (value as Document)
  );
}

function isInclusion(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  // An expression, $elemMatch or $meta: computed fields make the projection an inclusion, except $meta.
  if (typeClassOf(value) === TypeClass.Object) return !('$meta' in (value as Document));
  return true;
}

/** MongoDB's $slice: n (first n, or last -n), or [skip, limit] (skip from the end when negative). */
function sliceArray(array: unknown[], spec: unknown): unknown[] {
  if (Array.isArray(spec)) {
    const [skip, limit] = spec.map(Number) as [number, number];
    const from = skip < 0 ? Math.max(0, array.length + skip) : Math.min(skip, array.length);
    return array.slice(from, from + Math.max(0, limit));
  }
  const n = Number(spec);
  return n >= 0 ? array.slice(0, n) : array.slice(Math.max(0, array.length + n));
}

/** Slices the array at `path` in place, through embedded documents and arrays of them. */
function sliceAt(node: unknown, path: string[], spec: unknown): void {
  if (Array.isArray(node)) {
    for (const element of node) sliceAt(element, path, spec);
    return;
  }
  if (typeClassOf(node) !== TypeClass.Object) return;
  const doc = node as Document;
  const [head, ...tail] = path as [string, ...string[]];
  if (!(head in doc)) return;
  if (tail.length) sliceAt(doc[head], tail, spec);
  else if (Array.isArray(doc[head])) doc[head] = sliceArray(doc[head] as unknown[], spec);
}

/**
 * The positional projection `path.$`: the array at `path` keeps only its first element that satisfies the
 * query's conditions on that array (`path.sub: value`, `path: { $elemMatch: ... }`, `path: value`).
 */
function firstMatchAt(out: Document, stored: Document, path: string, filter: Document): void {
  const conditions: Document[] = [];
  const collect = (part: Document) => {
    for (const [key, value] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(value)) for (const sub of value) collect(sub as Document);
      else if (key === path) conditions.push({ element: value });
      else if (key.startsWith(`${path}.`))
        conditions.push({ [`element.${key.slice(path.length + 1)}`]: value });
    }
  };
  collect(filter);
  const array = path.split('.').reduce<unknown>((node, part) => {
    return typeClassOf(node) === TypeClass.Object ? (node as Document)[part] : undefined;
  }, stored);
  if (!Array.isArray(array) || !conditions.length) return;
  const queries = conditions.map((condition) => compiledQuery(condition));
  // Each condition is tested on a one-element array, as the query tested it on the whole array.
  const element = array.find((value) => queries.every((query) => query.test({ element: [value] })));
  const parts = path.split('.');
  let node: unknown = out;
  for (const part of parts.slice(0, -1)) {
    if (typeClassOf(node) !== TypeClass.Object) return;
    node = (node as Document)[part];
  }
  if (typeClassOf(node) === TypeClass.Object)
    (node as Document)[parts.at(-1)!] =
      element === undefined ? [] : [cloneDocument({ element }).element];
}

/**
 * The common case without mingo: every sort key is a plain 1 / -1 and reaches one non-array value (or
 * nothing) in every document, so MongoDB's order is compareCollated on those values, ties in input
 * order. Undefined when a key is a $meta or reaches an array (mingo then applies the full rules).
 */
function sortByScalarKeys(docs: Document[], sort: Document): Document[] | undefined {
  const keys = Object.entries(sort);
  if (!keys.every(([, direction]) => direction === 1 || direction === -1)) return undefined;
  const rows: Array<{ doc: Document; values: unknown[]; at: number }> = [];
  for (const [at, doc] of docs.entries()) {
    const values: unknown[] = [];
    for (const [path] of keys) {
      const value = scalarAtPath(doc, path);
      if (value === ARRAY) return undefined;
      values.push(value === undefined ? null : value);
    }
    rows.push({ doc, values, at });
  }
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compareCollated(a.values[i], b.values[i]);
      if (order !== 0) return order * (keys[i]![1] as number);
    }
    return a.at - b.at;
  });
  return rows.map((row) => row.doc);
}

const ARRAY = Symbol('array');

/** The value a dotted path reaches without passing through an array; ARRAY when it meets one. */
function scalarAtPath(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) return ARRAY;
    if (value === null || typeof value !== 'object' || typeClassOf(value) !== TypeClass.Object)
      return undefined;
    value = (value as Document)[part];
  }
  return Array.isArray(value) ? ARRAY : value;
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
      out = sortByScalarKeys(out, sort) ?? (new Query({}).find(out).sort(sort).all() as Document[]);
    }
  }
  if (skip > 0 || limit > 0) out = out.slice(skip, limit > 0 ? skip + limit : undefined);
  return out;
}
