// Geospatial semantics: points and shapes as MongoDB reads them (legacy [x, y] pairs and
// { x, y } documents for 2d, GeoJSON Point / LineString / Polygon / Multi* for 2dsphere), distances
// (flat for legacy $near, great-circle on a sphere of MongoDB's radius for $nearSphere and GeoJSON),
// and the $geoWithin / $geoIntersects shape tests. Planar point-in-polygon on longitude/latitude is
// used for polygons, as it is exact for the small shapes applications query with.
import type { Document } from 'bson';
import { TypeClass, typeClassOf } from './values.ts';

/** MongoDB's earth radius in meters (kRadiusOfEarthInMeters). */
export const EARTH_RADIUS_M = 6_378_100;

export type Position = [number, number];

export interface Geometry {
  type: 'Point' | 'LineString' | 'Polygon' | 'MultiPoint' | 'MultiLineString' | 'MultiPolygon';
  /** Points, lines (as point lists) and polygons (as ring lists), flattened per kind. */
  points: Position[];
  lines: Position[][];
  polygons: Position[][][];
  /** True when written as GeoJSON (distances are then spherical, in meters). */
  geoJson: boolean;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' || typeClassOf(value) === TypeClass.Number;
}

function position(value: unknown): Position | undefined {
  if (Array.isArray(value)) {
    if (value.length >= 2 && isNumber(value[0]) && isNumber(value[1]))
      return [Number(value[0]), Number(value[1])];
    return undefined;
  }
  if (typeClassOf(value) === TypeClass.Object) {
    const values = Object.values(value as Document);
    if (values.length >= 2 && isNumber(values[0]) && isNumber(values[1]))
      return [Number(values[0]), Number(values[1])];
  }
  return undefined;
}

function emptyGeometry(type: Geometry['type'], geoJson: boolean): Geometry {
  return { type, points: [], lines: [], polygons: [], geoJson };
}

/** A stored or queried value as a geometry: a GeoJSON object, a legacy pair, or { x, y }. */
export function parseGeometry(value: unknown): Geometry | undefined {
  if (typeClassOf(value) === TypeClass.Object) {
    const doc = value as Document;
    if (typeof doc.type === 'string' && Array.isArray(doc.coordinates)) {
      const coordinates = doc.coordinates as unknown[];
      const geometry = emptyGeometry(doc.type as Geometry['type'], true);
      const line = (raw: unknown): Position[] =>
        (Array.isArray(raw) ? raw : []).map(position).filter((p): p is Position => !!p);
      switch (doc.type) {
        case 'Point': {
          const point = position(coordinates);
          if (!point) return undefined;
          geometry.points.push(point);
          return geometry;
        }
        case 'MultiPoint':
          geometry.points.push(...line(coordinates));
          return geometry;
        case 'LineString':
          geometry.lines.push(line(coordinates));
          return geometry;
        case 'MultiLineString':
          for (const raw of coordinates) geometry.lines.push(line(raw));
          return geometry;
        case 'Polygon':
          geometry.polygons.push(coordinates.map(line));
          return geometry;
        case 'MultiPolygon':
          for (const raw of coordinates)
            geometry.polygons.push((Array.isArray(raw) ? raw : []).map(line));
          return geometry;
        default:
          return undefined;
      }
    }
  }
  const point = position(value);
  if (!point) return undefined;
  const geometry = emptyGeometry('Point', false);
  geometry.points.push(point);
  return geometry;
}

/** The geometries a field holds: one value, or each element of an array of them. */
export function geometriesOf(value: unknown): Geometry[] {
  if (value === undefined || value === null) return [];
  const single = parseGeometry(value);
  if (single) return [single];
  if (Array.isArray(value)) return value.flatMap(geometriesOf);
  return [];
}

/** The values a dotted path reaches, descending into arrays of documents but not into the last value. */
export function geoValuesAtPath(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (value: unknown, at: number): void => {
    if (at === parts.length) {
      out.push(value);
      return;
    }
    const part = parts[at]!;
    if (Array.isArray(value)) {
      if (/^\d+$/.test(part)) walk(value[Number(part)], at + 1);
      else for (const element of value) walk(element, at);
      return;
    }
    if (typeClassOf(value) === TypeClass.Object) walk((value as Document)[part], at + 1);
  };
  walk(doc, 0);
  return out;
}

const RAD = Math.PI / 180;

