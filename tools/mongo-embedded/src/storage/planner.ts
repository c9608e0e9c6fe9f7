// Chooses an index for a filter: equality ($eq, $in) on a prefix of the index's fields, then
// optionally one range ($gt/$gte/$lt/$lte) on the next field. Every candidate the index returns is
// still checked against the full filter, so the index only has to return a superset.
import type { Document } from 'bson';
import type { Index } from './index.ts';
import type { KeyBound } from './sorted-keys.ts';
import { ClassBound, TypeClass, typeClassOf } from './values.ts';

interface FieldCondition {
  points?: unknown[];
  lower?: { value: unknown; inclusive: boolean };
  upper?: { value: unknown; inclusive: boolean };
}

export interface Scan {
  lower: KeyBound;
  upper: KeyBound;
}

export interface Plan {
  index: Index;
  scans: Scan[];
  /** True when every scan is a single key (no range). */
  equality: boolean;
}

const MAX_SCANS = 1000;

function isPointValue(value: unknown): boolean {
  const typeClass = typeClassOf(value);
  return (
    typeClass !== TypeClass.Object &&
    typeClass !== TypeClass.Array &&
    typeClass !== TypeClass.RegExp &&
    value !== undefined
  );
}

function conditionOf(value: unknown): FieldCondition | undefined {
  if (isPointValue(value)) return { points: [value] };
  if (typeClassOf(value) !== TypeClass.Object) return undefined;
  const ops = value as Document;
  const keys = Object.keys(ops);
  if (!keys.length || !keys.every((key) => key.startsWith('$'))) return undefined;
  const condition: FieldCondition = {};
  if ('$eq' in ops && isPointValue(ops.$eq)) condition.points = [ops.$eq];
  else if (Array.isArray(ops.$in) && ops.$in.every(isPointValue)) condition.points = ops.$in;
  for (const [op, inclusive] of [
    ['$gt', false],
    ['$gte', true],
  ] as const) {
    if (op in ops && isPointValue(ops[op])) condition.lower = { value: ops[op], inclusive };
  }
  for (const [op, inclusive] of [
    ['$lt', false],
    ['$lte', true],
  ] as const) {
    if (op in ops && isPointValue(ops[op])) condition.upper = { value: ops[op], inclusive };
  }
  return condition.points || condition.lower || condition.upper ? condition : undefined;
}

/**
 * `{ items: { $elemMatch: { at: { $lte: t } } } }` as a condition on `items.at` (and
 * `{ tags: { $elemMatch: { $gte: 1, $lt: 5 } } }` on `tags`), as mongod uses a multikey index for it:
 * a document with a matching element has that element's key in the index, so the index returns a
 * superset. Only the element's plain fields are used; the full filter still checks every candidate.
 */
function elementConditions(
  field: string,
  value: unknown,
  conditions: Map<string, FieldCondition>,
): void {
  if (typeClassOf(value) !== TypeClass.Object) return;
  const ops = value as Document;
  const keys = Object.keys(ops);
  if (keys.length !== 1 || keys[0] !== '$elemMatch') return;
  const element = ops.$elemMatch as unknown;
  if (typeClassOf(element) !== TypeClass.Object) return;
  const whole = conditionOf(element);
  if (whole) {
    if (!conditions.has(field)) conditions.set(field, whole);
    return;
  }
  for (const [inner, innerValue] of Object.entries(element as Document)) {
    if (inner.startsWith('$')) continue;
    const path = `${field}.${inner}`;
    const condition = conditionOf(innerValue);
    if (condition && !conditions.has(path)) conditions.set(path, condition);
  }
}

/** Field conditions usable by an index, from the filter's top level and its top-level $and. */
function fieldConditions(filter: Document): Map<string, FieldCondition> {
  const conditions = new Map<string, FieldCondition>();
  const visit = (part: Document): void => {
    for (const [field, value] of Object.entries(part)) {
      if (field === '$and' && Array.isArray(value)) {
        for (const sub of value) if (typeClassOf(sub) === TypeClass.Object) visit(sub as Document);
        continue;
      }
      if (field.startsWith('$')) continue;
      const condition = conditionOf(value);
      if (condition && !conditions.has(field)) conditions.set(field, condition);
      else if (!condition) elementConditions(field, value, conditions);
    }
  };
  visit(filter);
  return conditions;
}

function rangeBounds(
  condition: FieldCondition,
):
  | { lower: { value: unknown; inclusive: boolean }; upper: { value: unknown; inclusive: boolean } }
  | undefined {
  const { lower, upper } = condition;
  if (lower && upper && typeClassOf(lower.value) !== typeClassOf(upper.value)) return undefined;
  const typeClass = typeClassOf((lower ?? upper)!.value);
  return {
    lower: lower ?? { value: new ClassBound(typeClass, -1), inclusive: true },
    upper: upper ?? { value: new ClassBound(typeClass, 1), inclusive: true },
  };
}

export function planQuery(filter: Document, indexes: Iterable<Index>): Plan | undefined {
  const conditions = fieldConditions(filter);
  if (!conditions.size) return undefined;
  let best:
    { index: Index; score: number; eq: FieldCondition[]; range?: FieldCondition } | undefined;
  for (const index of indexes) {
    if (
      !index.queryable ||
      index.spec.partialFilterExpression ||
      index.spec.sparse ||
      index.spec.hidden === true
    )
      continue;
    const eq: FieldCondition[] = [];
    let range: FieldCondition | undefined;
    for (const field of index.fields) {
      const condition = conditions.get(field);
      if (condition?.points) {
        eq.push(condition);
        continue;
      }
      if (condition && (condition.lower || condition.upper)) range = condition;
      break;
    }
    const covered = eq.length + (range ? 0.5 : 0);
    if (!covered) continue;
    const score =
      covered +
      (index.unique && eq.length === index.fields.length ? 0.25 : 0) +
      (index.name === '_id_' ? 0.1 : 0);
    if (!best || score > best.score) best = { index, score, eq, ...(range ? { range } : {}) };
  }
  if (!best) return undefined;

  let prefixes: unknown[][] = [[]];
  for (const condition of best.eq) {
    const next: unknown[][] = [];
    for (const prefix of prefixes)
      for (const point of condition.points!) next.push([...prefix, point]);
    prefixes = next;
    if (prefixes.length > MAX_SCANS) return undefined;
  }
  const bounds = best.range ? rangeBounds(best.range) : undefined;
  if (best.range && !bounds) return { index: best.index, scans: [], equality: false };
  const scans = prefixes.map((prefix): Scan => {
    if (!bounds)
      return { lower: { key: prefix, inclusive: true }, upper: { key: prefix, inclusive: true } };
    return {
      lower: { key: [...prefix, bounds.lower.value], inclusive: bounds.lower.inclusive },
      upper: { key: [...prefix, bounds.upper.value], inclusive: bounds.upper.inclusive },
    };
  });
  return { index: best.index, scans, equality: !bounds };
}
