// Update semantics mongoose relies on: what MongoDB accepts, the embedded server must too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Binary, ObjectId } from 'mongodb';
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
  return target.db.collection(uniqueName('updates'));
}

describe('_id in an update', () => {
  it('when $set gives _id its current value, then the update is applied', async () => {
    const items = fresh();
    const _id = new ObjectId();
    await items.insertOne({ _id, name: 'a' });
    const result = await items.updateOne({ _id }, { $set: { _id, name: 'b' } });
    expect(result.modifiedCount).toBe(1);
    expect(await items.findOne({ _id })).toEqual({ _id, name: 'b' });
  });

  it('when $set gives _id another value, then ImmutableField (66) is answered', async () => {
    const items = fresh();
    const _id = new ObjectId();
    await items.insertOne({ _id, name: 'a' });
    await expect(items.updateOne({ _id }, { $set: { _id: new ObjectId() } })).rejects.toMatchObject(
      { code: 66 },
    );
  });

  it('when an upsert sets _id with $set, then the new document has that _id', async () => {
    const items = fresh();
    const _id = new ObjectId();
    await items.updateOne({ name: 'x' }, { $set: { _id, n: 1 } }, { upsert: true });
    expect(await items.findOne({ name: 'x' })).toEqual({ _id, name: 'x', n: 1 });
  });
});

describe('path conflicts', () => {
  it('when two array-filtered paths update different fields of one element, then both apply', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, children: [{ name: 'a' }, { name: 'b' }] } as Document);
    await items.updateOne(
      { _id: 1 } as Document,
      { $set: { 'children.$[c].name': 'z', 'children.$[c].seen': true } },
      { arrayFilters: [{ 'c.name': 'a' }] },
    );
    expect((await items.findOne({ _id: 1 } as Document))!.children).toEqual([
      { name: 'z', seen: true },
      { name: 'b' },
    ]);
  });

  it('when two positional paths update one element, then both use the element matched before the update', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, children: [{ name: 'a' }, { name: 'b' }] } as Document);
    await items.updateOne({ _id: 1, 'children.name': 'b' } as Document, {
      $set: { 'children.$.name': 'y', 'children.$.seen': true },
    });
    expect((await items.findOne({ _id: 1 } as Document))!.children).toEqual([
      { name: 'a' },
      { name: 'y', seen: true },
    ]);
  });

  it('when one path is a prefix of another, then ConflictingUpdateOperators (40) is answered', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, a: { b: 1 } } as Document);
    await expect(
      items.updateOne({ _id: 1 } as Document, { $set: { a: {}, 'a.b': 2 } }),
    ).rejects.toMatchObject({ code: 40 });
  });

  it('when a field name is set under an array, then PathNotViable (28) is answered', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, comments: [{ body: 'x' }] } as Document);
    await expect(
      items.updateOne({ _id: 1 } as Document, { $set: { 'comments.body': 'y' } }),
    ).rejects.toMatchObject({ code: 28 });
  });
});

describe('$-prefixed field names and $pull', () => {
  it('when $set names a top-level field starting with $, then it is stored (MongoDB 5+)', async () => {
    const items = fresh();
    await items.updateOne({ _id: 1 } as Document, { $set: { $myKey: 'v' } }, { upsert: true });
    expect(await items.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, $myKey: 'v' });
  });

  it('when $set names a nested field called $each, then it is stored', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1 } as Document);
    await items.updateOne({ _id: 1 } as Document, { $set: { 'prefs.$each': 42 } });
    expect(await items.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, prefs: { $each: 42 } });
  });

  it('when $pull is given $or over element fields, then the matching elements are removed', async () => {
    const items = fresh();
    await items.insertOne({
      _id: 1,
      members: [
        { name: 'a', role: 'x' },
        { name: 'b', role: 'y' },
        { name: 'c', role: 'y' },
      ],
    } as Document);
    await items.updateOne({ _id: 1 } as Document, {
      $pull: { members: { $or: [{ name: 'b', role: 'y' }, { name: 'zz' }] } } as Document,
    });
    expect((await items.findOne({ _id: 1 } as Document))!.members).toEqual([
      { name: 'a', role: 'x' },
      { name: 'c', role: 'y' },
    ]);
  });

  it('when $pull is given a value condition, then matching scalars are removed', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, n: [1, 5, 9] } as Document);
    await items.updateOne({ _id: 1 } as Document, { $pull: { n: { $gte: 5 } } as Document });
    expect((await items.findOne({ _id: 1 } as Document))!.n).toEqual([1]);
  });
});

