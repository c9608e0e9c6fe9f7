// The $geoNear aggregate stage: placement, index choice, units, options and mongod's errors. Every case
// also passes against a real MongoDB (MONGO_URL): distances are compared with a tolerance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;

beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

const PARIS = [2.35, 48.86];
const LONDON = [-0.13, 51.51];
const BERLIN = [13.4, 52.52];
const VERSAILLES = [2.13, 48.8];
const EARTH_RADIUS_M = 6_378_100;

/** Great-circle distance in radians (the test's own oracle). */
function radians(a: number[], b: number[]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1]! - a[1]!) * rad) / 2) ** 2 +
    Math.cos(a[1]! * rad) * Math.cos(b[1]! * rad) * Math.sin(((b[0]! - a[0]!) * rad) / 2) ** 2;
  return 2 * Math.asin(Math.sqrt(h));
}

function expectClose(actual: unknown, expected: number): void {
  expect(typeof actual).toBe('number');
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(
    Math.max(1e-9, Math.abs(expected) * 1e-3),
  );
}

const names = (docs: Document[]): string[] => docs.map((doc) => doc.name as string);

async function collectionWith(...indexes: Document[]): Promise<Collection<Document>> {
  const collection = target.db.collection(uniqueName('geonear'));
  await collection.insertOne({ name: 'seed' });
  await collection.deleteMany({});
  for (const index of indexes) await collection.createIndex(index);
  return collection;
}

async function cities(): Promise<Collection<Document>> {
  const collection = await collectionWith({ loc: '2dsphere' });
  await collection.insertMany([
    { name: 'berlin', country: 'de', loc: { type: 'Point', coordinates: BERLIN } },
    { name: 'london', country: 'uk', loc: { type: 'Point', coordinates: LONDON } },
    { name: 'versailles', country: 'fr', loc: { type: 'Point', coordinates: VERSAILLES } },
    { name: 'paris', country: 'fr', loc: { type: 'Point', coordinates: PARIS } },
    { name: 'nowhere', country: 'fr' },
  ]);
  return collection;
}

const nearParis = { type: 'Point', coordinates: PARIS };

async function failure(promise: Promise<unknown>): Promise<{ code?: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as { code?: number; message: string };
}

describe('$geoNear with a GeoJSON point and a 2dsphere index', () => {
  it('when run, then documents come nearest first with distances in meters and those without a location are left out', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([{ $geoNear: { near: nearParis, distanceField: 'dist', spherical: true } }])
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles', 'london', 'berlin']);
    for (const doc of docs)
      expectClose(doc.dist, radians(PARIS, (doc.loc as Document).coordinates) * EARTH_RADIUS_M);
    expect(docs[0]!.dist).toBe(0);
  });

  it('when spherical is false, then a GeoJSON point is still measured on the sphere in meters', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([{ $geoNear: { near: nearParis, distanceField: 'dist' } }])
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles', 'london', 'berlin']);
    expectClose(docs[2]!.dist, radians(PARIS, LONDON) * EARTH_RADIUS_M);
  });

  it('when maxDistance and minDistance are given in meters, then only the documents between them come', async () => {
    const collection = await cities();
    const within = await collection
      .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', maxDistance: 400_000 } }])
      .toArray();
    expect(names(within)).toEqual(['paris', 'versailles', 'london']);
    const ring = await collection
      .aggregate([
        {
          $geoNear: {
            near: nearParis,
            distanceField: 'd',
            minDistance: 1_000,
            maxDistance: 400_000,
          },
        },
      ])
      .toArray();
    expect(names(ring)).toEqual(['versailles', 'london']);
  });

  it('when query is given, then it filters the documents before they are measured', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([
        { $geoNear: { near: nearParis, distanceField: 'd', query: { country: { $ne: 'fr' } } } },
      ])
      .toArray();
    expect(names(docs)).toEqual(['london', 'berlin']);
  });

  it('when distanceField is dotted and distanceMultiplier is set, then the scaled distance is set at that path', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([
        {
          $geoNear: {
            near: nearParis,
            distanceField: 'meta.km',
            distanceMultiplier: 0.001,
            query: { name: 'london' },
          },
        },
      ])
      .toArray();
    expect(docs).toHaveLength(1);
    expectClose((docs[0]!.meta as Document).km, (radians(PARIS, LONDON) * EARTH_RADIUS_M) / 1000);
  });

  it('when includeLocs is set, then the matched location is copied to that field', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([
        {
          $geoNear: {
            near: nearParis,
            distanceField: 'd',
            includeLocs: 'where',
            query: { name: 'versailles' },
          },
        },
      ])
      .toArray();
    expect(docs[0]!.where).toEqual({ type: 'Point', coordinates: VERSAILLES });
  });

  it('when later stages follow, then they read the stage output in distance order', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([
        { $geoNear: { near: nearParis, distanceField: 'd' } },
        { $skip: 1 },
        { $limit: 2 },
        { $project: { _id: 0, name: 1, km: { $round: [{ $divide: ['$d', 1000] }, 0] } } },
      ])
      .toArray();
    expect(names(docs)).toEqual(['versailles', 'london']);
    expect(docs[1]!.km).toBeGreaterThan(300);
    expect(docs[1]!.km).toBeLessThan(360);
  });
});

