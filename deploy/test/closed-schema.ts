/**
 * JSON schemas that refuse what they do not name. A CRD's schema rarely says `additionalProperties:
 * false`: the API server prunes unknown fields silently, so a misspelt field is lost, not refused. Here
 * every object schema that lists `properties` is closed, unless it says what else it allows
 * (`additionalProperties`) or keeps anything (`x-kubernetes-preserve-unknown-fields`).
 */
import Ajv from 'ajv';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `schema` with every object that lists its properties closed, at any depth. */
export function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (!isSchema(schema)) return schema;
  const copy: Schema = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      // Under `properties` the keys are field names, not keywords: close each field's schema.
      key === 'properties' && isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, closeObjects(sub)]))
        : closeObjects(value),
    ]),
  );
  const open =
    'additionalProperties' in copy || copy['x-kubernetes-preserve-unknown-fields'] === true;
  if (isSchema(copy.properties) && !open) copy.additionalProperties = false;
  return copy;
}

/** `path: message` for each error, or [] when `value` passes. */
export type Check = (value: unknown) => string[];

/**
 * A validator of an OpenAPI v3 (CRD) or JSON schema with ajv: `nullable` as OpenAPI means it, Kubernetes'
 * own keywords and formats (int-or-string, int32) taken as annotations, every error reported.
 */
export function compile(schema: unknown): Check {
  const ajv = new Ajv({
    allErrors: true,
    jsonPointers: true,
    nullable: true,
    unknownFormats: 'ignore',
  });
  const validate = ajv.compile(schema as object);
  return (value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((error) => {
          const extra =
            'additionalProperty' in error.params
              ? ` '${(error.params as { additionalProperty: string }).additionalProperty}'`
              : '';
          return `${error.dataPath || '/'}: ${error.message ?? error.keyword}${extra}`;
        });
}

/**
 * The schema a Helm chart's default values imply, when it publishes none: every key it lists and nothing
 * else, each value of the kind of its default. `open(path)` names where the chart reads anything (its
 * `merge` and `patch` points, maps it documents as free); a default of null is a slot for a string or a
 * number (a name, a size, a pull policy).
 */
export function schemaOfDefaults(
  value: unknown,
  open: (path: readonly string[]) => boolean,
  path: readonly string[] = [],
): Schema {
  if (open(path)) return {};
  if (value === null) return { type: ['string', 'number', 'boolean', 'null'] };
  if (Array.isArray(value)) return { type: 'array' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value !== 'object') return { type: typeof value };
  const entries = Object.entries(value as Schema);
  // `{}` by default is a map the user fills (ports, labels): open, but still a map.
  if (entries.length === 0) return { type: 'object' };
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      entries.map(([key, sub]) => [key, schemaOfDefaults(sub, open, [...path, key])]),
    ),
  };
}
