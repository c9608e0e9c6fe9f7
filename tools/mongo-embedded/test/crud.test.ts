import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
let people: Collection<Document>;

beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  people = target.db.collection(uniqueName('people'));
  await people.insertMany([
    { name: 'ada', age: 36, city: 'london', tags: ['math', 'code'] },
    { name: 'bob', age: 25, city: 'paris', tags: ['art'] },
    { name: 'cy', age: 41, city: 'london', tags: [] },
    { name: 'di', age: 25, city: 'rome', address: { zip: '001' } },
  ]);
});

describe('insert', () => {
  it('when a document has no _id, then it is stored with an ObjectId _id as its first field', async () => {
    const { insertedId } = await people.insertOne({ name: 'eve' });
    const stored = await target.db.collection(people.collectionName).findOne({ name: 'eve' });
    expect(insertedId).toBeInstanceOf(ObjectId);
    expect(Object.keys(stored!)[0]).toBe('_id');
    expect(stored!._id.equals(insertedId)).toBe(true);
  });

  it('when a document brings its own _id, then that _id is kept', async () => {
    await people.insertOne({ _id: 'custom-id' as unknown as ObjectId, name: 'fay' });
    expect(await people.findOne({ _id: 'custom-id' as unknown as ObjectId })).toMatchObject({
      name: 'fay',
    });
  });

  it('when a batch of large documents spans tens of megabytes, then every document is stored intact', async () => {
    const big = target.db.collection(uniqueName('big'));
    const payload = 'x'.repeat(1024 * 1024);
    await big.insertMany(Array.from({ length: 40 }, (_, i) => ({ i, payload })));
    expect(await big.countDocuments()).toBe(40);
    const doc = await big.findOne({ i: 39 });
    expect(doc!.payload).toHaveLength(payload.length);
  });

  it('when values of many BSON types are stored, then they come back with the same types', async () => {
    const doc = {
      name: 'types',
      when: new Date('2024-01-02T03:04:05Z'),
      ref: new ObjectId(),
      ratio: 0.5,
      nested: { list: [1, 'two', null] },
      flag: true,
    };
    await people.insertOne(doc);
    const stored = await people.findOne({ name: 'types' }, { projection: { _id: 0 } });
    expect(stored).toEqual({
      name: 'types',
      when: doc.when,
      ref: doc.ref,
      ratio: 0.5,
      nested: { list: [1, 'two', null] },
      flag: true,
    });
  });
});