/** Great-circle distance in radians between two [lng, lat] positions. */
export function sphericalDistance(a: Position, b: Position): number {
  const [lng1, lat1] = [a[0] * RAD, a[1] * RAD];
  const [lng2, lat2] = [b[0] * RAD, b[1] * RAD];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function flatDistance(a: Position, b: Position): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function allPositions(geometry: Geometry): Position[] {
  return [
    ...geometry.points,
    ...geometry.lines.flat(),
    ...geometry.polygons.flatMap((rings) => rings[0] ?? []),
  ];
}

function inRing(point: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (onSegment(point, ring[i]!, ring[j]!)) return true;
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    )
      inside = !inside;
  }
  return inside;
}

function inPolygon(point: Position, rings: Position[][]): boolean {
  if (!rings[0] || !inRing(point, rings[0])) return false;
  return !rings.slice(1).some((hole) => inRing(point, hole) && !onRing(point, hole));
}

function onRing(point: Position, ring: Position[]): boolean {
  for (let i = 1; i < ring.length; i++) if (onSegment(point, ring[i - 1]!, ring[i]!)) return true;
  return false;
}

function cross(o: Position, a: Position, b: Position): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function onSegment(p: Position, a: Position, b: Position): boolean {
  return (
    Math.abs(cross(a, b, p)) < 1e-12 &&
    Math.min(a[0], b[0]) - 1e-12 <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) + 1e-12 &&
    Math.min(a[1], b[1]) - 1e-12 <= p[1] &&
    p[1] <= Math.max(a[1], b[1]) + 1e-12
  );
}

function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

function segments(geometry: Geometry): Array<[Position, Position]> {
  const out: Array<[Position, Position]> = [];
  const add = (line: Position[]): void => {
    for (let i = 1; i < line.length; i++) out.push([line[i - 1]!, line[i]!]);
  };
  geometry.lines.forEach(add);
  for (const rings of geometry.polygons) rings.forEach(add);
  return out;
}

/** True when every part of `inner` lies inside one of the polygons of `outer`. */
export function withinPolygons(inner: Geometry, polygons: Position[][][]): boolean {
  const positions = allPositions(inner);
  return (
    positions.length > 0 &&
    positions.every((point) => polygons.some((rings) => inPolygon(point, rings)))
  );
}

type Vector = [number, number, number];

function toVector([lng, lat]: Position): Vector {
  const [l, p] = [lng * RAD, lat * RAD];
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
}

