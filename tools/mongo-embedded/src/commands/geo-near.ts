// The $geoNear aggregate stage, as MongoDB 7 runs it: only as the first stage of a pipeline, over the
// collection's one 2d index (preferred) or one 2dsphere index (or the one `key` names), documents
// filtered by `query`, then each given its distance to `near` (the nearest of its locations within
// minDistance / maxDistance), nearest first. Distances are those of $near / $nearSphere (geo.ts):
// meters for a GeoJSON point, radians for a legacy pair on a 2dsphere index or with spherical: true,
// flat units for a legacy pair on a 2d index.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import { distanceTo, geoValuesAtPath, parseGeometry, parseNear } from '../storage/geo.ts';
import type { NearQuery } from '../storage/geo.ts';
import { TypeClass, typeClassOf } from '../storage/values.ts';
import { cloneDocument } from './documents.ts';
import type { CommandContext } from './context.ts';

interface GeoNearSpec {
  near: Document | unknown[];
  distanceField: string;
  spherical: boolean;
  maxDistance: number | undefined;
  minDistance: number | undefined;
  distanceMultiplier: number | undefined;
  query: Document;
  includeLocs: string | undefined;
  key: string | undefined;
}

function isNumber(value: unknown): boolean {
  return typeClassOf(value) === TypeClass.Number;
}

function optionalNumber(options: Document, name: string): number | undefined {
  const value = options[name] as unknown;
  if (value === undefined) return undefined;
  if (!isNumber(value))
    throw new MongoCommandError(ErrorCodes.TypeMismatch, `${name} must be a number`);
  const number = Number(value);
  if (!(number >= 0))
    throw new MongoCommandError(ErrorCodes.BadValue, `${name} must be nonnegative`);
  return number;
}

/** Options mongod's $geoNear no longer takes, with its answer to each, in the order it checks them. */
const REMOVED_OPTIONS: ReadonlyArray<[string, number, string]> = [
  [
    'limit',
    ErrorCodes.Location50858,
    "$geoNear no longer supports the 'limit' parameter. Use a $limit stage instead.",
  ],
  [
    'num',
    ErrorCodes.Location50857,
    "$geoNear no longer supports the 'num' parameter. Use a $limit stage instead.",
  ],
  ['start', ErrorCodes.Location50856, "$geoNear no longer supports the 'start' argument."],
];

/** The stage's options, checked in mongod's order with its codes and messages. */
function parseSpec(raw: unknown): GeoNearSpec {
  if (typeClassOf(raw) !== TypeClass.Object)
    throw new MongoCommandError(
      ErrorCodes.Location10065,
      'invalid parameter: expected an object ($geoNear)',
    );
  const options = raw as Document;
  if ('collation' in options)
    throw new MongoCommandError(
      ErrorCodes.Location40227,
      "$geoNear does not accept the 'collation' parameter. Instead, specify a collation for the entire aggregation command.",
    );
  for (const [option, code, message] of REMOVED_OPTIONS)
    if (option in options) throw new MongoCommandError(code, message);
  const near = options.near as unknown;
  if (!Array.isArray(near) && typeClassOf(near) !== TypeClass.Object)
    throw new MongoCommandError(
      ErrorCodes.Location16605,
      "$geoNear requires a 'near' option as an Array",
    );
  if (typeof options.distanceField !== 'string')
    throw new MongoCommandError(
      ErrorCodes.Location16606,
      "$geoNear requires a 'distanceField' option as a String",
    );
  const maxDistance = optionalNumber(options, 'maxDistance');
  const minDistance = optionalNumber(options, 'minDistance');
  const distanceMultiplier = optionalNumber(options, 'distanceMultiplier');
  const query = options.query as unknown;
  if (query !== undefined && typeClassOf(query) !== TypeClass.Object)
    throw new MongoCommandError(ErrorCodes.TypeMismatch, 'query must be an object');
  if ('includeLocs' in options && typeof options.includeLocs !== 'string')
    throw new MongoCommandError(
      ErrorCodes.Location16607,
      "$geoNear requires that 'includeLocs' option is a String",
    );
  const key = options.key as unknown;
  if (key !== undefined) {
    if (typeof key !== 'string')
      throw new MongoCommandError(
        ErrorCodes.TypeMismatch,
        "$geoNear parameter 'key' must be of type string",
      );
    if (!key)
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        "$geoNear parameter 'key' cannot be the empty string",
      );
  }
  return {
    near: near as Document | unknown[],
    distanceField: options.distanceField,
    spherical: !!options.spherical,
    maxDistance,
    minDistance,
    distanceMultiplier,
    query: (query ?? {}) as Document,
    includeLocs: options.includeLocs as string | undefined,
    key: key as string | undefined,
  };
}

/**
 * Refuses $geoNear anywhere but as the first stage of the pipeline (40602), and inside $facet
 * (40600), as mongod does when it parses the pipeline.
 */
export function checkGeoNearPlacement(pipeline: Document[]): void {
  pipeline.forEach((stage, position) => {
    if (position > 0 && '$geoNear' in stage)
      throw new MongoCommandError(
        ErrorCodes.Location40602,
        '$geoNear is only valid as the first stage in a pipeline.',
      );
    const facet = stage.$facet as unknown;
    if (typeClassOf(facet) !== TypeClass.Object) return;
    for (const inner of Object.values(facet as Document)) {
      if (!Array.isArray(inner)) continue;
      if ((inner as Document[]).some((s) => typeClassOf(s) === TypeClass.Object && '$geoNear' in s))
        throw new MongoCommandError(
          ErrorCodes.Location40600,
          '$geoNear is not allowed to be used within a $facet stage',
        );
    }
  });
}

