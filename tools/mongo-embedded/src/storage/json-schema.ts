// MongoDB's $jsonSchema (draft 4 with `bsonType`), for queries and collection validators:
// bsonType/type, required, properties, additionalProperties, patternProperties, enum, minimum/maximum
// (exclusive as booleans), minLength/maxLength, pattern, items/additionalItems, minItems/maxItems,
// uniqueItems, minProperties/maxProperties, allOf/anyOf/oneOf/not, dependencies. title and description
// are annotations.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { compareValues } from './values.ts';
import { NUMBER_TYPES, TYPE_ALIASES } from './operators.ts';
import { bsonTypeOf } from './values.ts';

type Schema = Document;
type Check = (value: unknown) => boolean;

const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  object: (value) => bsonTypeOf(value) === 3,
  array: Array.isArray,
  number: (value) => NUMBER_TYPES.includes(bsonTypeOf(value)),
  boolean: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  null: (value) => value === null,
};

function bsonTypeCheck(name: unknown): Check {
  if (name === 'number') return (value) => NUMBER_TYPES.includes(bsonTypeOf(value));
  const code = typeof name === 'string' ? TYPE_ALIASES[name] : undefined;
  if (code === undefined)
    throw new MongoCommandError(ErrorCodes.BadValue, `Unknown type name alias: ${String(name)}`);
  return (value) => bsonTypeOf(value) === code;
}

function anyOf(checks: Check[]): Check {
  return (value) => checks.some((check) => check(value));
}

function length(value: string): number {
  return [...value].length;
}

/** A compiled schema: a predicate over one value. */
export function compileJsonSchema(schema: Schema): Check {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    throw new MongoCommandError(ErrorCodes.FailedToParse, '$jsonSchema must be an object');
  const checks: Check[] = [];
  const list = (spec: unknown) => (Array.isArray(spec) ? spec : [spec]);
  if ('bsonType' in schema) checks.push(anyOf(list(schema.bsonType).map(bsonTypeCheck)));
  if ('type' in schema) {
    checks.push(
      anyOf(
        list(schema.type).map((name) => {
          const check = JSON_TYPES[String(name)];
          if (!check)
            throw new MongoCommandError(
              ErrorCodes.BadValue,
              `Unknown type name alias: ${String(name)}`,
            );
          return check;
        }),
      ),
    );
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    checks.push((value) => values.some((allowed) => compareValues(allowed, value) === 0));
  }
  const numeric = (value: unknown) => NUMBER_TYPES.includes(bsonTypeOf(value));
  if ('minimum' in schema) {
    const min = Number(schema.minimum);
    const exclusive = schema.exclusiveMinimum === true;
    checks.push(
      (value) => !numeric(value) || (exclusive ? Number(value) > min : Number(value) >= min),
    );
  }
  if ('maximum' in schema) {
    const max = Number(schema.maximum);
    const exclusive = schema.exclusiveMaximum === true;
    checks.push(
      (value) => !numeric(value) || (exclusive ? Number(value) < max : Number(value) <= max),
    );
  }
  if ('minLength' in schema)
    checks.push((value) => typeof value !== 'string' || length(value) >= Number(schema.minLength));
  if ('maxLength' in schema)
    checks.push((value) => typeof value !== 'string' || length(value) <= Number(schema.maxLength));
  if ('pattern' in schema) {
    const pattern = new RegExp(String(schema.pattern), 'u');
    checks.push((value) => typeof value !== 'string' || pattern.test(value));
  }
  addObjectChecks(schema, checks);
  addArrayChecks(schema, checks);
  if (Array.isArray(schema.allOf)) {
    const all = (schema.allOf as Schema[]).map(compileJsonSchema);
    checks.push((value) => all.every((check) => check(value)));
  }
  if (Array.isArray(schema.anyOf))
    checks.push(anyOf((schema.anyOf as Schema[]).map(compileJsonSchema)));
  if (Array.isArray(schema.oneOf)) {
    const one = (schema.oneOf as Schema[]).map(compileJsonSchema);
    checks.push((value) => one.filter((check) => check(value)).length === 1);
  }
  if (schema.not && typeof schema.not === 'object') {
    const not = compileJsonSchema(schema.not as Schema);
    checks.push((value) => !not(value));
  }
  return (value) => checks.every((check) => check(value));
}