describe('find', () => {
  it('when filtering with operators, then only matching documents come back', async () => {
    const names = (await people.find({ age: { $gte: 30 }, city: 'london' }).toArray()).map(
      (p) => p.name,
    );
    expect(names.sort()).toEqual(['ada', 'cy']);
  });

  it('when filtering on array elements and nested fields, then MongoDB semantics apply', async () => {
    expect((await people.find({ tags: 'code' }).toArray()).map((p) => p.name)).toEqual(['ada']);
    expect((await people.find({ 'address.zip': '001' }).toArray()).map((p) => p.name)).toEqual([
      'di',
    ]);
    expect(await people.find({ address: { $exists: false } }).toArray()).toHaveLength(3);
  });

  it('when sorting on several keys with skip and limit, then the page is in that order', async () => {
    const page = await people.find({}).sort({ age: 1, name: -1 }).skip(1).limit(2).toArray();
    expect(page.map((p) => p.name)).toEqual(['bob', 'ada']);
  });

  it('when sorting values of different types, then they come in BSON order (numbers, strings, booleans, dates), either way', async () => {
    const mixed = target.db.collection(uniqueName('mixed'));
    await mixed.insertMany([
      { n: 'two', v: 2 },
      { n: 'a', v: 'a' },
      { n: 'null', v: null },
      { n: 'half', v: 1.5 },
      { n: 'epoch', v: new Date(0) },
      { n: 'yes', v: true },
      { n: 'nested', v: 3, deep: { at: 'z' } },
    ]);
    const up = await mixed.find({}).sort({ v: 1 }).toArray();
    expect(up.map((d) => d.n)).toEqual(['null', 'half', 'two', 'nested', 'a', 'yes', 'epoch']);
    const down = await mixed.find({}).sort({ v: -1 }).toArray();
    expect(down.map((d) => d.n)).toEqual(['epoch', 'yes', 'a', 'nested', 'two', 'half', 'null']);
    const byDeep = await mixed
      .find({ v: { $type: 'number' } })
      .sort({ 'deep.at': -1, v: 1 })
      .toArray();
    expect(byDeep.map((d) => d.n)).toEqual(['nested', 'half', 'two']);
  });

  it('when the same filter comes again with other values or after a write, then each answer is current', async () => {
    const names = async (filter: Document) =>
      (await people.find(filter).toArray()).map((p) => p.name as string).sort();
    expect(await names({ age: 25 })).toEqual(['bob', 'di']);
    expect(await names({ age: 36 })).toEqual(['ada']);
    expect(await names({ age: 25 })).toEqual(['bob', 'di']);
    await people.insertOne({ name: 'eve', age: 25 });
    await people.updateOne({ name: 'bob' }, { $set: { age: 26 } });
    expect(await names({ age: 25 })).toEqual(['di', 'eve']);
    expect(await names({ age: '25' })).toEqual([]);
  });

  it('when a projection includes fields, then only those fields and _id are returned', async () => {
    const doc = await people.findOne({ name: 'ada' }, { projection: { name: 1, age: 1 } });
    expect(Object.keys(doc!).sort()).toEqual(['_id', 'age', 'name']);
    const withoutId = await people.findOne({ name: 'ada' }, { projection: { _id: 0, tags: 0 } });
    expect(withoutId).toEqual({ name: 'ada', age: 36, city: 'london' });
  });

  it('when the result is larger than one batch, then the cursor fetches the rest with getMore', async () => {
    const many = target.db.collection(uniqueName('many'));
    await many.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const seen: number[] = [];
    for await (const doc of many.find({}).sort({ i: 1 }).batchSize(40)) seen.push(doc.i as number);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });

  it('when a cursor is closed early, then killCursors reports it killed and a later getMore fails', async () => {
    const many = target.db.collection(uniqueName('many'));
    await many.insertMany(Array.from({ length: 30 }, (_, i) => ({ i })));
    const reply = await target.db.command({ find: many.collectionName, filter: {}, batchSize: 5 });
    const id = reply.cursor.id;
    expect(reply.cursor.firstBatch).toHaveLength(5);
    const more = await target.db.command({
      getMore: id,
      collection: many.collectionName,
      batchSize: 10,
    });
    expect(more.cursor.nextBatch).toHaveLength(10);
    const killed = await target.db.command({ killCursors: many.collectionName, cursors: [id] });
    expect(killed.cursorsKilled).toHaveLength(1);
    const error = await target.db
      .command({ getMore: id, collection: many.collectionName })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 43 });
  });

  it('when a limit is set, then the cursor stops after that many documents', async () => {
    const many = target.db.collection(uniqueName('many'));
    await many.insertMany(Array.from({ length: 120 }, (_, i) => ({ i })));
    expect(await many.find({}).limit(105).batchSize(10).toArray()).toHaveLength(105);
  });

  it('when the collection does not exist, then find returns nothing', async () => {
    expect(await target.db.collection(uniqueName('missing')).find({}).toArray()).toEqual([]);
  });
});

