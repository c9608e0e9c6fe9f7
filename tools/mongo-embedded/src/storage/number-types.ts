// BSON number types as they were stored. Documents are kept and matched as plain JavaScript
// values, as the bson package deserialises them by default (int32 and double become numbers, an int64
// becomes a number when it fits 53 bits), so every operator, index key and sort sees numbers as before.
// A document that holds a value whose type that plain form would lose on the way back (an int64 that
// fits 53 bits, a double with an integral value such as 42.0) gets a typed twin: the same document with
// those values as bson's Long and Double. The twin is what is sent back, journaled and asked by $type,
// so a driver that reads int64 as BigInt gets a BigInt and a stored 42.0 is still a double.
// Documents without such values (all of this app's own) have no twin and pay nothing further.
import { BSON, Double, Long } from 'bson';
import type { Document } from 'bson';
import { bsonTypeOf } from './values.ts';

/** Deserialisation that keeps Int32, Double and Long wrappers, for documents about to be stored. */
export const TYPED_DESERIALIZE = { promoteValues: false, validation: { utf8: false } } as const;

const twins = new WeakMap<Document, Document>();
const MAX_SAFE = Long.fromNumber(Number.MAX_SAFE_INTEGER + 1);
const MIN_SAFE = Long.fromNumber(-(Number.MAX_SAFE_INTEGER + 1));
const BSON_DOUBLE = 1;
const BSON_INT32 = 16;
const BSON_LONG = 18;

type Wrapper = { _bsontype?: string; value?: number };

/** What goes out on the wire or to disk for a stored document. */
export function asStored(doc: Document): Document {
  return twins.get(doc) ?? doc;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A double the plain form would send back as an int32 (an integral value in int32 range). */
function losesDouble(n: number): boolean {
  return bsonTypeOf(n) === BSON_INT32;
}

/**
 * [plain, typed] forms of a value deserialised with TYPED_DESERIALIZE. Where nothing in a subtree
 * keeps a type, both are the same object.
 */
function split(value: unknown): [unknown, unknown] {
  if (value === null || typeof value !== 'object') return [value, value];
  if (Array.isArray(value)) {
    const plain: unknown[] = new Array<unknown>(value.length);
    const typed: unknown[] = new Array<unknown>(value.length);
    let differs = false;
    for (let i = 0; i < value.length; i++) {
      [plain[i], typed[i]] = split(value[i]);
      if (plain[i] !== typed[i]) differs = true;
    }
    return [plain, differs ? typed : plain];
  }
  switch ((value as Wrapper)._bsontype) {
    case 'Int32':
      return [(value as Wrapper).value, (value as Wrapper).value];
    case 'Double': {
      const n = (value as Wrapper).value!;
      return [n, losesDouble(n) ? value : n];
    }
    case 'Long': {
      const long = value as Long;
      const fits = long.lessThanOrEqual(MAX_SAFE) && long.greaterThanOrEqual(MIN_SAFE);
      return [fits ? long.toNumber() : long, long];
    }
    default:
  }
  if (!isPlainObject(value)) return [value, value];
  const plain: Document = {};
  const typed: Document = {};
  let differs = false;
  for (const key of Object.keys(value)) {
    const [p, t] = split((value as Document)[key]);
    define(plain, key, p);
    define(typed, key, t);
    if (p !== t) differs = true;
  }
  return [plain, differs ? typed : plain];
}

/** An own field even when named __proto__. */
function define(target: Document, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

/** The plain document to store for one deserialised with TYPED_DESERIALIZE, its twin registered. */
export function storable(raw: Document): Document {
  const [plain, typed] = split(raw) as [Document, Document];
  if (typed !== plain) twins.set(plain, typed);
  return plain;
}

/** The plain form of any value deserialised with TYPED_DESERIALIZE (no twin kept). */
export function plainValue(raw: unknown): unknown {
  return split(raw)[0];
}

/**
 * Gives `next` (a new version of a document, or a document built from `source`) the types `source`
 * had: a number of `next` keeps its int64 or double type where `source` holds the same number at the
 * same path. Values an update changed are typed as the plain form types them.
 */
export function carryTypes(next: Document, source: Document): void {
  const typedSource = twins.get(source);
  if (typedSource) retypeInto(next, source, typedSource);
}

/** Registers `next`'s twin: `next` retyped after the [plain, typed] forms of its source. */
function retypeInto(next: Document, plain: unknown, typed: unknown): void {
  if (twins.has(next)) return;
  const retyped = retype(next, plain, typed);
  if (retyped !== next) twins.set(next, retyped as Document);
}

function retype(next: unknown, plain: unknown, typed: unknown): unknown {
  if (plain === typed) return next;
  if (typeof next === 'number') return next === plain ? typed : next;
  if (next === null || typeof next !== 'object' || plain === null || typeof plain !== 'object')
    return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(plain)) return next;
    let differs = false;
    const out = next.map((element, i) => {
      const result = retype(element, plain[i], (typed as unknown[])[i]);
      if (result !== element) differs = true;
      return result;
    });
    return differs ? out : next;
  }
  if (!isPlainObject(next) || !isPlainObject(plain)) return next;
  let out: Document | undefined;
  const keys = Object.keys(next);
  for (const key of keys) {
    if (!Object.hasOwn(plain, key)) continue;
    const value = (next as Document)[key];
    const result = retype(value, (plain as Document)[key], (typed as Document)[key]);
    if (result === value) continue;
    if (!out) {
      out = {};
      for (const k of keys) define(out, k, (next as Document)[k]);
    }
    define(out, key, result);
  }
  return out ?? next;
}