describe('$geoNear with legacy pairs', () => {
  it('when spherical is true on a 2dsphere index, then distances are in radians', async () => {
    const docs = await (
      await cities()
    )
      .aggregate([
        {
          $geoNear: {
            near: PARIS,
            distanceField: 'rad',
            spherical: true,
            maxDistance: radians(PARIS, LONDON) * 1.01,
          },
        },
      ])
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles', 'london']);
    expectClose(docs[2]!.rad, radians(PARIS, LONDON));
  });

  async function grid(): Promise<Collection<Document>> {
    const collection = await collectionWith({ pos: '2d' });
    await collection.insertMany([
      { name: 'far', pos: [30, 40] },
      { name: 'near', pos: [3, 4] },
      { name: 'origin', pos: [0, 0] },
      {
        name: 'pair',
        pos: [
          [50, 50],
          [6, 8],
        ],
      },
      { name: 'none' },
    ]);
    return collection;
  }

  it('when the index is 2d, then distances are flat and maxDistance is in the same units', async () => {
    const docs = await (
      await grid()
    )
      .aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd', maxDistance: 20 } }])
      .toArray();
    expect(names(docs)).toEqual(['origin', 'near', 'pair']);
    expect(docs.map((doc) => doc.d)).toEqual([0, 5, 10]);
  });

  it('when a document holds several locations, then it comes once, at its nearest, and includeLocs names that one', async () => {
    const docs = await (
      await grid()
    )
      .aggregate([
        {
          $geoNear: {
            near: [0, 0],
            distanceField: 'd',
            includeLocs: 'loc',
            query: { name: 'pair' },
          },
        },
      ])
      .toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]!.d).toBe(10);
    expect(docs[0]!.loc).toEqual([6, 8]);
  });

  it('when a 2d and a 2dsphere index exist, then the 2d index is used without key', async () => {
    const collection = await collectionWith({ pos: '2d' }, { geo: '2dsphere' });
    await collection.insertMany([
      { name: 'a', pos: [3, 4], geo: { type: 'Point', coordinates: [1, 1] } },
      { name: 'b', pos: [1, 0], geo: { type: 'Point', coordinates: [50, 50] } },
    ]);
    const docs = await collection
      .aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }])
      .toArray();
    expect(names(docs)).toEqual(['b', 'a']);
    expect(docs.map((doc) => doc.d)).toEqual([1, 5]);
  });
});

