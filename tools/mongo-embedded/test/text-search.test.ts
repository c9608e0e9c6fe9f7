// $text search and text indexes. Every case also passes against a real MongoDB (MONGO_URL) except the
// restart with a dbPath (embedded only): they assert matches, orders and error codes, not exact scores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { silentLogger, start } from '../src/index.ts';
import { embedded, openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;

beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

type Article = Document & { _id: number };

async function articles(
  docs: Article[],
  index: Document = { title: 'text', body: 'text' },
  options: Document = {},
): Promise<Collection<Article>> {
  const collection = target.db.collection<Article>(uniqueName('articles'));
  await collection.createIndex(index, options);
  if (docs.length) await collection.insertMany(docs);
  return collection;
}

const ids = (docs: Document[]): unknown[] => docs.map((doc) => doc._id).sort();
const search = (text: string, extra: Document = {}): Document => ({
  $text: { $search: text, ...extra },
});

async function failure(promise: Promise<unknown>): Promise<{ code?: number; message: string }> {
  return promise.then(
    () => ({ message: 'no error' }),
    (error: { code?: number; message: string }) => error,
  );
}

describe('text indexes', () => {
  it('when a text index is created on two fields, then listIndexes shows it as mongod stores it', async () => {
    const collection = await articles(
      [],
      { title: 'text', body: 'text' },
      { weights: { title: 5 } },
    );
    const index = (await collection.listIndexes().toArray()).find(
      (spec) => spec.name === 'title_text_body_text',
    );
    expect(index).toMatchObject({
      key: { _fts: 'text', _ftsx: 1 },
      weights: { body: 1, title: 5 },
      default_language: 'english',
      language_override: 'language',
      textIndexVersion: 3,
    });
  });

  it('when the same text index is created again, then nothing changes', async () => {
    const collection = await articles([], { title: 'text' });
    const again = await collection.createIndex({ title: 'text' });
    expect(again).toBe('title_text');
    expect(await collection.listIndexes().toArray()).toHaveLength(2);
  });

  it('when a second, different text index is created, then mongod refuses it', async () => {
    const collection = await articles([], { title: 'text' });
    const error = await failure(collection.createIndex({ body: 'text' }));
    expect([85, 67]).toContain(error.code);
  });

  it('when a collection has no text index, then $text fails with IndexNotFound', async () => {
    const collection = target.db.collection(uniqueName('plain'));
    await collection.insertOne({ title: 'hello' });
    const error = await failure(collection.find(search('hello')).toArray());
    expect(error.code).toBe(27);
    expect(error.message).toMatch(/text index required for \$text query/);
    const missing = await failure(
      target.db.collection(uniqueName('missing')).find(search('hello')).toArray(),
    );
    expect(missing.code).toBe(27);
  });

  it('when the index is a wildcard text index, then every string field is searched', async () => {
    const collection = await articles(
      [
        { _id: 1, a: 'red apple', nested: { b: 'green pear' } },
        { _id: 2, tags: ['yellow banana'] },
        { _id: 3, n: 5 },
      ],
      { '$**': 'text' },
    );
    expect(ids(await collection.find(search('pear')).toArray())).toEqual([1]);
    expect(ids(await collection.find(search('banana apple')).toArray())).toEqual([1, 2]);
  });

  it('when a compound text index has an ascending prefix, then $text needs equality on it', async () => {
    const collection = await articles(
      [
        { _id: 1, shop: 'a', title: 'blue shirt' },
        { _id: 2, shop: 'b', title: 'blue shirt' },
      ],
      { shop: 1, title: 'text' },
    );
    expect(ids(await collection.find({ shop: 'a', ...search('shirt') }).toArray())).toEqual([1]);
    const error = await failure(collection.find(search('shirt')).toArray());
    expect(error.message).toMatch(/prefix/);
  });
});

describe('$text matching', () => {
  const docs = [
    { _id: 1, title: 'Running shoes', body: 'The best shoes for runners' },
    { _id: 2, title: 'Coffee', body: 'How to brew coffee with a French press' },
    { _id: 3, title: 'Tea', body: 'Green tea and black tea' },
    { _id: 4, title: 'Café culture', body: 'Drinking coffee in Paris' },
    { _id: 5, title: 'The', body: 'and or but' },
  ];

  it('when a word is searched, then documents with any of its stemmed forms match', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('run')).toArray())).toEqual([1]);
    expect(ids(await collection.find(search('brewing')).toArray())).toEqual([2]);
  });

  it('when several words are searched, then a document with any of them matches', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('tea shoes')).toArray())).toEqual([1, 3]);
  });

  it('when only stop words are searched, then nothing matches', async () => {
    const collection = await articles(docs);
    expect(await collection.find(search('the and but')).toArray()).toEqual([]);
  });

  it('when a phrase is quoted, then only documents containing it match', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('"french press"')).toArray())).toEqual([2]);
    expect(ids(await collection.find(search('coffee "in paris"')).toArray())).toEqual([4]);
    expect(await collection.find(search('"press french"')).toArray()).toEqual([]);
  });

  it('when a term is negated, then documents with it are excluded', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('coffee -paris')).toArray())).toEqual([2]);
    expect(ids(await collection.find(search('coffee -"french press"')).toArray())).toEqual([4]);
    expect(await collection.find(search('-coffee')).toArray()).toEqual([]);
  });

  it('when diacritics differ, then they match unless $diacriticSensitive', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('cafe')).toArray())).toEqual([4]);
    expect(await collection.find(search('cafe', { $diacriticSensitive: true })).toArray()).toEqual(
      [],
    );
    expect(
      ids(await collection.find(search('café', { $diacriticSensitive: true })).toArray()),
    ).toEqual([4]);
  });

  it('when case differs, then it matches unless $caseSensitive', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find(search('COFFEE')).toArray())).toEqual([2, 4]);
    expect(
      ids(await collection.find(search('Coffee', { $caseSensitive: true })).toArray()),
    ).toEqual([2]);
    expect(
      ids(await collection.find(search('"Green tea"', { $caseSensitive: true })).toArray()),
    ).toEqual([3]);
    expect(
      await collection.find(search('"green tea"', { $caseSensitive: true })).toArray(),
    ).toEqual([]);
  });

  it('when the language is none, then words are neither stemmed nor dropped as stop words', async () => {
    const collection = await articles(
      docs,
      { title: 'text', body: 'text' },
      {
        default_language: 'none',
      },
    );
    expect(await collection.find(search('run')).toArray()).toEqual([]);
    expect(ids(await collection.find(search('running')).toArray())).toEqual([1]);
    expect(ids(await collection.find(search('the')).toArray())).toEqual([1, 5]);
    const english = await articles(docs);
    expect(ids(await english.find(search('running', { $language: 'none' })).toArray())).toEqual([]);
  });

  it('when a document names its language, then it is indexed in it', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'running', language: 'none' },
        { _id: 2, title: 'running' },
      ],
      { title: 'text' },
    );
    expect(ids(await collection.find(search('run')).toArray())).toEqual([2]);
  });

  it('when $text is combined with other conditions, then both apply', async () => {
    const collection = await articles(docs);
    expect(ids(await collection.find({ ...search('coffee'), _id: { $gt: 2 } }).toArray())).toEqual([
      4,
    ]);
    expect(
      ids(await collection.find({ $and: [search('coffee'), { title: 'Coffee' }] }).toArray()),
    ).toEqual([2]);
  });

  it('when $text is counted, then count and countDocuments see the matches', async () => {
    const collection = await articles(docs);
    expect(await collection.countDocuments(search('coffee tea'))).toBe(3);
    expect(await collection.countDocuments({ ...search('coffee'), title: 'Tea' })).toBe(0);
  });
});