type Kind = 'int' | 'long' | 'double';

/** The BSON number type of a value of a typed document or of a typed command; undefined if none. */
function kindOf(value: unknown): Kind | undefined {
  const type = bsonTypeOf(value);
  if (type === BSON_INT32) return 'int';
  if (type === BSON_LONG) return 'long';
  if (type === BSON_DOUBLE) return 'double';
  return undefined;
}

/** A number as the BSON type `kind` stores it (plain where the plain form already says it). */
function asKind(n: number, kind: Kind): unknown {
  if (kind === 'long' && Number.isSafeInteger(n)) return Long.fromNumber(n);
  if (kind === 'double' && losesDouble(n)) return new Double(n);
  return n;
}

function valueAt(doc: unknown, parts: string[]): unknown {
  let at = doc;
  for (const part of parts) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Document)[part];
  }
  return at;
}

/** `doc` with `value` at `parts`, copying the objects and arrays on the way (twins share subtrees). */
function withValueAt(doc: unknown, parts: string[], value: unknown): unknown {
  if (!parts.length) return value;
  const [head, ...rest] = parts as [string, ...string[]];
  if (Array.isArray(doc)) {
    const copy = [...(doc as unknown[])];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Document = {};
  for (const key of Object.keys(doc as Document)) define(copy, key, (doc as Document)[key]);
  define(copy, head, withValueAt(copy[head], rest, value));
  return copy;
}

const ARITHMETIC = ['$inc', '$mul'] as const;
const ASSIGNING = ['$set', '$setOnInsert', '$min', '$max'] as const;

/**
 * The number types an operator update gives the fields it sets, as mongod types them: `$set` (and
 * `$setOnInsert`, `$min`, `$max` where they took the operand) stores the operand's type; `$inc` and
 * `$mul` give an int64 where either side is one and no double is involved, a double where either is.
 * `update` is the update as sent, deserialised with TYPED_DESERIALIZE when `sentTyped` (the command held a
 * type its plain form loses), else plain; positional paths are left with the plain form's types.
 */
export function carryOperandTypes(
  next: Document,
  current: Document,
  update: Document,
  sentTyped: boolean,
): void {
  const before = twins.get(current);
  // Plain operands of a plain document: the plain form already types the result.
  if (!sentTyped && !before) return;
  let typed: unknown = twins.get(next) ?? next;
  const put = (parts: string[], value: unknown): void => {
    if (valueAt(typed, parts) !== value) typed = withValueAt(typed, parts, value);
  };
  for (const op of sentTyped ? ASSIGNING : []) {
    const fields = update[op] as Document | undefined;
    if (!fields || typeof fields !== 'object') continue;
    for (const [path, operand] of Object.entries(fields)) {
      if (path.includes('$')) continue;
      const parts = path.split('.');
      const [plainOperand, typedOperand] = split(operand);
      if (plainOperand === typedOperand) continue;
      const stored = valueAt(next, parts);
      const retyped = retype(stored, plainOperand, typedOperand);
      if (retyped !== stored) put(parts, retyped);
    }
  }
  for (const op of ARITHMETIC) {
    const fields = update[op] as Document | undefined;
    if (!fields || typeof fields !== 'object') continue;
    for (const [path, operand] of Object.entries(fields)) {
      if (path.includes('$')) continue;
      const parts = path.split('.');
      const result = valueAt(next, parts);
      if (typeof result !== 'number') continue;
      const kinds = [kindOf(valueAt(before ?? current, parts)) ?? 'int', kindOf(operand)];
      const kind: Kind = kinds.includes('double')
        ? 'double'
        : kinds.includes('long')
          ? 'long'
          : 'int';
      put(parts, asKind(result, kind));
    }
  }
  if (typed !== next) twins.set(next, typed as Document);
  else twins.delete(next);
}

/** Registers `typed` (deserialised with TYPED_DESERIALIZE) as the source of `doc`'s types. */
export function carryTypesFrom(doc: Document, typedRaw: Document): void {
  const [plain, typed] = split(typedRaw);
  if (plain !== typed) retypeInto(doc, plain, typed);
}

/** Bytes of a value of each fixed-size BSON element type. */
const FIXED_SIZE: Record<number, number> = {
  0x01: 8,
  0x06: 0,
  0x07: 12,
  0x08: 1,
  0x09: 8,
  0x0a: 0,
  0x10: 4,
  0x11: 8,
  0x12: 8,
  0x13: 16,
  0x7f: 0,
  0xff: 0,
};

/**
 * Whether a BSON document holds a value whose type the plain form loses (an int64, or a double with
 * an integral int32 value), read from its bytes without building any object. A document that
 * does not is stored as it was deserialised, so ordinary writes pay one pass over their bytes.
 */
export function losesTypes(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 4; // the outer document's length
  const end = bytes.length;
  while (at < end) {
    const type = bytes[at++]!;
    if (type === 0) continue; // the end of an embedded document (or of the outer one)
    while (at < end && bytes[at] !== 0) at++; // the element's name
    at++;
    if (type === 0x12) return true;
    if (type === 0x01) {
      if (losesDouble(view.getFloat64(at, true))) return true;
      at += 8;
    } else if (type === 0x03 || type === 0x04)
      at += 4; // embedded: read its elements in turn
    else if (type === 0x02 || type === 0x0d || type === 0x0e) at += 4 + view.getInt32(at, true);
    else if (type === 0x05) at += 5 + view.getInt32(at, true);
    else if (type === 0x0c) at += 16 + view.getInt32(at, true);
    else if (type === 0x0f) at += view.getInt32(at, true);
    else if (type === 0x0b) {
      for (let cstrings = 0; cstrings < 2; cstrings++) {
        while (at < end && bytes[at] !== 0) at++;
        at++;
      }
    } else if (type in FIXED_SIZE) at += FIXED_SIZE[type]!;
    else return true; // unknown: let the full deserialisation decide
  }
  return false;
}

/** Reads one BSON document keeping its number types. */
export function deserializeTyped(bytes: Uint8Array): Document {
  return BSON.deserialize(bytes, TYPED_DESERIALIZE);
}