function crossV(a: Vector, b: Vector): Vector {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function angle(a: Vector, b: Vector): number {
  const c = crossV(a, b);
  return Math.atan2(Math.hypot(...c), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
}

function onArc(p: Vector, a: Vector, b: Vector): boolean {
  return Math.abs(angle(a, p) + angle(p, b) - angle(a, b)) < 1e-9;
}

/** Whether two great-circle arcs (GeoJSON edges are geodesics) share a point. */
function arcsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const [va, vb, vc, vd] = [toVector(a), toVector(b), toVector(c), toVector(d)];
  if (onArc(va, vc, vd) || onArc(vb, vc, vd) || onArc(vc, va, vb) || onArc(vd, va, vb)) return true;
  const t = crossV(crossV(va, vb), crossV(vc, vd));
  const length = Math.hypot(...t);
  if (length < 1e-15) return false;
  const p: Vector = [t[0] / length, t[1] / length, t[2] / length];
  const q: Vector = [-p[0], -p[1], -p[2]];
  return (onArc(p, va, vb) && onArc(p, vc, vd)) || (onArc(q, va, vb) && onArc(q, vc, vd));
}

/** $geoIntersects: the two geometries share at least one point. */
export function intersects(a: Geometry, b: Geometry): boolean {
  for (const point of allPositions(a)) if (contains(b, point)) return true;
  for (const point of allPositions(b)) if (contains(a, point)) return true;
  const crossing = a.geoJson && b.geoJson ? arcsIntersect : segmentsIntersect;
  const sa = segments(a);
  const sb = segments(b);
  for (const [p, q] of sa) for (const [r, s] of sb) if (crossing(p, q, r, s)) return true;
  return false;
}

function contains(geometry: Geometry, point: Position): boolean {
  if (geometry.points.some((p) => p[0] === point[0] && p[1] === point[1])) return true;
  for (const line of geometry.lines)
    for (let i = 1; i < line.length; i++) if (onSegment(point, line[i - 1]!, line[i]!)) return true;
  return geometry.polygons.some((rings) => inPolygon(point, rings));
}

/** A $geoWithin / $within shape as a test on a stored geometry; undefined when the shape is malformed. */
export function withinTest(shape: Document): ((geometry: Geometry) => boolean) | undefined {
  if (shape.$geometry) {
    const target = parseGeometry(shape.$geometry);
    if (!target || !target.polygons.length) return undefined;
    return (geometry) => withinPolygons(geometry, target.polygons);
  }
  if (shape.$box) {
    const [a, b] = (shape.$box as unknown[]).map(position);
    if (!a || !b) return undefined;
    const [minX, maxX] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    const [minY, maxY] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    return (geometry) =>
      allPositions(geometry).every(([x, y]) => x >= minX && x <= maxX && y >= minY && y <= maxY) &&
      allPositions(geometry).length > 0;
  }
  if (shape.$polygon) {
    const ring = (shape.$polygon as unknown[]).map(position).filter((p): p is Position => !!p);
    if (ring.length < 3) return undefined;
    const closed = [...ring, ring[0]!];
    return (geometry) => withinPolygons(geometry, [[closed]]);
  }
  if (shape.$center || shape.$centerSphere) {
    const spherical = !!shape.$centerSphere;
    const [rawCenter, rawRadius] = (shape.$center ?? shape.$centerSphere) as unknown[];
    const center = position(rawCenter);
    const radius = Number(rawRadius);
    if (!center || !Number.isFinite(radius)) return undefined;
    return (geometry) => {
      const positions = allPositions(geometry);
      return (
        positions.length > 0 &&
        positions.every(
          (p) => (spherical ? sphericalDistance(center, p) : flatDistance(center, p)) <= radius,
        )
      );
    };
  }
  return undefined;
}

export interface NearQuery {
  point: Position;
  /** Distances in meters (GeoJSON), radians ($nearSphere with a legacy point) or flat units. */
  unit: 'meters' | 'radians' | 'flat';
  max: number;
  min: number;
}

/** Parses `{ $near: ..., $maxDistance, $minDistance }` (or $nearSphere) from a field's condition. */
export function parseNear(condition: Document): NearQuery | undefined {
  const sphere = '$nearSphere' in condition;
  const raw = (sphere ? condition.$nearSphere : condition.$near) as unknown;
  let point: Position | undefined;
  let unit: NearQuery['unit'] = sphere ? 'radians' : 'flat';
  let max = condition.$maxDistance as unknown;
  let min = condition.$minDistance as unknown;
  if (typeClassOf(raw) === TypeClass.Object && (raw as Document).$geometry) {
    const spec = raw as Document;
    point = parseGeometry(spec.$geometry)?.points[0];
    unit = 'meters';
    max = spec.$maxDistance ?? max;
    min = spec.$minDistance ?? min;
  } else {
    const geometry = parseGeometry(raw);
    point = geometry?.points[0];
    if (geometry?.geoJson) unit = 'meters';
  }
  if (!point) return undefined;
  return {
    point,
    unit,
    max: max === undefined || max === null ? Infinity : Number(max),
    min: min === undefined || min === null ? 0 : Number(min),
  };
}

/** The distance from the query point to the nearest point of a stored value, in the query's unit. */
export function distanceTo(near: NearQuery, values: unknown[]): number | undefined {
  let best: number | undefined;
  for (const geometry of values.flatMap(geometriesOf)) {
    for (const point of allPositions(geometry)) {
      const d =
        near.unit === 'flat'
          ? flatDistance(near.point, point)
          : sphericalDistance(near.point, point) * (near.unit === 'meters' ? EARTH_RADIUS_M : 1);
      if (best === undefined || d < best) best = d;
    }
  }
  return best;
}

/** The field and parsed $near/$nearSphere of a filter (top level or inside a top-level $and). */
export function findNear(filter: Document): { field: string; near: NearQuery } | undefined {
  for (const [field, value] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(value)) {
      for (const part of value) {
        const found = findNear(part as Document);
        if (found) return found;
      }
      continue;
    }
    if (field.startsWith('$') || typeClassOf(value) !== TypeClass.Object) continue;
    const condition = value as Document;
    if ('$near' in condition || '$nearSphere' in condition) {
      const near = parseNear(condition);
      if (near) return { field, near };
    }
  }
  return undefined;
}
