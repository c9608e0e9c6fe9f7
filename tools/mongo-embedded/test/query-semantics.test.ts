// Query semantics from mongoose's own suite: BSON comparison order, $type aliases, $bits*
// on BinData, collations, hint order, $out, collMod, filter errors on a missing collection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Binary } from 'mongodb';
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

function fresh(): Collection<Document> {
  return target.db.collection(uniqueName('semantics'));
}

async function names(cursor: { toArray(): Promise<Document[]> }): Promise<string[]> {
  return (await cursor.toArray()).map((doc) => String(doc.name));
}

describe('comparison operators', () => {
  it('when $lt / $gt compare BinData, then the shorter value is the smaller (BSON order)', async () => {
    const items = fresh();
    const block = (text: string): Binary => new Binary(Buffer.from(text));
    await items.insertMany([
      { name: 'short', block: block('zz') },
      { name: 'long', block: block('aaaaaa') },
    ]);
    expect(await names(items.find({ block: { $lt: block('aaaa') } }))).toEqual(['short']);
    expect(await names(items.find({ block: { $gt: block('zzz') } }))).toEqual(['long']);
  });
});

describe('$type and $bits*', () => {
  it('when $type names binData, int or double, then the stored BSON type decides', async () => {
    const items = fresh();
    await items.insertMany([
      { name: 'binary', v: new Binary(Buffer.from('x'), 4) },
      { name: 'int', v: 42 },
      { name: 'double', v: 4.5 },
    ]);
    expect(await names(items.find({ v: { $type: 'binData' } }))).toEqual(['binary']);
    expect(await names(items.find({ v: { $type: 'int' } }))).toEqual(['int']);
    expect(await names(items.find({ v: { $type: 'double' } }))).toEqual(['double']);
    expect(await names(items.find({ v: { $type: 'number' } }))).toEqual(['int', 'double']);
  });

  it('when $bitsAllSet / $bitsAllClear test BinData, then its bits are read little endian', async () => {
    const items = fresh();
    await items.insertOne({ name: 'uuid', v: new Binary(Buffer.from('ff000000', 'hex'), 4) });
    expect(await items.countDocuments({ v: { $bitsAllSet: [0, 4] } })).toBe(1);
    expect(await items.countDocuments({ v: { $bitsAllSet: 2 ** 15 } })).toBe(0);
    expect(await items.countDocuments({ v: { $bitsAnyClear: [0, 32] } })).toBe(1);
    expect(await items.countDocuments({ v: { $bitsAllClear: 3 } })).toBe(0);
  });
});

describe('collation', () => {
  const caseInsensitive = { locale: 'en_US', strength: 1 };

  it('when a find has a strength 1 collation, then strings equal regardless of case', async () => {
    const items = fresh();
    await items.insertMany([{ name: 'a' }, { name: 'A' }]);
    expect(await items.countDocuments({ name: 'a' })).toBe(1);
    expect(await names(items.find({ name: 'a' }, { collation: caseInsensitive }))).toEqual([
      'a',
      'A',
    ]);
    expect(
      await names(items.find({ name: { $in: ['A'] } }, { collation: caseInsensitive })),
    ).toEqual(['a', 'A']);
  });

  it('when a collection has a default collation, then its finds and aggregates sort by it', async () => {
    const name = uniqueName('collated');
    const items = await target.db.createCollection(name, { collation: caseInsensitive });
    await items.insertMany([{ name: 'Zeta' }, { name: 'alpha' }]);
    expect(await names(items.find().sort({ name: 1 }))).toEqual(['alpha', 'Zeta']);
    expect(await names(items.aggregate([{ $sort: { name: 1 } }]))).toEqual(['alpha', 'Zeta']);
  });

  it('when an aggregate has a collation, then $sort orders strings by it', async () => {
    const items = fresh();
    await items.insertMany([{ name: 'Zeta' }, { name: 'alpha' }]);
    const sorted = items.aggregate([{ $sort: { name: 1 } }], { collation: caseInsensitive });
    expect(await names(sorted)).toEqual(['alpha', 'Zeta']);
  });
});

describe('hint', () => {
  it('when a find or aggregate is hinted to an index, then documents come in its key order', async () => {
    const items = fresh();
    await items.createIndex({ qty: -1, name: -1 });
    await items.insertMany([
      { name: 'Andrew', qty: 4 },
      { name: 'Betty', qty: 5 },
      { name: 'Charlie', qty: 4 },
    ]);
    const expected = ['Betty', 'Charlie', 'Andrew'];
    expect(await names(items.find({}, { hint: { qty: -1, name: -1 } }))).toEqual(expected);
    expect(await names(items.aggregate([{ $match: {} }], { hint: 'qty_-1_name_-1' }))).toEqual(
      expected,
    );
  });

  it('when a hint names no index, then BadValue (2) is answered', async () => {
    const items = fresh();
    await items.insertOne({ a: 1 });
    await expect(items.find({}, { hint: { nothing: 1 } }).toArray()).rejects.toMatchObject({
      code: 2,
    });
  });
});

describe('$out', () => {
  it('when an aggregate ends with $out, then the target holds exactly the results', async () => {
    const items = fresh();
    const output = target.db.collection(uniqueName('output'));
    await output.insertOne({ stale: true });
    await items.insertMany([{ age: 3 }, { age: 7 }]);
    const reply = await items
      .aggregate([
        { $group: { _id: null, maxAge: { $max: '$age' } } },
        { $out: output.collectionName },
      ])
      .toArray();
    expect(reply).toEqual([]);
    expect(await output.find().toArray()).toEqual([{ _id: null, maxAge: 7 }]);
  });
});

describe('collMod', () => {
  it('when an index is hidden and unhidden, then listIndexes reports it and the old and new flags are answered', async () => {
    const items = fresh();
    await items.insertOne({ name: 'a' });
    await items.createIndex({ name: 1 });
    const hide = await target.db.command({
      collMod: items.collectionName,
      index: { keyPattern: { name: 1 }, hidden: true },
    });
    expect(hide).toMatchObject({ hidden_old: false, hidden_new: true, ok: 1 });
    expect((await items.listIndexes().toArray())[1]).toMatchObject({ hidden: true });
    await target.db.command({
      collMod: items.collectionName,
      index: { name: 'name_1', hidden: false },
    });
    expect((await items.listIndexes().toArray())[1]!.hidden).toBeUndefined();
    expect(await items.countDocuments({ name: 'a' })).toBe(1);
  });
});

describe('command errors', () => {
  it('when a find on a missing collection has an unknown operator, then BadValue (2) is answered', async () => {
    const missing = fresh();
    await expect(
      missing.find({ someProp: { $notAnOperator: 'value' } }).toArray(),
    ).rejects.toMatchObject({ code: 2, message: 'unknown operator: $notAnOperator' });
  });

  it('when a capped collection is created without a size, then InvalidOptions (72) is answered', async () => {
    await expect(
      target.db.createCollection(uniqueName('capped'), { capped: true }),
    ).rejects.toMatchObject({ code: 72 });
  });

  it('when a query uses $text on a collection without a text index, then IndexNotFound (27) is answered', async () => {
    const items = fresh();
    await items.insertOne({ body: 'hello' });
    await expect(items.find({ $text: { $search: 'hello' } }).toArray()).rejects.toMatchObject({
      code: 27,
    });
  });
});
