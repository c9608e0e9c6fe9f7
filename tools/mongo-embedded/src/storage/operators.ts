// mingo with the server's own operator table: every operator mingo ships, plus what MongoDB has and
// mingo lacks: the geospatial query operators, DBRef fields ($id, $ref, $db) inside
// $elemMatch, and a $elemMatch projection that accepts operators on scalar elements ({ $in: [...] }).
// Scripts are off ($where, $function, $accumulator), as on a server run with javascriptEnabled: false.
import { createRequire } from 'node:module';
import path from 'node:path';
import { DBRef } from 'bson';
import type { Document } from 'bson';
import { Context } from 'mingo';
import { Aggregator as BaseAggregator } from 'mingo/aggregator';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query as BaseQuery } from 'mingo/query';
import type { Options } from 'mingo/types';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import {
  distanceTo,
  geometriesOf,
  geoValuesAtPath,
  intersects,
  parseGeometry,
  parseNear,
  withinTest,
} from './geo.ts';
import { collationActive, compareCollated } from './collation.ts';
import { TypeClass, bsonTypeOf, compareValues, typeClassOf } from './values.ts';
import { jsonSchemaValidator } from './json-schema.ts';
import { asStored } from './number-types.ts';

type QueryPredicate = (doc: Document) => boolean;
type QueryOperator = (selector: string, value: unknown, options: Options) => QueryPredicate;

function localCondition(options: Options, selector: string): Document {
  const condition = (options as unknown as { local?: { condition?: Document } }).local?.condition;
  const own = condition?.[selector];
  return typeClassOf(own) === TypeClass.Object ? (own as Document) : {};
}

const near: QueryOperator = (selector, value, options) => {
  const condition = localCondition(options, selector);
  const parsed = parseNear(
    '$near' in condition || '$nearSphere' in condition ? condition : { $near: value },
  );
  if (!parsed) throw new MongoCommandError(ErrorCodes.BadValue, `invalid point in geo near query`);
  return (doc) => {
    const distance = distanceTo(parsed, geoValuesAtPath(doc, selector));
    return distance !== undefined && distance <= parsed.max && distance >= parsed.min;
  };
};

const within: QueryOperator = (selector, value) => {
  const test = typeClassOf(value) === TypeClass.Object ? withinTest(value as Document) : undefined;
  if (!test)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `unknown geo specifier: ${JSON.stringify(value)}`,
    );
  return (doc) => geoValuesAtPath(doc, selector).flatMap(geometriesOf).some(test);
};

const geoIntersects: QueryOperator = (selector, value) => {
  const shape = parseGeometry((value as Document | undefined)?.$geometry);
  if (!shape)
    throw new MongoCommandError(ErrorCodes.BadValue, '$geoIntersects requires a $geometry');
  return (doc) =>
    geoValuesAtPath(doc, selector)
      .flatMap(geometriesOf)
      .some((geometry) => intersects(geometry, shape));
};

const always: QueryOperator = () => () => true;

/** `{ $elemMatch: { $id: x } }` tests the DBRef field of each element (MongoDB reads $id as a field). */
function dbRefField(field: '$id' | '$ref' | '$db'): QueryOperator {
  return (selector, value) => (doc) =>
    geoValuesAtPath(doc, selector).some((element) => {
      let part: unknown;
      if (element instanceof DBRef)
        part = field === '$id' ? element.oid : field === '$ref' ? element.collection : element.db;
      else if (typeClassOf(element) === TypeClass.Object) part = (element as Document)[field];
      else return false;
      return compareValues(part, value) === 0;
    });
}

/** $all as MongoDB defines it: every value matches as an equality (a scalar field is a one-element array). */
const all: QueryOperator = (selector, value) => {
  if (!Array.isArray(value) || !value.length) return () => false;
  const parts = value.map((element) => new Query({ [selector]: element }));
  return (doc) => parts.every((part) => part.test(doc));
};

/** What a comparison sees at a path: each value it reaches, and each element of an array; null when none. */
function comparedValues(doc: Document, selector: string): unknown[] {
  const leaves = geoValuesAtPath(doc, selector);
  if (!leaves.length) return [undefined];
  return leaves.flatMap((leaf) => (Array.isArray(leaf) ? [leaf, ...(leaf as unknown[])] : [leaf]));
}