describe('__proto__ as a field name', () => {
  it('when $rename targets __proto__.x, then the field is stored under an own __proto__ and nothing is polluted', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, hello: 'world' } as Document);
    await items.updateOne({ _id: 1 } as Document, { $rename: { hello: '__proto__.polluted' } });
    const doc = (await items.findOne({ _id: 1 } as Document))!;
    expect(Object.prototype.hasOwnProperty.call(doc, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')!.value).toEqual({ polluted: 'world' });
    expect(({} as Document).polluted).toBeUndefined();
  });

  it('when $set stores an object with an own __proto__ key, then findOneAndUpdate returns it as stored', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, path1: {} } as Document);
    const value: Document = {};
    Object.defineProperty(value, '__proto__', { value: 'abcd', enumerable: true, writable: true });
    const doc = (await items.findOneAndUpdate(
      { _id: 1 } as Document,
      { $set: { path1: value, other: 2 } },
      { returnDocument: 'after' },
    ))!;
    expect(Object.getOwnPropertyDescriptor(doc.path1, '__proto__')!.value).toBe('abcd');
    expect(doc.other).toBe(2);
    expect(Object.getPrototypeOf(doc.path1)).toBe(Object.prototype);
  });
});

describe('BinData subtypes', () => {
  it('when $set gives a binary field the same bytes with another subtype, then the new subtype is stored', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, buf: new Binary(Buffer.from('hi'), 128) } as Document);
    const result = await items.updateOne({ _id: 1 } as Document, {
      $set: { buf: new Binary(Buffer.from('hi'), 0) },
    });
    expect(result.modifiedCount).toBe(1);
    const doc = (await items.findOne({ _id: 1 } as Document))!;
    expect((doc.buf as Binary).sub_type).toBe(0);
    expect(Buffer.from((doc.buf as Binary).buffer).toString()).toBe('hi');
  });
});

describe('array operators on a field that is not an array', () => {
  it('when $push, $addToSet, $pop or $pull meet a number, then mongod errors come back and nothing changes', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, num: 42 } as Document);
    const codeOf = (update: Document) =>
      items.updateOne({ _id: 1 } as Document, update).then(
        () => 0,
        (error: { code: number; message: string }) => error,
      );
    expect(await codeOf({ $push: { num: 1 } })).toMatchObject({
      code: 2,
      message: "The field 'num' must be an array but is of type int in document {_id: 1}",
    });
    expect(await codeOf({ $addToSet: { num: 1 } })).toMatchObject({ code: 2 });
    expect(await codeOf({ $pop: { num: 1 } })).toMatchObject({ code: 14 });
    expect(await codeOf({ $pull: { num: 1 } })).toMatchObject({
      code: 2,
      message: 'Cannot apply $pull to a non-array value',
    });
    expect(await items.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, num: 42 });
  });

  it('when an unordered bulkWrite has such a statement, then it is a write error and the others apply', async () => {
    const items = fresh();
    await items.insertOne({ _id: 1, num: 42 } as Document);
    const error = await items
      .bulkWrite(
        [
          { updateOne: { filter: {}, update: { $push: { num: 42 } as Document } } },
          { updateOne: { filter: {}, update: { $inc: { num: 57 } } } },
        ],
        { ordered: false },
      )
      .then(
        () => undefined,
        (failure: { writeErrors: Array<{ index: number; code: number }> }) => failure,
      );
    expect(error?.writeErrors).toMatchObject([{ index: 0, code: 2 }]);
    expect((await items.findOne({ _id: 1 } as Document))!.num).toBe(99);
  });
});