describe('$geoNear key', () => {
  it('when two 2dsphere indexes exist, then key chooses the field and without it the stage fails', async () => {
    const collection = await collectionWith({ home: '2dsphere' }, { work: '2dsphere' });
    await collection.insertMany([
      {
        name: 'x',
        home: { type: 'Point', coordinates: PARIS },
        work: { type: 'Point', coordinates: BERLIN },
      },
      {
        name: 'y',
        home: { type: 'Point', coordinates: BERLIN },
        work: { type: 'Point', coordinates: PARIS },
      },
    ]);
    const byWork = await collection
      .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', key: 'work' } }])
      .toArray();
    expect(names(byWork)).toEqual(['y', 'x']);
    const byHome = await collection
      .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', key: 'home' } }])
      .toArray();
    expect(names(byHome)).toEqual(['x', 'y']);
    const error = await failure(
      collection.aggregate([{ $geoNear: { near: nearParis, distanceField: 'd' } }]).toArray(),
    );
    expect(error.code).toBe(27);
    expect(error.message).toMatch(
      /more than one 2dsphere index .*unsure which to use for \$geoNear/,
    );
  });

  it('when key names a field with no geo index, then the stage fails', async () => {
    const collection = await cities();
    const error = await failure(
      collection
        .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', key: 'elsewhere' } }])
        .toArray(),
    );
    expect([27, 291]).toContain(error.code);
  });
});

describe('$geoNear errors', () => {
  it('when the collection has no 2d or 2dsphere index, then the answer is IndexNotFound', async () => {
    const collection = await collectionWith({ loc: 1 });
    await collection.insertOne({ loc: [0, 0] });
    const error = await failure(
      collection.aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }]).toArray(),
    );
    expect(error.code).toBe(27);
    expect(error.message).toContain(
      '$geoNear requires a 2d or 2dsphere index, but none were found',
    );
  });

  it('when the collection does not exist, then the answer is NamespaceNotFound', async () => {
    const error = await failure(
      target.db
        .collection(uniqueName('missing'))
        .aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }])
        .toArray(),
    );
    expect(error.code).toBe(26);
    expect(error.message).toContain('$geoNear requires a geo index to run');
  });

  it('when $geoNear is not the first stage, then the answer is 40602', async () => {
    const collection = await cities();
    const error = await failure(
      collection
        .aggregate([{ $match: {} }, { $geoNear: { near: nearParis, distanceField: 'd' } }])
        .toArray(),
    );
    expect(error.code).toBe(40602);
    expect(error.message).toContain('$geoNear is only valid as the first stage in a pipeline');
  });

  it('when $geoNear is inside $facet, then the answer is 40600', async () => {
    const collection = await cities();
    const error = await failure(
      collection
        .aggregate([{ $facet: { a: [{ $geoNear: { near: nearParis, distanceField: 'd' } }] } }])
        .toArray(),
    );
    expect(error.code).toBe(40600);
    expect(error.message).toContain('$geoNear is not allowed to be used within a $facet stage');
  });

  it.each([
    ['limit', 50858],
    ['num', 50857],
    ['start', 50856],
  ])('when the removed option %s is given, then the answer is %i', async (option, code) => {
    const collection = await cities();
    const error = await failure(
      collection
        .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', [option]: 1 } }])
        .toArray(),
    );
    expect(error.code).toBe(code);
    expect(error.message).toContain(`$geoNear no longer supports the '${option}'`);
  });

  it('when distanceField is missing, then the answer is 16606', async () => {
    const collection = await cities();
    const error = await failure(
      collection.aggregate([{ $geoNear: { near: nearParis } }]).toArray(),
    );
    expect(error.code).toBe(16606);
    expect(error.message).toContain("$geoNear requires a 'distanceField' option as a String");
  });

  it('when near is missing or maxDistance is negative, then the stage is refused', async () => {
    const collection = await cities();
    const noNear = await failure(
      collection.aggregate([{ $geoNear: { distanceField: 'd' } }]).toArray(),
    );
    expect(noNear.code).toBe(16605);
    const negative = await failure(
      collection
        .aggregate([{ $geoNear: { near: nearParis, distanceField: 'd', maxDistance: -1 } }])
        .toArray(),
    );
    expect(negative.code).toBe(2);
    expect(negative.message).toContain('maxDistance must be nonnegative');
  });
});