/** Keywords that apply to embedded documents only (any other value passes them). */
function addObjectChecks(schema: Schema, checks: Check[]): void {
  const isObject = (value: unknown): value is Document => bsonTypeOf(value) === 3;
  if (Array.isArray(schema.required)) {
    const required = schema.required as string[];
    checks.push((value) => !isObject(value) || required.every((key) => Object.hasOwn(value, key)));
  }
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(
    ([key, sub]) => [key, compileJsonSchema(sub)] as const,
  );
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>).map(
    ([pattern, sub]) => [new RegExp(pattern, 'u'), compileJsonSchema(sub)] as const,
  );
  const additional = schema.additionalProperties;
  const additionalCheck =
    additional && typeof additional === 'object'
      ? compileJsonSchema(additional as Schema)
      : undefined;
  const named = new Set(properties.map(([key]) => key));
  checks.push((value) => {
    if (!isObject(value)) return true;
    for (const [key, check] of properties)
      if (Object.hasOwn(value, key) && !check(value[key])) return false;
    for (const [key, inner] of Object.entries(value)) {
      const matching = patterns.filter(([pattern]) => pattern.test(key));
      if (matching.some(([, check]) => !check(inner))) return false;
      if (named.has(key) || matching.length) continue;
      if (additional === false) return false;
      if (additionalCheck && !additionalCheck(inner)) return false;
    }
    return true;
  });
  if ('minProperties' in schema)
    checks.push(
      (value) => !isObject(value) || Object.keys(value).length >= Number(schema.minProperties),
    );
  if ('maxProperties' in schema)
    checks.push(
      (value) => !isObject(value) || Object.keys(value).length <= Number(schema.maxProperties),
    );
  if (schema.dependencies && typeof schema.dependencies === 'object') {
    const dependencies = Object.entries(schema.dependencies as Record<string, unknown>).map(
      ([key, dependency]) =>
        [
          key,
          Array.isArray(dependency)
            ? (value: Document) =>
                (dependency as string[]).every((name) => Object.hasOwn(value, name))
            : compileJsonSchema(dependency as Schema),
        ] as const,
    );
    checks.push(
      (value) =>
        !isObject(value) ||
        dependencies.every(([key, check]) => !Object.hasOwn(value, key) || check(value)),
    );
  }
}

/** Keywords that apply to arrays only. */
function addArrayChecks(schema: Schema, checks: Check[]): void {
  if (schema.items && typeof schema.items === 'object') {
    if (Array.isArray(schema.items)) {
      const positional = (schema.items as Schema[]).map(compileJsonSchema);
      const extra = schema.additionalItems;
      const extraCheck =
        extra && typeof extra === 'object' ? compileJsonSchema(extra as Schema) : undefined;
      checks.push((value) => {
        if (!Array.isArray(value)) return true;
        return value.every((element, i) => {
          const check = positional[i];
          if (check) return check(element);
          if (extra === false) return false;
          return extraCheck ? extraCheck(element) : true;
        });
      });
    } else {
      const every = compileJsonSchema(schema.items as Schema);
      checks.push((value) => !Array.isArray(value) || value.every(every));
    }
  }
  if ('minItems' in schema)
    checks.push((value) => !Array.isArray(value) || value.length >= Number(schema.minItems));
  if ('maxItems' in schema)
    checks.push((value) => !Array.isArray(value) || value.length <= Number(schema.maxItems));
  if (schema.uniqueItems === true)
    checks.push(
      (value) =>
        !Array.isArray(value) ||
        value.every((a, i) => value.slice(i + 1).every((b) => compareValues(a, b) !== 0)),
    );
}

/** mingo's hook for $jsonSchema: a validator per schema. */
export function jsonSchemaValidator(schema: Schema): (doc: Document) => boolean {
  return compileJsonSchema(schema);
}
