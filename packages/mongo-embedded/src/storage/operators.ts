// mingo with the server's own operator table: every operator mingo ships, plus what MongoDB has and
// mingo lacks (issue 15): the geospatial query operators, DBRef fields ($id, $ref, $db) inside
// $elemMatch, and a $elemMatch projection that accepts operators on scalar elements ({ $in: [...] }).
// Scripts are off ($where, $function, $accumulator), as on a server run with javascriptEnabled: false.
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
import { TypeClass, compareValues, typeClassOf } from './values.ts';

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

const OPTIONS = { context: CONTEXT, scriptEnabled: false } as Partial<Options>;

/** mingo's Query with the server's operators. */
export class Query extends BaseQuery {
  constructor(condition: Document) {
    super(condition, OPTIONS);
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
