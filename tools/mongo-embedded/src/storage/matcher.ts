// Compiled filters. mingo's Query copies its whole operator table and compiles the filter on every
// construction, which was the largest single cost of a find or an update under load, while
// a service sends the same few filters (a user's quests, a quest by id and user) over and over. A
// filter is compiled once per distinct value (its canonical Extended JSON, so types count) and kept in
// a bounded least-recently-used cache. A compiled Query holds no per-call state; filters that read the
// clock ($$NOW) or run code ($where, $function) are compiled afresh every time.
import { EJSON } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { Query } from './operators.ts';
import { misplacedTextError } from './text/clause.ts';

const CAPACITY = 2_000;
const UNCACHEABLE = /"\$(?:\$|where|function|accumulator|expr|jsonSchema)/;
const compiled = new Map<string, Query>();

/** A filter compiled, with MongoDB's answer for server-side JavaScript on a server that has none. */
function compile(filter: Document): Query {
  try {
    return new Query(filter);
  } catch (error) {
    const message = (error as Error).message;
    if (/scriptEnabled/.test(message))
      throw new MongoCommandError(ErrorCodes.BadValue, 'no globalScriptEngine in $where parsing');
    // A $text the collection did not take out of the filter stands where MongoDB refuses it.
    if (/operator: \$text$/.test(message)) throw misplacedTextError(filter);
    // mongod's wording for an unknown field operator ({ a: { $foo: 1 } }).
    const unknown = /^unknown query operator (\$\w+)/.exec(message);
    if (unknown)
      throw new MongoCommandError(ErrorCodes.BadValue, `unknown operator: ${unknown[1]!}`);
    throw error;
  }
}

export function compiledQuery(filter: Document): Query {
  let key: string;
  try {
    key = EJSON.stringify(filter, { relaxed: false });
  } catch {
    return compile(filter);
  }
  if (UNCACHEABLE.test(key)) return compile(filter);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const query = compile(filter);
  compiled.set(key, query);
  if (compiled.size > CAPACITY) compiled.delete(compiled.keys().next().value!);
  return query;
}
