// Geospatial queries and the query operators mongoose sends that mingo lacks or reads differently.
// Every case also passes against a real MongoDB (MONGO_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DBRef, ObjectId } from 'mongodb';
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

async function places(index: Document): Promise<Collection<Document>> {
  const collection = target.db.collection(uniqueName('places'));
  await collection.createIndex(index);
  return collection;
}

const names = (docs: Document[]): string[] => docs.map((doc) => doc.name as string);

describe('2dsphere', () => {
  async function cities(): Promise<Collection<Document>> {
    const collection = await places({ loc: '2dsphere' });
    await collection.insertMany([
      { name: 'paris', loc: { type: 'Point', coordinates: [2.35, 48.86] } },
      { name: 'london', loc: { type: 'Point', coordinates: [-0.13, 51.51] } },
      { name: 'berlin', loc: { type: 'Point', coordinates: [13.4, 52.52] } },
      { name: 'versailles', loc: { type: 'Point', coordinates: [2.13, 48.8] } },
    ]);
    return collection;
  }

  it('when $near has a GeoJSON point and $maxDistance in meters, then the documents within come nearest first', async () => {
    const collection = await cities();
    const docs = await collection
      .find({
        loc: {
          $near: { $geometry: { type: 'Point', coordinates: [2.3, 48.85] }, $maxDistance: 400_000 },
        },
      })
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles', 'london']);
  });

  it('when $nearSphere is used with $minDistance, then closer documents are left out', async () => {
    const collection = await cities();
    const docs = await collection
      .find({
        loc: {
          $nearSphere: {
            $geometry: { type: 'Point', coordinates: [2.35, 48.86] },
            $minDistance: 100,
          },
        },
      })
      .toArray();
    expect(names(docs)).toEqual(['versailles', 'london', 'berlin']);
  });

  it('when $geoWithin has a $geometry polygon, then only the points inside match', async () => {
    const collection = await cities();
    const france = {
      type: 'Polygon',
      coordinates: [
        [
          [-1, 47],
          [4, 47],
          [4, 50],
          [-1, 50],
          [-1, 47],
        ],
      ],
    };
    const docs = await collection
      .find({ loc: { $geoWithin: { $geometry: france } } })
      .sort({ name: 1 })
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles']);
  });

  it('when $geoWithin has $centerSphere (radians), then the points within that distance match', async () => {
    const collection = await cities();
    const docs = await collection
      .find({ loc: { $geoWithin: { $centerSphere: [[2.35, 48.86], 50 / 6378.1] } } })
      .sort({ name: 1 })
      .toArray();
    expect(names(docs)).toEqual(['paris', 'versailles']);
  });

  it('when $geoIntersects is given a line crossing the antimeridian, then a line it crosses matches', async () => {
    const collection = await places({ line: '2dsphere' });
    await collection.insertOne({
      name: 'pacific',
      line: {
        type: 'LineString',
        coordinates: [
          [-178, 10],
          [178, 10],
        ],
      },
    });
    const docs = await collection
      .find({
        line: {
          $geoIntersects: {
            $geometry: {
              type: 'LineString',
              coordinates: [
                [180, 11],
                [180, 9],
              ],
            },
          },
        },
      })
      .toArray();
    expect(names(docs)).toEqual(['pacific']);
  });

  it('when $geoIntersects is given a polygon, then a point inside it matches', async () => {
    const collection = await cities();
    const docs = await collection
      .find({
        loc: {
          $geoIntersects: {
            $geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [13, 52],
                  [14, 52],
                  [14, 53],
                  [13, 53],
                  [13, 52],
                ],
              ],
            },
          },
        },
      })
      .toArray();
    expect(names(docs)).toEqual(['berlin']);
  });
});

describe('2d (legacy pairs)', () => {
  async function grid(): Promise<Collection<Document>> {
    const collection = await places({ loc: '2d' });
    await collection.insertMany([
      { name: 'a', loc: [0, 0] },
      { name: 'b', loc: [3, 4] },
      { name: 'c', loc: [10, 10] },
    ]);
    return collection;
  }

  it('when $near has a pair and $maxDistance, then flat distance orders and bounds the result', async () => {
    const collection = await grid();
    const docs = await collection.find({ loc: { $near: [3, 3], $maxDistance: 5 } }).toArray();
    expect(names(docs)).toEqual(['b', 'a']);
  });

  it('when $geoWithin has $box, $center or $polygon, then the points inside match', async () => {
    const collection = await grid();
    const find = async (shape: Document): Promise<string[]> =>
      names(
        await collection
          .find({ loc: { $geoWithin: shape } })
          .sort({ name: 1 })
          .toArray(),
      );
    expect(
      await find({
        $box: [
          [-1, -1],
          [5, 5],
        ],
      }),
    ).toEqual(['a', 'b']);
    expect(await find({ $center: [[10, 9], 2] })).toEqual(['c']);
    expect(
      await find({
        $polygon: [
          [2, 2],
          [12, 2],
          [12, 12],
        ],
      }),
    ).toEqual(['c']);
  });
});

describe('query operators', () => {
  it('when $elemMatch names the $id of DBRefs, then the referring document matches', async () => {
    const collection = target.db.collection(uniqueName('refs'));
    const id = new ObjectId();
    await collection.insertMany([
      { name: 'yes', members: [new DBRef('people', id)] },
      { name: 'no', members: [new DBRef('people', new ObjectId())] },
    ]);
    const docs = await collection.find({ members: { $elemMatch: { $id: id } } }).toArray();
    expect(names(docs)).toEqual(['yes']);
  });

  it('when a $elemMatch projection uses an operator on scalars, then the first matching element is returned', async () => {
    const collection = target.db.collection(uniqueName('elem'));
    await collection.insertOne({ _id: 1, n: [1, 5, 9] } as Document);
    const doc = await collection.findOne({ _id: 1 } as Document, {
      projection: { n: { $elemMatch: { $gte: 4 } } },
    });
    expect(doc).toEqual({ _id: 1, n: [5] });
  });

  it('when $all is used on a scalar field, then the scalar counts as a one-element array', async () => {
    const collection = target.db.collection(uniqueName('all'));
    await collection.insertMany([{ name: 'x', meta: { visitors: 4 } }, { name: 'y' }]);
    const docs = await collection.find({ 'meta.visitors': { $all: [4] } }).toArray();
    expect(names(docs)).toEqual(['x']);
  });

  it.skipIf(!!process.env.MONGO_URL)(
    'when $where is used, then the error of a server without JavaScript is answered',
    async () => {
      const collection = target.db.collection(uniqueName('where'));
      await collection.insertOne({ a: 1 });
      await expect(collection.findOne({ $where: 'this.a === 1' })).rejects.toMatchObject({
        code: 2,
        message: 'no globalScriptEngine in $where parsing',
      });
    },
  );
});
