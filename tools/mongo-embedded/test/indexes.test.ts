import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
let users: Collection<Document>;

beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  users = target.db.collection(uniqueName('users'));
  await users.createIndex({ email: 1 }, { unique: true });
  await users.createIndex({ org: 1, handle: 1 }, { unique: true, name: 'org_handle' });
  await users.insertMany([
    { email: 'a@x', org: 'o1', handle: 'a' },
    { email: 'b@x', org: 'o1', handle: 'b' },
  ]);
});

describe('createIndexes, listIndexes, dropIndexes', () => {
  it('when indexes are created, then listIndexes shows them with their options', async () => {
    const indexes = await users.listIndexes().toArray();
    expect(indexes.map((i) => i.name)).toEqual(['_id_', 'email_1', 'org_handle']);
    expect(indexes[1]).toMatchObject({ key: { email: 1 }, unique: true });
    expect(indexes[2]).toMatchObject({ key: { org: 1, handle: 1 }, unique: true });
  });

  it('when the same index is created again, then nothing changes', async () => {
    await users.createIndex({ email: 1 }, { unique: true });
    expect(await users.listIndexes().toArray()).toHaveLength(3);
  });

  it('when an index with the same keys but other options is created, then it fails with IndexOptionsConflict', async () => {
    const error = await users
      .createIndex({ email: 1 }, { name: 'other', sparse: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 85 });
  });

  it('when a unique index is built over duplicates, then it fails with E11000 and is not created', async () => {
    const dupes = target.db.collection(uniqueName('dupes'));
    await dupes.insertMany([{ k: 1 }, { k: 1 }]);
    const error = await dupes.createIndex({ k: 1 }, { unique: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 11000 });
    expect((await dupes.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('when an index is dropped by name or key, then it is gone; an unknown name gives IndexNotFound', async () => {
    await users.dropIndex('email_1');
    await users.dropIndex({ org: 1, handle: 1 } as unknown as string);
    expect((await users.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    expect(await users.dropIndex('nope').catch((e: unknown) => e)).toMatchObject({ code: 27 });
    await users.insertOne({ email: 'a@x' });
    expect(await users.countDocuments({ email: 'a@x' })).toBe(2);
  });

  it('when all indexes are dropped with *, then only _id_ remains', async () => {
    await users.dropIndexes();
    expect((await users.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('when listing indexes of a missing collection, then it fails with NamespaceNotFound', async () => {
    const error = await target.db
      .collection(uniqueName('missing'))
      .listIndexes()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 26 });
  });
});

describe('unique indexes', () => {
  it('when inserting a duplicate, then E11000 names the collection, the index and the key', async () => {
    const error = (await users
      .insertOne({ email: 'a@x', org: 'o2', handle: 'z' })
      .catch((e: unknown) => e)) as MongoServerError;
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error.code).toBe(11000);
    expect(error.message).toBe(
      `E11000 duplicate key error collection: ${target.db.databaseName}.${users.collectionName} index: email_1 dup key: { email: "a@x" }`,
    );
    expect(error.keyValue).toEqual({ email: 'a@x' });
    expect(error.errorResponse.keyPattern).toEqual({ email: 1 });
  });

  it('when a compound key repeats, then E11000 shows every field of the key', async () => {
    const error = (await users
      .insertOne({ email: 'c@x', org: 'o1', handle: 'a' })
      .catch((e: unknown) => e)) as MongoServerError;
    expect(error.code).toBe(11000);
    expect(error.message).toContain('index: org_handle dup key: { org: "o1", handle: "a" }');
  });

  it('when only part of a compound key repeats, then the insert succeeds', async () => {
    await users.insertOne({ email: 'c@x', org: 'o2', handle: 'a' });
    expect(await users.countDocuments()).toBe(3);
  });

  it('when an ordered batch hits a duplicate, then it stops there with one writeError', async () => {
    const error = (await users
      .insertMany([{ email: 'c@x' }, { email: 'a@x' }, { email: 'd@x' }], { ordered: true })
      .catch((e: unknown) => e)) as MongoBulkWriteError;
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    expect(error.result.insertedCount).toBe(1);
    expect(error.writeErrors).toMatchObject([{ index: 1, code: 11000 }]);
    expect(await users.countDocuments({ email: 'd@x' })).toBe(0);
  });

  it('when an unordered batch hits duplicates, then the rest are inserted and each duplicate is reported', async () => {
    const error = (await users
      .insertMany(
        [
          { email: 'a@x', handle: 'h1' },
          { email: 'c@x', handle: 'h2' },
          { email: 'b@x', handle: 'h3' },
          { email: 'd@x', handle: 'h4' },
        ],
        { ordered: false },
      )
      .catch((e: unknown) => e)) as MongoBulkWriteError;
    expect(error.result.insertedCount).toBe(2);
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    expect(writeErrors.map((e) => [e.index, e.code])).toEqual([
      [0, 11000],
      [2, 11000],
    ]);
    expect(await users.countDocuments()).toBe(4);
  });

  it('when an update would create a duplicate, then it fails and the document is unchanged', async () => {
    const error = await users
      .updateOne({ email: 'b@x' }, { $set: { email: 'a@x' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 11000 });
    expect(await users.countDocuments({ email: 'b@x' })).toBe(1);
  });

  it('when an upsert would create a duplicate, then it fails with E11000', async () => {
    const error = await users
      .updateOne({ org: 'o1', handle: 'a', email: 'new@x' }, { $set: { x: 1 } }, { upsert: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 11000 });
  });

  it('when findAndModify would create a duplicate, then it fails with E11000', async () => {
    const error = await users
      .findOneAndUpdate({ email: 'b@x' }, { $set: { handle: 'a' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 11000 });
  });

  it('when a document is updated without touching its unique key, then it does not conflict with itself', async () => {
    await users.updateOne({ email: 'a@x' }, { $set: { name: 'Ada' } });
    expect(await users.findOne({ email: 'a@x' })).toMatchObject({ name: 'Ada' });
  });

  it('when a duplicate _id is inserted, then E11000 names the _id_ index', async () => {
    const { insertedId } = await users.insertOne({ email: 'z@x' });
    const error = (await users
      .insertOne({ _id: insertedId, email: 'y@x' })
      .catch((e: unknown) => e)) as MongoServerError;
    expect(error.code).toBe(11000);
    expect(error.message).toContain(
      `index: _id_ dup key: { _id: ObjectId('${insertedId.toHexString()}') }`,
    );
  });

  it('when a sparse unique index is declared, then documents missing the field do not conflict', async () => {
    const sparse = target.db.collection(uniqueName('sparse'));
    await sparse.createIndex({ nick: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ a: 1 }, { a: 2 }, { nick: 'n' }]);
    expect(await sparse.insertOne({ nick: 'n' }).catch((e: unknown) => e)).toMatchObject({
      code: 11000,
    });
  });
});

describe('index use', () => {
  it('when querying by indexed equality, range and compound prefix, then the results match a full scan', async () => {
    const items = target.db.collection(uniqueName('items'));
    await items.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        n: i,
        group: i % 7,
        label: `l${i % 11}`,
        tags: [i % 3, 10 + (i % 5)],
      })),
    );
    const scan = async (filter: Document): Promise<number[]> =>
      (await items.find(filter).toArray()).map((d) => d.n as number).sort((a, b) => a - b);
    const filters: Document[] = [
      { n: 42 },
      { n: { $gte: 100, $lt: 110 } },
      { group: 3, n: { $gt: 250 } },
      { group: { $in: [1, 2] }, label: 'l4' },
      { tags: 12 },
      { n: { $gt: 'a' } },
      { label: null },
    ];
    const before = await Promise.all(filters.map(scan));
    await items.createIndex({ n: 1 });
    await items.createIndex({ group: 1, n: -1 });
    await items.createIndex({ group: 1, label: 1 });
    await items.createIndex({ tags: 1 });
    await items.createIndex({ label: 1 });
    const after = await Promise.all(filters.map(scan));
    expect(after).toEqual(before);
    expect(before[0]).toEqual([42]);
    expect(before[1]).toHaveLength(10);
  });

  it('when a lookup matches a declared index (_id, single, compound prefix), then only the matches are examined', async () => {
    const items = target.db.collection(uniqueName('items'));
    await items.insertMany(
      Array.from({ length: 1000 }, (_, i) => ({
        _id: i as never,
        n: i,
        group: i % 10,
        label: `l${i % 100}`,
      })),
    );
    await items.createIndex({ n: 1 });
    await items.createIndex({ group: 1, label: 1 });
    const examined = async (filter: Document): Promise<number> => {
      const plan = (await items.find(filter).explain('executionStats')) as Document;
      return plan.executionStats.totalDocsExamined as number;
    };
    expect(await examined({ _id: 5 })).toBe(1);
    expect(await examined({ n: 500 })).toBe(1);
    expect(await examined({ n: { $gte: 10, $lt: 20 } })).toBe(10);
    expect(await examined({ group: 3 })).toBe(100);
    expect(await examined({ group: 3, label: 'l13' })).toBe(10);
    expect(await examined({ label: 'l13' })).toBe(1000);
  });

  it("when $elemMatch names fields of a multikey index, then only the documents with a matching element are examined, and the answer is the scan's", async () => {
    // An outbox poller's claim: documents with an entry older than a moment, out of many without.
    const docs = target.db.collection(uniqueName('docs'));
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));
    await docs.insertMany(
      Array.from({ length: 500 }, (_, i) => ({
        _id: i as never,
        outbox: i % 50 === 0 ? [{ at: at(i % 7), id: `e${i}` }, { at: at(40) }] : [],
        tags: [i % 10, (i % 10) + 20],
      })),
    );
    await docs.createIndex({ 'outbox.at': 1 });
    await docs.createIndex({ tags: 1 });
    const examined = async (filter: Document): Promise<number> => {
      const plan = (await docs.find(filter).explain('executionStats')) as Document;
      return plan.executionStats.totalDocsExamined as number;
    };
    const ids = async (filter: Document) =>
      (await docs.find(filter).sort({ _id: 1 }).toArray()).map((doc) => doc._id);
    const claim = { outbox: { $elemMatch: { at: { $lte: at(3) } } } };
    expect(await examined(claim)).toBe(7);
    expect(await ids(claim)).toEqual([0, 50, 100, 150, 350, 400, 450]);
    // Both conditions must hold for one element, not one each: the index only narrows the scan.
    const sameElement = { outbox: { $elemMatch: { at: { $lte: at(3) }, id: 'e100' } } };
    expect(await ids(sameElement)).toEqual([100]);
    expect(await ids({ outbox: { $elemMatch: { at: { $gte: at(41) } } } })).toEqual([]);
    expect(await examined({ tags: { $elemMatch: { $gte: 21, $lt: 23 } } })).toBe(100);
    expect(await ids({ tags: { $elemMatch: { $gte: 21, $lt: 23 } } })).toHaveLength(100);
    // A condition the index cannot narrow still scans, with the same answers.
    expect(await examined({ outbox: { $elemMatch: { id: { $exists: true } } } })).toBe(500);
    expect(await ids({ outbox: { $elemMatch: { id: { $exists: true } } } })).toEqual([
      0, 50, 100, 150, 200, 250, 300, 350, 400, 450,
    ]);
  });
});
