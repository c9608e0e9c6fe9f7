// Find projections from mongoose's own suite: $slice beside inclusions and exclusions, $slice
// alone, the positional `path.$`, and the same through findOneAndUpdate.
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

async function seeded(): Promise<Collection<Document>> {
  const games = target.db.collection(uniqueName('projection'));
  await games.insertOne({
    _id: 1 as never,
    name: 'Mass Effect',
    developer: 'BioWare',
    arr: [1, 2, 3, 4],
    tags: [
      { tag: 'bacon', count: 2 },
      { tag: 'eggs', count: 3 },
      { tag: 'eggs', count: 4 },
    ],
    nested: { list: ['a', 'b', 'c'] },
  });
  return games;
}

describe('$slice', () => {
  it('when $slice stands alone, then every field comes back with the array sliced', async () => {
    const games = await seeded();
    const doc = await games.findOne({}, { projection: { arr: { $slice: 2 } } });
    expect(doc).toEqual({
      _id: 1,
      name: 'Mass Effect',
      developer: 'BioWare',
      arr: [1, 2],
      tags: expect.any(Array),
      nested: { list: ['a', 'b', 'c'] },
    });
  });

  it('when $slice comes with an exclusion, then the excluded field is gone and the array sliced', async () => {
    const games = await seeded();
    const doc = await games.findOne(
      {},
      { projection: { developer: 0, tags: 0, nested: 0, arr: { $slice: -1 } } },
    );
    expect(doc).toEqual({ _id: 1, name: 'Mass Effect', arr: [4] });
  });

  it('when $slice comes with an inclusion, then the included fields and the sliced array come back', async () => {
    const games = await seeded();
    const doc = await games.findOne({}, { projection: { name: 1, arr: { $slice: [1, 2] } } });
    expect(doc).toEqual({ _id: 1, name: 'Mass Effect', arr: [2, 3] });
    const nested = await games.findOne({}, { projection: { 'nested.list': { $slice: [-2, 1] } } });
    expect(nested?.nested).toEqual({ list: ['b'] });
  });
});

describe('positional $', () => {
  it('when a field is projected with $, then only the first element the query matched comes back', async () => {
    const games = await seeded();
    const doc = await games.findOne({ 'tags.tag': 'eggs' }, { projection: { 'tags.$': 1 } });
    expect(doc).toEqual({ _id: 1, tags: [{ tag: 'eggs', count: 3 }] });
    const elem = await games.findOne(
      { tags: { $elemMatch: { tag: 'eggs', count: { $gt: 3 } } } },
      { projection: { 'tags.$': 1, name: 1 } },
    );
    expect(elem).toEqual({ _id: 1, name: 'Mass Effect', tags: [{ tag: 'eggs', count: 4 }] });
    const scalar = await games.findOne({ arr: { $gte: 3 } }, { projection: { 'arr.$': 1 } });
    expect(scalar).toEqual({ _id: 1, arr: [3] });
  });

  it('when findOneAndUpdate projects with $slice, then the returned document is sliced', async () => {
    const games = await seeded();
    const doc = await games.findOneAndUpdate(
      { _id: 1 as never },
      { $set: { name: 'ME2' } },
      { projection: { arr: { $slice: 1 }, tags: 0 }, returnDocument: 'after' },
    );
    expect(doc).toEqual({
      _id: 1,
      name: 'ME2',
      developer: 'BioWare',
      arr: [1],
      nested: { list: ['a', 'b', 'c'] },
    });
  });
});