describe('$text errors', () => {
  it('when $text stands under $nor, twice, or in $elemMatch, then mongod errors are answered', async () => {
    const collection = await articles([{ _id: 1, title: 'hello world' }], { title: 'text' });
    const nor = await failure(collection.find({ $nor: [search('hello')] }).toArray());
    expect(nor.code).toBe(2);
    const twice = await failure(
      collection.find({ $and: [search('hello'), search('world')] }).toArray(),
    );
    expect(twice.code).toBe(2);
    expect(twice.message).toMatch(/Too many text expressions/);
    const elem = await failure(
      collection.find({ items: { $elemMatch: search('hello') } }).toArray(),
    );
    expect(elem.code).toBe(2);
  });

  it('when textScore is asked for without $text, then it is error 40218', async () => {
    const collection = await articles([{ _id: 1, title: 'hello' }], { title: 'text' });
    const projection = await failure(
      collection.find({}, { projection: { score: { $meta: 'textScore' } } }).toArray(),
    );
    expect(projection.code).toBe(40218);
    const aggregate = await failure(
      collection.aggregate([{ $project: { score: { $meta: 'textScore' } } }]).toArray(),
    );
    expect(aggregate.code).toBe(40218);
  });

  it('when $text is in a $match that is not the first stage, then it is error 17313', async () => {
    const collection = await articles([{ _id: 1, title: 'hello' }], { title: 'text' });
    const error = await failure(
      collection.aggregate([{ $sort: { _id: 1 } }, { $match: search('hello') }]).toArray(),
    );
    expect(error.code).toBe(17313);
  });

  it('when a later $match only compares a field with the string "$text", then it runs', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'hello', note: '$text' },
        { _id: 2, title: 'world', note: 'other' },
      ],
      { title: 'text' },
    );
    const docs = await collection
      .aggregate([{ $sort: { _id: 1 } }, { $match: { note: { $eq: '$text' } } }])
      .toArray();
    expect(docs.map((doc) => doc._id)).toEqual([1]);
  });
});

