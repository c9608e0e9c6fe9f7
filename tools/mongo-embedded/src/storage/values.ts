// BSON value ordering and document paths, as MongoDB defines them for indexes and sorting:
// https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/
import { EJSON } from 'bson';
import type { Document } from 'bson';

export const TypeClass = {
  MinKey: 1,
  Null: 2,
  Number: 3,
  String: 4,
  Object: 5,
  Array: 6,
  Binary: 7,
  ObjectId: 8,
  Boolean: 9,
  Date: 10,
  Timestamp: 11,
  RegExp: 12,
  MaxKey: 13,
} as const;

/** Sentinels that sort before / after every value of one type class: the ends of an index range. */
export class ClassBound {
  readonly typeClass: number;
  readonly side: -1 | 1;
  constructor(typeClass: number, side: -1 | 1) {
    this.typeClass = typeClass;
    this.side = side;
  }
}

type BsonLike = { _bsontype?: string };

export function typeClassOf(value: unknown): number {
  if (value === undefined || value === null) return TypeClass.Null;
  if (value instanceof ClassBound) return value.typeClass;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return TypeClass.Number;
    case 'string':
      return TypeClass.String;
    case 'boolean':
      return TypeClass.Boolean;
    default:
  }
  if (Array.isArray(value)) return TypeClass.Array;
  if (value instanceof Date) return TypeClass.Date;
  if (value instanceof RegExp) return TypeClass.RegExp;
  if (value instanceof Uint8Array) return TypeClass.Binary;
  switch ((value as BsonLike)._bsontype) {
    case 'ObjectId':
      return TypeClass.ObjectId;
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return TypeClass.Number;
    case 'Binary':
      return TypeClass.Binary;
    case 'Timestamp':
      return TypeClass.Timestamp;
    case 'BSONRegExp':
      return TypeClass.RegExp;
    case 'MinKey':
      return TypeClass.MinKey;
    case 'MaxKey':
      return TypeClass.MaxKey;
    case 'BSONSymbol':
      return TypeClass.String;
    default:
      return TypeClass.Object;
  }
}

function cmp<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  return (value as { buffer: Uint8Array }).buffer;
}

/** Total order over BSON values (MongoDB's comparison order). */
export function compareValues(a: unknown, b: unknown): number {
  const classA = typeClassOf(a);
  const classB = typeClassOf(b);
  if (classA !== classB) return classA - classB;
  if (a instanceof ClassBound || b instanceof ClassBound) {
    const sideA = a instanceof ClassBound ? a.side : 0;
    const sideB = b instanceof ClassBound ? b.side : 0;
    return sideA - sideB;
  }
  switch (classA) {
    case TypeClass.Null:
    case TypeClass.MinKey:
    case TypeClass.MaxKey:
      return 0;
    case TypeClass.Number:
      return cmp(Number(a), Number(b));
    case TypeClass.String:
      return cmp(String(a), String(b));
    case TypeClass.Boolean:
      return cmp(a as boolean, b as boolean);
    case TypeClass.Date:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case TypeClass.ObjectId:
      return Buffer.compare((a as { id: Uint8Array }).id, (b as { id: Uint8Array }).id);
    case TypeClass.Timestamp:
      return cmp(BigInt(String(a)), BigInt(String(b)));
    case TypeClass.Binary: {
      const x = bytesOf(a);
      const y = bytesOf(b);
      if (x.length !== y.length) return x.length - y.length;
      return Buffer.compare(Buffer.from(x), Buffer.from(y));
    }
    case TypeClass.RegExp:
      return cmp(String(a), String(b));
    case TypeClass.Array: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const order = compareValues(x[i], y[i]);
        if (order !== 0) return order;
      }
      return x.length - y.length;
    }
    default: {
      const x = Object.entries(a as Document);
      const y = Object.entries(b as Document);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [keyA, valueA] = x[i]!;
        const [keyB, valueB] = y[i]!;
        const order = compareValues(valueA, valueB) || cmp(keyA, keyB);
        if (order !== 0) return order;
      }
      return x.length - y.length;
    }
  }
}

/** A string identity for an `_id` value: equal ids (1, 1.0, Long(1)) give equal keys. */
export function idKeyOf(id: unknown): string {
  switch (typeClassOf(id)) {
    case TypeClass.ObjectId:
      return `o${(id as { toHexString(): string }).toHexString()}`;
    case TypeClass.String:
      return `s${String(id)}`;
    case TypeClass.Number:
      return `n${Number(id)}`;
    case TypeClass.Null:
      return 'null';
    default:
      return `x${EJSON.stringify(id as Document, { relaxed: false })}`;
  }
}

/**
 * Every value a dotted path reaches in a document, descending into arrays the way a multikey
 * index does. A missing path gives [undefined].
 */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(value)) {
        if (value.length === 0) out.push(undefined);
        else out.push(...value);
      } else {
        out.push(value);
      }
      return;
    }
    if (Array.isArray(value)) {
      const part = parts[i]!;
      if (/^\d+$/.test(part) && Number(part) < value.length) {
        walk(value[Number(part)], i + 1);
        return;
      }
      if (value.length === 0) {
        out.push(undefined);
        return;
      }
      for (const element of value) walk(element, i);
      return;
    }
    if (value !== null && typeof value === 'object' && typeClassOf(value) === TypeClass.Object) {
      walk((value as Document)[parts[i]!], i + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, 0);
  return out.length ? out : [undefined];
}

/** The value at a dotted path without array expansion (undefined when missing). */
export function valueAtPath(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Document)[part];
  }
  return value;
}

/** Formats a value like the MongoDB shell does in error messages: "x", 1, ObjectId('...'). */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  switch (typeClassOf(value)) {
    case TypeClass.String:
      return JSON.stringify(String(value));
    case TypeClass.Number:
      return String(Number(value));
    case TypeClass.ObjectId:
      return `ObjectId('${(value as { toHexString(): string }).toHexString()}')`;
    case TypeClass.Date:
      return `new Date(${(value as Date).getTime()})`;
    case TypeClass.Boolean:
      return String(value);
    case TypeClass.Array:
      return `[ ${(value as unknown[]).map(formatValue).join(', ')} ]`;
    case TypeClass.Object: {
      const entries = Object.entries(value as Document);
      if (!entries.length) return '{}';
      return `{ ${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')} }`;
    }
    default:
      return EJSON.stringify(value as Document);
  }
}

const INT32 = 2 ** 31;

const BSON_TYPE_BY_CLASS: Record<string, number> = {
  Double: 1,
  Int32: 16,
  Long: 18,
  Decimal128: 19,
  Binary: 5,
  ObjectId: 7,
  Timestamp: 17,
  BSONRegExp: 11,
  BSONSymbol: 14,
  MinKey: -1,
  MaxKey: 127,
};

/**
 * The BSON type a value is stored as: a JavaScript number as the bson package serialises it (int32 when
 * integral and in range, except -0; double otherwise), a wrapper (Int32, Double, Long, ...) as itself.
 */
export function bsonTypeOf(value: unknown): number {
  if (value === null || value === undefined) return 10;
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= -INT32 && value < INT32 && !Object.is(value, -0)
      ? 16
      : 1;
  if (typeof value === 'bigint') return 18;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 8;
  if (Array.isArray(value)) return 4;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  if (value instanceof Uint8Array) return 5;
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType === 'Code') return (value as { scope?: unknown }).scope ? 15 : 13;
  return (bsonType && BSON_TYPE_BY_CLASS[bsonType]) || 3;
}