/**
 * $lt, $lte, $gt, $gte as MongoDB defines them: only values of the operand's type class compare
 * (type bracketing), in BSON order (BinData by length first), strings under the collation in force.
 * mingo compares with JavaScript's order and has no order for BinData.
 */
function comparison(accept: (order: number) => boolean): QueryOperator {
  return (selector, value) => {
    const typeClass = typeClassOf(value);
    return (doc) =>
      comparedValues(doc, selector).some(
        (found) => typeClassOf(found) === typeClass && accept(compareCollated(found, value)),
      );
  };
}

const mingoQuery = queryOperators as unknown as Record<string, QueryOperator>;

/**
 * $eq, $ne, $in, $nin: mingo's, plus string equality under the collation in force (strength 1 makes
 * 'a' equal 'A'); without a collation the collated test is never reached.
 */
function collatedEquality(name: '$eq' | '$ne' | '$in' | '$nin'): QueryOperator {
  const negated = name === '$ne' || name === '$nin';
  const positive = mingoQuery[name === '$ne' ? '$eq' : name === '$nin' ? '$in' : name]!;
  return (selector, value, options) => {
    const plain = positive(selector, value, options);
    const operands = name === '$in' || name === '$nin' ? (value as unknown[]) : [value];
    const strings = Array.isArray(operands) ? operands.filter((v) => typeof v === 'string') : [];
    const collated = (doc: Document): boolean =>
      comparedValues(doc, selector).some(
        (found) =>
          typeof found === 'string' && strings.some((s) => compareCollated(found, s) === 0),
      );
    const test = (doc: Document): boolean =>
      plain(doc) || (strings.length > 0 && collationActive() && collated(doc));
    return negated ? (doc) => !test(doc) : test;
  };
}

/** BSON type numbers by $type alias. */
export const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
export const NUMBER_TYPES = [1, 16, 18, 19];
function typeNumbers(spec: unknown): number[] {
  if (spec === 'number') return NUMBER_TYPES;
  if (typeof spec === 'number') return [spec];
  const code = typeof spec === 'string' ? TYPE_ALIASES[spec] : undefined;
  if (code === undefined)
    throw new MongoCommandError(ErrorCodes.BadValue, `Unknown type name alias: ${String(spec)}`);
  return [code];
}

/** $type with every BSON type and alias (binData, long, int, double...), elements of arrays included. */
const type: QueryOperator = (selector, value) => {
  const wanted = new Set((Array.isArray(value) ? value : [value]).flatMap(typeNumbers));
  // The stored types (an int64 or a double 42.0 is a number in the plain document).
  return (doc) =>
    geoValuesAtPath(asStored(doc), selector).some((leaf) =>
      (Array.isArray(leaf) ? [leaf, ...(leaf as unknown[])] : [leaf]).some((found) =>
        wanted.has(bsonTypeOf(found)),
      ),
    );
};

/** The bit positions a $bits* operand names: a list, a number's set bits, or BinData's set bits. */
function bitPositions(mask: unknown): number[] {
  if (Array.isArray(mask)) return mask.map(Number);
  const bytes = binaryBytes(mask);
  if (bytes) return [...bytes.keys()].flatMap((i) => bitsOfByte(bytes[i]!, i));
  const number = Number(mask);
  if (!Number.isInteger(number) || number < 0)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `bitmask must be a non-negative integer: ${String(mask)}`,
    );
  return [...number.toString(2)].reverse().flatMap((bit, i) => (bit === '1' ? [i] : []));
}

function bitsOfByte(byte: number, index: number): number[] {
  const out: number[] = [];
  for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) out.push(index * 8 + bit);
  return out;
}

function binaryBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if ((value as { _bsontype?: string } | null)?._bsontype === 'Binary')
    return (value as { buffer: Uint8Array }).buffer;
  return undefined;
}

/** Bit `position` of an integer (two's complement, sign extended) or of BinData (little endian). */
function bitAt(value: unknown, position: number): boolean | undefined {
  const bytes = binaryBytes(value);
  if (bytes) return ((bytes[position >> 3] ?? 0) & (1 << (position & 7))) !== 0;
  if (typeClassOf(value) !== TypeClass.Number) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) return undefined;
  return ((BigInt(number) >> BigInt(position)) & 1n) === 1n;
}