describe('update', () => {
  it('when updating one document, then only the first match changes', async () => {
    const result = await people.updateOne({ age: 25 }, { $set: { young: true } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await people.countDocuments({ young: true })).toBe(1);
  });

  it('when updating many documents, then every match changes', async () => {
    const result = await people.updateMany({ city: 'london' }, {
      $inc: { age: 1 },
      $push: { tags: 'uk' },
    } as Document);
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect((await people.findOne({ name: 'cy' }))!).toMatchObject({ age: 42, tags: ['uk'] });
  });

  it('when an update changes nothing, then it counts a match but no modification', async () => {
    const result = await people.updateOne({ name: 'ada' }, { $set: { age: 36 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
  });

  it('when upserting without a match, then a document is built from the filter, the update and $setOnInsert', async () => {
    const result = await people.updateOne(
      { name: 'gus', city: 'oslo' },
      { $set: { age: 50 }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    );
    expect(result.upsertedCount).toBe(1);
    const doc = await people.findOne({ _id: result.upsertedId! });
    expect(doc).toMatchObject({ name: 'gus', city: 'oslo', age: 50, createdBy: 'upsert' });
  });

  it('when upserting with a match, then $setOnInsert is not applied', async () => {
    const result = await people.updateOne(
      { name: 'ada' },
      { $set: { seen: 1 }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    );
    expect(result).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
    expect((await people.findOne({ name: 'ada' }))!.createdBy).toBeUndefined();
  });

  it('when updating with arrayFilters, then only the matching array elements change', async () => {
    const scores = target.db.collection(uniqueName('scores'));
    await scores.insertOne({
      _id: 1 as unknown as ObjectId,
      grades: [{ g: 80 }, { g: 95 }, { g: 60 }],
    });
    await scores.updateOne(
      { _id: 1 as unknown as ObjectId },
      { $set: { 'grades.$[high].top': true } },
      { arrayFilters: [{ 'high.g': { $gte: 90 } }] },
    );
    expect((await scores.findOne({}))!.grades).toEqual([
      { g: 80 },
      { g: 95, top: true },
      { g: 60 },
    ]);
  });

  it('when updating through the positional operator, then the matched element changes', async () => {
    await people.updateOne({ name: 'ada', tags: 'code' }, { $set: { 'tags.$': 'coding' } });
    expect((await people.findOne({ name: 'ada' }))!.tags).toEqual(['math', 'coding']);
  });

  it('when replacing a document, then its fields are replaced and its _id kept', async () => {
    const before = await people.findOne({ name: 'bob' });
    await people.replaceOne({ name: 'bob' }, { name: 'robert' });
    const after = await people.findOne({ _id: before!._id });
    expect(after).toEqual({ _id: before!._id, name: 'robert' });
  });

  it('when an update tries to change _id, then it fails with ImmutableField', async () => {
    const error = await people
      .updateOne({ name: 'bob' }, { $set: { _id: 5 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 66 });
  });

  it('when an update uses an unknown operator, then it fails and nothing changes', async () => {
    const error = await people
      .updateOne({ name: 'bob' }, { $frobnicate: { a: 1 } } as Document)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 9 });
  });
});

describe('delete', () => {
  it('when deleting one, then only one match is removed', async () => {
    expect(await people.deleteOne({ age: 25 })).toMatchObject({ deletedCount: 1 });
    expect(await people.countDocuments({ age: 25 })).toBe(1);
  });

  it('when deleting many, then all matches are removed', async () => {
    expect(await people.deleteMany({ city: 'london' })).toMatchObject({ deletedCount: 2 });
    expect(await people.countDocuments()).toBe(2);
  });
});

describe('findAndModify', () => {
  it('when returning the document before, then the old version comes back and the new one is stored', async () => {
    const before = await people.findOneAndUpdate(
      { name: 'ada' },
      { $inc: { age: 1 } },
      { returnDocument: 'before' },
    );
    expect(before).toMatchObject({ age: 36 });
    expect(await people.findOne({ name: 'ada' })).toMatchObject({ age: 37 });
  });

  it('when returning the document after with a sort and projection, then the first by sort comes back updated', async () => {
    const after = await people.findOneAndUpdate(
      { age: 25 },
      { $set: { picked: true } },
      { returnDocument: 'after', sort: { name: -1 }, projection: { _id: 0, name: 1, picked: 1 } },
    );
    expect(after).toEqual({ name: 'di', picked: true });
  });

  it('when upserting with nothing matching, then the new document is created and returned', async () => {
    const result = await people.findOneAndUpdate(
      { name: 'hal' },
      { $set: { age: 9 }, $setOnInsert: { fresh: true } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(result.value).toMatchObject({ name: 'hal', age: 9, fresh: true });
    expect(result.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
  });

  it('when removing, then the removed document comes back', async () => {
    const removed = await people.findOneAndDelete({ city: 'london' }, { sort: { age: -1 } });
    expect(removed).toMatchObject({ name: 'cy' });
    expect(await people.countDocuments({ city: 'london' })).toBe(1);
  });

  it('when replacing, then the replacement is stored', async () => {
    const replaced = await people.findOneAndReplace(
      { name: 'di' },
      { name: 'diana' },
      { returnDocument: 'after' },
    );
    expect(replaced).toMatchObject({ name: 'diana' });
    expect(replaced!.age).toBeUndefined();
  });

  it('when nothing matches and no upsert, then null comes back', async () => {
    expect(await people.findOneAndUpdate({ name: 'nobody' }, { $set: { a: 1 } })).toBeNull();
  });
});