type GeoIndexType = '2d' | '2dsphere';

/** The geo-indexed field the stage reads, and its index type (mongod's choice and errors). */
function geoField(
  ctx: CommandContext,
  name: string,
  key: string | undefined,
): {
  field: string;
  type: GeoIndexType;
} {
  const collection = ctx.engine.get(ctx.db, name);
  const ns = `${ctx.db}.${name}`;
  if (!collection)
    throw new MongoCommandError(
      ErrorCodes.NamespaceNotFound,
      `$geoNear requires a geo index to run, but ${ns} does not exist`,
    );
  const geoKeys: Array<{ field: string; type: GeoIndexType }> = [];
  for (const index of collection.indexes.values()) {
    for (const [field, kind] of Object.entries(index.keyPattern)) {
      if (kind === '2d' || kind === '2dsphere') geoKeys.push({ field, type: kind });
    }
  }
  if (key !== undefined) {
    // A 2d index answers a flat query; a 2dsphere index any other (mongod's planner would pick it).
    const found =
      geoKeys.find((candidate) => candidate.field === key && candidate.type === '2d') ??
      geoKeys.find((candidate) => candidate.field === key);
    if (!found)
      throw new MongoCommandError(
        ErrorCodes.NoQueryExecutionPlans,
        'error processing query: planner returned error :: caused by :: unable to find index for $geoNear query',
      );
    return found;
  }
  const flat = geoKeys.filter((candidate) => candidate.type === '2d');
  if (flat.length > 1)
    throw new MongoCommandError(
      ErrorCodes.IndexNotFound,
      `There is more than one 2d index on ${ns}; unsure which to use for $geoNear`,
    );
  if (flat.length === 1) return flat[0]!;
  const spheres = geoKeys.filter((candidate) => candidate.type === '2dsphere');
  if (!spheres.length)
    throw new MongoCommandError(
      ErrorCodes.IndexNotFound,
      '$geoNear requires a 2d or 2dsphere index, but none were found',
    );
  if (spheres.length > 1)
    throw new MongoCommandError(
      ErrorCodes.IndexNotFound,
      `There is more than one 2dsphere index on ${ns}; unsure which to use for $geoNear`,
    );
  return spheres[0]!;
}

/** The stage as the $near / $nearSphere query mongod turns it into, in the unit its index gives. */
function nearQuery(spec: GeoNearSpec, type: GeoIndexType): NearQuery {
  const near = parseNear({
    [spec.spherical ? '$nearSphere' : '$near']: spec.near,
    ...(spec.maxDistance !== undefined ? { $maxDistance: spec.maxDistance } : {}),
    ...(spec.minDistance !== undefined ? { $minDistance: spec.minDistance } : {}),
  });
  if (!near) throw new MongoCommandError(ErrorCodes.BadValue, 'invalid argument in geo near query');
  if (near.unit === 'meters' && type === '2d')
    throw new MongoCommandError(
      ErrorCodes.NoQueryExecutionPlans,
      'error processing query: planner returned error :: caused by :: unable to find index for $geoNear query',
    );
  // A legacy pair near a 2dsphere index is measured on the sphere, in radians ($near semantics).
  if (near.unit === 'flat' && type === '2dsphere') return { ...near, unit: 'radians' };
  return near;
}

/** The locations a field's value holds: itself when it is one, or each one an array holds. */
function locationsOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (parseGeometry(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(locationsOf);
  return [];
}

/** Sets a (dotted) path, making or replacing the embedded documents on the way. */
function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = doc;
  for (const part of parts.slice(0, -1)) {
    if (typeClassOf(at[part]) !== TypeClass.Object) at[part] = {};
    at = at[part] as Document;
  }
  at[parts[parts.length - 1]!] = value;
}

function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? cloneDocument({ value } as Document).value
    : value;
}

/** The documents the stage outputs (copies, with distanceField and includeLocs set), nearest first. */
export function geoNearDocuments(ctx: CommandContext, name: string, raw: unknown): Document[] {
  const spec = parseSpec(raw);
  const { field, type } = geoField(ctx, name, spec.key);
  const near = nearQuery(spec, type);
  const collection = ctx.engine.get(ctx.db, name)!;
  const found: Array<{ doc: Document; distance: number; location: unknown }> = [];
  for (const doc of collection.find(spec.query)) {
    let best: { distance: number; location: unknown } | undefined;
    for (const location of geoValuesAtPath(doc, field).flatMap(locationsOf)) {
      // A 2d index holds legacy points only; a 2dsphere index both.
      if (type === '2d' && parseGeometry(location)?.geoJson) continue;
      const distance = distanceTo(near, [location]);
      if (distance === undefined || distance > near.max || distance < near.min) continue;
      if (!best || distance < best.distance) best = { distance, location };
    }
    if (best) found.push({ doc, ...best });
  }
  found.sort((a, b) => a.distance - b.distance);
  return found.map(({ doc, distance, location }) => {
    const out = cloneDocument(doc);
    setPath(out, spec.distanceField, distance * (spec.distanceMultiplier ?? 1));
    if (spec.includeLocs !== undefined) setPath(out, spec.includeLocs, copyOf(location));
    return out;
  });
}
