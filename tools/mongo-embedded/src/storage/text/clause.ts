// Where a $text clause may stand in a filter (MongoDB: at the top level or in a top-level $and, once),
// and the errors mongod answers when it stands elsewhere.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../../errors.ts';
import { TypeClass, typeClassOf } from '../values.ts';

export interface TextClause {
  operand: unknown;
  /** The filter without the $text clause. */
  rest: Document;
}

function isObject(value: unknown): value is Document {
  return typeClassOf(value) === TypeClass.Object;
}

/** The filter's $text clause and the rest of it; undefined when it has none at the top level. */
export function splitText(filter: Document): TextClause | undefined {
  let found: TextClause | undefined;
  if ('$text' in filter) {
    const { $text: operand, ...rest } = filter;
    found = { operand, rest };
  } else if (Array.isArray(filter.$and)) {
    const and = filter.$and as unknown[];
    const at = and.findIndex((part) => isObject(part) && '$text' in part);
    if (at < 0) return undefined;
    const { $text: operand, ...partRest } = and[at] as Document;
    const parts = [...and.slice(0, at), ...and.slice(at + 1)];
    if (Object.keys(partRest).length) parts.splice(at, 0, partRest);
    const { $and: _and, ...rest } = filter;
    found = { operand, rest: parts.length ? { ...rest, $and: parts } : rest };
  }
  if (found && countText(found.rest) > 0) throw tooMany();
  return found;
}

function tooMany(): MongoCommandError {
  return new MongoCommandError(ErrorCodes.BadValue, 'Too many text expressions');
}

/** Whether a filter holds a $text clause anywhere. */
export function hasText(value: unknown): boolean {
  return countText(value) > 0;
}

function countText(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + countText(v), 0);
  if (!isObject(value)) return 0;
  let count = 0;
  for (const [key, child] of Object.entries(value))
    count += (key === '$text' ? 1 : 0) + countText(child);
  return count;
}

/** The error for a $text clause where MongoDB does not accept one (under $or, $nor, $elemMatch, $not). */
export function misplacedTextError(filter: Document): MongoCommandError {
  if (countText(filter) > 1) return tooMany();
  let where: string | undefined;
  const visit = (value: unknown, context: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const element of value) visit(element, context);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$text') where ??= context;
      else if (key === '$and') visit(child, context);
      else if (key === '$or' || key === '$nor') visit(child, context ?? key);
      else visit(child, context ?? '$other');
    }
  };
  visit(filter, undefined);
  if (where === '$nor')
    return new MongoCommandError(ErrorCodes.BadValue, 'text expression not allowed in nor');
  if (where === '$or')
    return new MongoCommandError(
      ErrorCodes.NoQueryExecutionPlans,
      'error processing query: planner returned error :: caused by :: Failed to produce a solution for TEXT under OR - other non-TEXT clauses under OR have to be indexed as well.',
    );
  return new MongoCommandError(ErrorCodes.BadValue, '$text is not allowed in this context');
}
