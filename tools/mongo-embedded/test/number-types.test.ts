// int64 and double fidelity: a value comes back, and answers $type, as the BSON type it was
// stored as, even where a JavaScript number cannot tell (an int64 of 37, a double of 42.0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Binary,
  BSON,
  BSONRegExp,
  Code,
  DBRef,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  MongoClient,
  ObjectId,
  Timestamp,
} from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { embedded, openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';
import { startChild } from './process.ts';
import { asStored, deserializeTyped, losesTypes, storable } from '../src/storage/number-types.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

function collection(): Collection<Document> {
  return target.db.collection(uniqueName('numbers'));
}

/** The stored document as raw BSON wrappers (promoteValues: false), so the types show. */
async function rawOf(coll: Collection<Document>, filter: Document = {}): Promise<Document | null> {
  return coll.findOne(filter, { promoteValues: false });
}

describe('number types as stored', () => {
  it('an int64 that fits 53 bits comes back as an int64 (a BigInt with useBigInt64)', async () => {
    const coll = collection();
    await coll.insertOne({ _id: 1 as never, age: 37n, big: 9223372036854775807n, n: 5 });
    const doc = await coll.findOne({ _id: 1 as never }, { useBigInt64: true });
    expect(doc).toMatchObject({ age: 37n, big: 9223372036854775807n, n: 5 });
    // Without the option the driver still promotes an int64 that fits to a number.
    expect(await coll.findOne({ _id: 1 as never })).toMatchObject({ age: 37 });
    const raw = await rawOf(coll);
    expect(raw!.age).toBeInstanceOf(Long);
    expect(raw!.n).toBeInstanceOf(Int32);
  });

  it('an int64 matches numbers of other types by value, and $type long', async () => {
    const coll = collection();
    await coll.insertMany([
      { _id: 1 as never, v: Long.fromNumber(37) },
      { _id: 2 as never, v: 37 },
      { _id: 3 as never, v: new Double(37) },
      { _id: 4 as never, v: 38.5 },
    ]);
    expect((await coll.find({ v: 37 }).toArray()).map((d) => d._id)).toEqual([1, 2, 3]);
    expect((await coll.find({ v: { $gt: 37 } }).toArray()).map((d) => d._id)).toEqual([4]);
    const ids = async (type: string) =>
      (await coll.find({ v: { $type: type } }).toArray()).map((d) => d._id);
    expect(await ids('long')).toEqual([1]);
    expect(await ids('int')).toEqual([2]);
    expect(await ids('double')).toEqual([3, 4]);
    expect(await ids('number')).toEqual([1, 2, 3, 4]);
  });

  it('a double with an integral value stays a double, in arrays and embedded documents too', async () => {
    const coll = collection();
    await coll.insertOne({
      _id: 1 as never,
      d: new Double(42),
      list: [new Double(1), 2],
      inner: { z: new Double(-0), w: new Double(7) },
    });
    const raw = await rawOf(coll);
    expect(raw!.d).toBeInstanceOf(Double);
    expect(raw!.list[0]).toBeInstanceOf(Double);
    expect(raw!.list[1]).toBeInstanceOf(Int32);
    expect(raw!.inner.w).toBeInstanceOf(Double);
    expect(await coll.countDocuments({ d: { $type: 'double' } })).toBe(1);
    expect(await coll.countDocuments({ d: 42 })).toBe(1);
  });

  it('an update keeps the types of the fields it does not change', async () => {
    const coll = collection();
    await coll.insertOne({ _id: 1 as never, d: new Double(42), l: 10n, other: 1 });
    await coll.updateOne({ _id: 1 as never }, { $set: { other: 2 } });
    let raw = await rawOf(coll);
    expect(raw!.d).toBeInstanceOf(Double);
    expect(raw!.l).toBeInstanceOf(Long);
    const after = await coll.findOneAndUpdate(
      { _id: 1 as never },
      { $set: { other: 3 } },
      { returnDocument: 'after', useBigInt64: true },
    );
    expect(after).toMatchObject({ l: 10n, other: 3 });
    raw = await rawOf(coll);
    expect(raw!.d).toBeInstanceOf(Double);
  });

  it('$set stores the operand as sent; $inc and $mul follow the operands types', async () => {
    const coll = collection();
    await coll.insertOne({ _id: 1 as never, l: 5n, d: new Double(2), i: 3, nested: { x: 1 } });
    await coll.updateOne(
      { _id: 1 as never },
      {
        $set: { s: new Double(7), 'nested.y': Long.fromNumber(8) },
        $inc: { l: 1, d: 1, i: Long.fromNumber(1), fresh: 2 },
      },
    );
    const raw = await rawOf(coll);
    expect(raw!.s).toEqual(new Double(7));
    expect(raw!.nested.y).toEqual(Long.fromNumber(8));
    expect(raw!.nested.x).toBeInstanceOf(Int32);
    expect(raw!.l).toEqual(Long.fromNumber(6));
    expect(raw!.d).toEqual(new Double(3));
    expect(raw!.i).toEqual(Long.fromNumber(4));
    expect(raw!.fresh).toEqual(new Int32(2));
    await coll.updateOne({ _id: 1 as never }, { $mul: { l: 2, i: 0.5 } });
    const after = await rawOf(coll);
    expect(after!.l).toEqual(Long.fromNumber(12));
    expect(after!.i).toEqual(new Double(2));
  });

  it('a write that changes only a number type changes the document', async () => {
    const coll = collection();
    await coll.insertOne({ _id: 1 as never, d: new Double(42), l: 7n });
    const replaced = await coll.replaceOne({ _id: 1 as never }, { d: 42, l: 7n });
    expect(replaced.modifiedCount).toBe(1);
    expect((await rawOf(coll))!.d).toBeInstanceOf(Int32);
    const set = await coll.updateOne({ _id: 1 as never }, { $set: { d: new Double(42) } });
    expect(set.modifiedCount).toBe(1);
    expect((await rawOf(coll))!.d).toBeInstanceOf(Double);
    const again = await coll.updateOne({ _id: 1 as never }, { $set: { d: new Double(42) } });
    expect(again.modifiedCount).toBe(0);
  });

  it('a replacement has the types it was sent with', async () => {
    const coll = collection();
    await coll.insertOne({ _id: 1 as never, d: new Double(42) });
    await coll.replaceOne({ _id: 1 as never }, { d: 42, l: Long.fromNumber(3) });
    const raw = await rawOf(coll);
    expect(raw!.d).toBeInstanceOf(Int32);
    expect(raw!.l).toBeInstanceOf(Long);
  });

  it('a document whose _id the server adds keeps its number types', async () => {
    const coll = collection();
    await coll.insertOne({ d: new Double(5) }, { forceServerObjectId: true });
    const raw = await rawOf(coll);
    expect(raw!.d).toBeInstanceOf(Double);
  });
});

describe.runIf(embedded)('number types across a restart', () => {
  it('the journal keeps int64 and double types', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-types-'));
    try {
      let server = await startChild(['--dbpath', dir]);
      let client = await MongoClient.connect(server.uri);
      await client
        .db('app')
        .collection('t')
        .insertOne({ _id: 1 as never, d: new Double(42), l: 37n });
      await client.close();
      server.child.kill('SIGKILL');
      await server.exited;
      server = await startChild(['--dbpath', dir]);
      client = await MongoClient.connect(server.uri);
      const raw = await client
        .db('app')
        .collection('t')
        .findOne({ l: { $type: 'long' } }, { promoteValues: false });
      expect(raw!.d).toBeInstanceOf(Double);
      expect(raw!.l).toBeInstanceOf(Long);
      await client.close();
      server.child.kill('SIGTERM');
      await server.exited;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reading number types from the bytes', () => {
  const others = {
    s: 'text',
    b: new Binary(Buffer.from('bytes'), 4),
    o: new ObjectId(),
    t: true,
    d: new Date(0),
    n: null,
    r: new BSONRegExp('a+', 'i'),
    c: new Code('x', { y: 1 }),
    cs: new Code('z'),
    i: new Int32(7),
    ts: new Timestamp({ t: 1, i: 2 }),
    dec: Decimal128.fromString('1.5'),
    min: new MinKey(),
    max: new MaxKey(),
    ref: new DBRef('c', new ObjectId()),
    nested: { list: [1, 'a', { x: 2.5 }], frac: new Double(0.25), big: new Double(2 ** 40) },
  };

  it('a document without an int64 or an integral double needs no twin, at any depth', () => {
    // -0 is a double in its plain form too: the bson package serialises it as one.
    const bytes = BSON.serialize({ ...others, minusZero: new Double(-0) });
    expect(losesTypes(bytes)).toBe(false);
    const stored = storable(deserializeTyped(bytes));
    expect(asStored(stored)).toBe(stored);
  });

  it.each([
    ['an int64', { v: Long.fromNumber(3) }],
    ['an integral double', { v: new Double(42) }],
    [
      'an integral double deep in an array, after every other type',
      { ...others, deep: [{ a: [new Double(1)] }] },
    ],
    ['an int64 after code with scope', { c: new Code('x', { y: 1 }), v: 5n }],
  ])('%s is found, and the twin keeps it', (_, doc) => {
    const bytes = BSON.serialize(doc);
    expect(losesTypes(bytes)).toBe(true);
    const stored = storable(deserializeTyped(bytes));
    const twin = asStored(stored);
    expect(twin).not.toBe(stored);
    expect(Buffer.from(BSON.serialize(twin)).equals(Buffer.from(bytes))).toBe(true);
  });
});