describe('text scores', () => {
  it('when sorted by textScore, then more relevant documents come first and the score is projected', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'searching in mongoose' },
        { _id: 2, title: 'text search in mongoose' },
        { _id: 3, title: 'unrelated' },
      ],
      { title: 'text' },
    );
    const docs = await collection
      .find(search('text search'), { projection: { score: { $meta: 'textScore' } } })
      .sort({ score: { $meta: 'textScore' } })
      .toArray();
    expect(docs.map((doc) => doc._id)).toEqual([2, 1]);
    expect(docs[0]!.score).toBeGreaterThan(docs[1]!.score as number);
    expect(docs[0]).toMatchObject({ title: 'text search in mongoose' });
    const inclusion = await collection
      .find(search('mongoose'), { projection: { _id: 0, score: { $meta: 'textScore' } } })
      .toArray();
    expect(inclusion.every((doc) => Object.keys(doc).join() === 'title,score')).toBe(true);
  });

  it('when fields have weights, then matches in the heavier field score higher', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'other', body: 'apple pie' },
        { _id: 2, title: 'apple pie', body: 'other' },
      ],
      { title: 'text', body: 'text' },
      { weights: { title: 10 } },
    );
    const docs = await collection
      .find(search('apple'))
      .sort({ score: { $meta: 'textScore' } })
      .toArray();
    expect(docs.map((doc) => doc._id)).toEqual([2, 1]);
  });

  it('when a term repeats in a short field, then it scores higher than once in a long one', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'apple one two three four five six' },
        { _id: 2, title: 'apple apple pie' },
      ],
      { title: 'text' },
    );
    const docs = await collection
      .find(search('apple'), { projection: { score: { $meta: 'textScore' } } })
      .sort({ score: { $meta: 'textScore' } })
      .toArray();
    expect(docs.map((doc) => doc._id)).toEqual([2, 1]);
  });

  it('when an aggregation starts with a $text $match, then $sort, $project and $addFields read the score', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'coffee' },
        { _id: 2, title: 'coffee coffee tea' },
        { _id: 3, title: 'tea' },
      ],
      { title: 'text' },
    );
    const docs = await collection
      .aggregate([
        { $match: search('coffee') },
        { $sort: { score: { $meta: 'textScore' } } },
        { $project: { title: 1, score: { $meta: 'textScore' } } },
        { $addFields: { doubled: { $multiply: [{ $meta: 'textScore' }, 2] } } },
      ])
      .toArray();
    // Twice in three words (1.5 x 0.83) outscores once in one word (1 x 1).
    expect(docs.map((doc) => doc._id)).toEqual([2, 1]);
    expect(docs[0]!.score).toBeGreaterThan(docs[1]!.score as number);
    expect(docs[0]!.doubled).toBeCloseTo((docs[0]!.score as number) * 2);
    expect(Object.keys(docs[0]!).sort()).toEqual(['_id', 'doubled', 'score', 'title']);
    const counted = await collection
      .aggregate([{ $match: search('tea') }, { $count: 'n' }])
      .toArray();
    expect(counted).toEqual([{ n: 2 }]);
  });

  it('when a field is exactly one unstemmed term, then its score is 1.1 as on MongoDB', async () => {
    const collection = await articles([{ _id: 1, title: 'Tea' }], { title: 'text' });
    const [doc] = await collection
      .find(search('tea'), { projection: { score: { $meta: 'textScore' } } })
      .toArray();
    expect(doc!.score).toBeCloseTo(1.1);
  });
});