/** $bitsAllSet and friends on integers and on BinData (mingo reads only numbers). */
function bitwise(set: boolean, every: boolean): QueryOperator {
  return (selector, value) => {
    const positions = bitPositions(value);
    const test = (found: unknown): boolean => {
      const bits = positions.map((position) => bitAt(found, position));
      if (bits.includes(undefined)) return false;
      return every ? bits.every((bit) => bit === set) : bits.some((bit) => bit === set);
    };
    return (doc) => geoValuesAtPath(doc, selector).some(test);
  };
}

const LOGICAL = new Set(['$and', '$or', '$nor']);

/** Projection $elemMatch: the first element matching, operators on scalars wrapped as MongoDB does. */
function elemMatchProjection(
  obj: Document,
  expr: Document,
  field: string,
  options: Options,
): unknown {
  const array = (obj as Document)[field];
  if (!Array.isArray(array)) return undefined;
  const keys = Object.keys(expr);
  const wrap = keys.length > 0 && keys.every((key) => key.startsWith('$') && !LOGICAL.has(key));
  const query = new BaseQuery(wrap ? { v: expr } : expr, options);
  for (const element of array) {
    if (wrap ? query.test({ v: element }) : query.test(element as Document)) return [element];
  }
  return undefined;
}

export const CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: { ...projectionOperators, $elemMatch: elemMatchProjection },
  query: {
    ...queryOperators,
    $all: all,
    $eq: collatedEquality('$eq'),
    $ne: collatedEquality('$ne'),
    $in: collatedEquality('$in'),
    $nin: collatedEquality('$nin'),
    $lt: comparison((order) => order < 0),
    $lte: comparison((order) => order <= 0),
    $gt: comparison((order) => order > 0),
    $gte: comparison((order) => order >= 0),
    $type: type,
    $bitsAllSet: bitwise(true, true),
    $bitsAnySet: bitwise(true, false),
    $bitsAllClear: bitwise(false, true),
    $bitsAnyClear: bitwise(false, false),
    $near: near,
    $nearSphere: near,
    $maxDistance: always,
    $minDistance: always,
    $geoWithin: within,
    $within: within,
    $geoIntersects: geoIntersects,
    $id: dbRefField('$id'),
    $ref: dbRefField('$ref'),
    $db: dbRefField('$db'),
  } as never,
  window: windowOperators,
} as never);

const OPTIONS = {
  context: CONTEXT,
  scriptEnabled: false,
  jsonSchemaValidator,
} as Partial<Options>;

/**
 * The options every Query starts from, made once. Given plain options, mingo's Query copies the whole
 * operator table (six maps of every operator) for each query it makes; given its own options object,
 * it copies only the per-query locals. A Query never adds operators to the table, so one table shared
 * by all queries is safe. The options class is internal to mingo: should a version move it, queries
 * fall back to the plain options and its copying.
 */
const QUERY_OPTIONS: Partial<Options> = (() => {
  try {
    const require = createRequire(import.meta.url);
    const internal = require(
      path.join(path.dirname(require.resolve('mingo')), 'core/_internal.js'),
    ) as { ComputeOptions?: { init(options: Partial<Options>): unknown } };
    const made = internal.ComputeOptions?.init(OPTIONS);
    return made instanceof Object && 'context' in made ? (made as Partial<Options>) : OPTIONS;
  } catch {
    return OPTIONS;
  }
})();

/** mingo's Query with the server's operators. */
export class Query extends BaseQuery {
  constructor(condition: Document) {
    super(condition, QUERY_OPTIONS);
  }
}

export class Aggregator extends BaseAggregator {
  constructor(pipeline: Document[], options: Partial<Options> = {}) {
    super(pipeline, { ...OPTIONS, ...options });
  }
}

export function find(docs: Document[], filter: Document, projection?: Document): Document[] {
  return new Query(filter).find(docs, projection ?? {}).all() as Document[];
}

export function aggregate(docs: Document[], pipeline: Document[]): Document[] {
  return new Aggregator(pipeline).run(docs) as Document[];
}
