// Collection validators and $jsonSchema from mongoose's own suite: a write that does not match
// the validator is refused with DocumentValidationFailure (121) and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError } from 'mongodb';
import type { Document } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;

beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

const schema = {
  required: ['name'],
  properties: {
    name: { bsonType: 'string', minLength: 1 },
    age: { bsonType: ['number', 'null'], minimum: 0 },
    source: { bsonType: ['string', 'null'], enum: ['document', 'self-reported', null] },
    tags: { bsonType: 'array', items: { bsonType: 'string' }, maxItems: 2 },
  },
};

async function validated(options: Document = {}) {
  const name = uniqueName('validated');
  await target.db.createCollection(name, { validator: { $jsonSchema: schema }, ...options });
  return target.db.collection(name);
}

async function refusal(write: Promise<unknown>): Promise<MongoServerError> {
  const error = await write.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error as MongoServerError;
}

describe('collection validator with $jsonSchema', () => {
  it('when a document matches, then it is inserted; when not, then 121 "Document failed validation"', async () => {
    const people = await validated();
    await people.insertOne({ name: 'Taco', age: null, tags: ['a'] });
    await people.insertOne({ name: 'John', age: 30, source: 'document' });
    const missing = await refusal(people.insertOne({ age: 3 }));
    expect(missing.code).toBe(121);
    expect(missing.message).toMatch(/Document failed validation/);
    expect((await refusal(people.insertOne({ name: 'X', source: 'other' }))).code).toBe(121);
    expect((await refusal(people.insertOne({ name: 'X', tags: ['a', 'b', 'c'] }))).code).toBe(121);
    expect((await refusal(people.insertOne({ name: 'X', age: -1 }))).code).toBe(121);
    expect(await people.countDocuments()).toBe(2);
  });

  it('when an update would break the validator, then it is refused and the document unchanged', async () => {
    const people = await validated();
    await people.insertOne({ _id: 1, name: 'Ada' } as Document);
    expect(
      (await refusal(people.updateOne({ _id: 1 } as Document, { $unset: { name: 1 } }))).code,
    ).toBe(121);
    expect(
      (await refusal(people.findOneAndUpdate({ _id: 1 } as Document, { $set: { age: 'old' } })))
        .code,
    ).toBe(121);
    expect(await people.findOne({ _id: 1 } as Document)).toEqual({ _id: 1, name: 'Ada' });
  });

  it('when the write bypasses validation or the action is warn, then the document is written', async () => {
    const people = await validated();
    await people.insertOne({ age: 1 }, { bypassDocumentValidation: true });
    const warned = await validated({ validationAction: 'warn' });
    await warned.insertOne({ age: 2 });
    expect(await people.countDocuments()).toBe(1);
    expect(await warned.countDocuments()).toBe(1);
  });

  it('when a find filter uses $jsonSchema, then the documents matching the schema come back', async () => {
    const items = target.db.collection(uniqueName('schema-query'));
    await items.insertMany([{ name: 'a' }, { name: 2 }, { other: true }]);
    const found = await items
      .find({ $jsonSchema: { required: ['name'], properties: { name: { bsonType: 'string' } } } })
      .toArray();
    expect(found.map((doc) => doc.name)).toEqual(['a']);
  });
});