describe('text index maintenance', () => {
  it('when documents are updated and deleted, then searches follow', async () => {
    const collection = await articles([{ _id: 1, title: 'old words' }], { title: 'text' });
    await collection.updateOne({ _id: 1 }, { $set: { title: 'new words' } });
    expect(await collection.find(search('old')).toArray()).toEqual([]);
    expect(ids(await collection.find(search('new')).toArray())).toEqual([1]);
    await collection.insertOne({ _id: 2, title: 'new things' });
    expect(ids(await collection.find(search('new')).toArray())).toEqual([1, 2]);
    await collection.deleteOne({ _id: 1 });
    expect(ids(await collection.find(search('new')).toArray())).toEqual([2]);
  });

  it('when update, delete and findOneAndUpdate filter with $text, then they act on the matches', async () => {
    const collection = await articles(
      [
        { _id: 1, title: 'red apple' },
        { _id: 2, title: 'green pear' },
        { _id: 3, title: 'red cherry' },
      ],
      { title: 'text' },
    );
    const updated = await collection.updateMany(search('red'), { $set: { red: true } });
    expect(updated.modifiedCount).toBe(2);
    const found = await collection.findOneAndUpdate(
      search('pear'),
      { $set: { seen: true } },
      {
        returnDocument: 'after',
      },
    );
    expect(found).toMatchObject({ _id: 2, seen: true });
    const deleted = await collection.deleteMany(search('cherry'));
    expect(deleted.deletedCount).toBe(1);
    expect(await collection.countDocuments({ red: true })).toBe(1);
  });

  it('when an index is created over existing documents, then they are searchable', async () => {
    const collection = target.db.collection<Article>(uniqueName('late'));
    await collection.insertMany([{ _id: 1, title: 'late index' }]);
    await collection.createIndex({ title: 'text' });
    expect(ids(await collection.find(search('index')).toArray())).toEqual([1]);
    await collection.dropIndex('title_text');
    expect((await failure(collection.find(search('index')).toArray())).code).toBe(27);
  });

  it('when $text is explained, then the plan is a text plan on the index', async () => {
    const collection = await articles([{ _id: 1, title: 'explained' }], { title: 'text' });
    const explained = await collection.find(search('explained')).explain();
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).toMatch(/TEXT/);
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).not.toMatch(/COLLSCAN/);
  });
});

describe.skipIf(!embedded)('text index persistence', () => {
  it('when the server restarts on its dbPath, then the text index is rebuilt and searchable', async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-text-'));
    try {
      const first = await start({ port: 0, dbPath, logger: silentLogger });
      let client = await MongoClient.connect(first.uri);
      const before = client.db('app').collection('posts');
      await before.createIndex({ title: 'text' }, { weights: { title: 3 } });
      await before.insertMany([
        { _id: 1 as never, title: 'persisted running words' },
        { _id: 2 as never, title: 'other' },
      ]);
      await before.updateOne({ _id: 2 as never }, { $set: { title: 'runs too' } });
      await client.close();
      await first.stop();

      const second = await start({ port: 0, dbPath, logger: silentLogger });
      client = await MongoClient.connect(second.uri);
      const after = client.db('app').collection('posts');
      const docs = await after.find(search('run')).toArray();
      expect(ids(docs)).toEqual([1, 2]);
      const index = (await after.listIndexes().toArray()).find(
        (spec) => spec.name === 'title_text',
      );
      expect(index).toMatchObject({ weights: { title: 3 } });
      await client.close();
      await second.stop();
    } finally {
      fs.rmSync(dbPath, { recursive: true, force: true });
    }
  });
});
