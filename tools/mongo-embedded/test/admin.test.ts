import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

it('when a collection is created, then listCollections shows it, creating it again with the same options succeeds and with other options fails with NamespaceExists', async () => {
  const name = uniqueName('made');
  await target.db.createCollection(name, {
    validator: { a: { $type: 'int' } },
    validationLevel: 'strict',
  });
  const names = (await target.db.listCollections().toArray()).map((c) => c.name);
  expect(names).toContain(name);
  // Same options, in another order: mongod answers ok and changes nothing.
  expect(
    await target.db.command({
      create: name,
      validationLevel: 'strict',
      validator: { a: { $type: 'int' } },
    }),
  ).toMatchObject({ ok: 1 });
  const error = await target.db.command({ create: name }).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 48, codeName: 'NamespaceExists' });
  const capped = await target.db
    .command({ create: name, capped: true, size: 4096 })
    .catch((e: unknown) => e);
  expect(capped).toMatchObject({ code: 48 });
  // An implicitly created collection has no options: a bare create of it is the same.
  const implicit = uniqueName('implicit');
  await target.db.collection(implicit).insertOne({ a: 1 });
  expect(await target.db.command({ create: implicit })).toMatchObject({ ok: 1 });
  expect(await target.db.collection(implicit).countDocuments()).toBe(1);
});

it('when a change stream is opened on a standalone server, then the $changeStream stage answers 40573', async () => {
  const name = uniqueName('watched');
  await target.db.collection(name).insertOne({ a: 1 });
  const error = await target.db
    .command({ aggregate: name, pipeline: [{ $changeStream: {} }], cursor: {} })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({
    code: 40573,
    message: 'The $changeStream stage is only supported on replica sets',
  });
  const stream = target.db.collection(name).watch();
  expect(await stream.tryNext().catch((e: unknown) => e)).toMatchObject({ code: 40573 });
  await stream.close();
});

it('when listing collections with a name filter, then only that collection is returned', async () => {
  const name = uniqueName('filtered');
  await target.db.collection(name).insertOne({ a: 1 });
  const found = await target.db.listCollections({ name }, { nameOnly: true }).toArray();
  expect(found).toEqual([{ name, type: 'collection' }]);
});

it('when a collection is dropped, then its documents and indexes are gone', async () => {
  const name = uniqueName('dropme');
  const collection = target.db.collection(name);
  await collection.insertOne({ a: 1 });
  await collection.createIndex({ a: 1 }, { unique: true });
  expect(await collection.drop()).toBe(true);
  expect((await target.db.listCollections({ name }).toArray()).length).toBe(0);
  await collection.insertOne({ a: 1 });
  await collection.insertOne({ a: 1 });
  expect(await collection.countDocuments()).toBe(2);
});

it('when a database is written to, then listDatabases shows it; after dropDatabase it is gone', async () => {
  const db = target.client.db(uniqueName('listed'));
  await db.collection('c').insertOne({ a: 1 });
  const listed = await target.client.db('admin').admin().listDatabases();
  expect(listed.databases.map((d) => d.name)).toContain(db.databaseName);
  await db.dropDatabase();
  const after = await target.client.db('admin').admin().listDatabases();
  expect(after.databases.map((d) => d.name)).not.toContain(db.databaseName);
  expect(await db.collection('c').countDocuments()).toBe(0);
});

it('when documents are inserted, found, updated and deleted, then serverStatus.opcounters counts them as mongod does', async () => {
  const admin = target.client.db('admin');
  const counters = async () =>
    ((await admin.command({ serverStatus: 1 })) as { opcounters: Record<string, number> })
      .opcounters;
  const collection = target.db.collection(uniqueName('counted'));
  const before = await counters();
  await collection.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
  await collection.find({ a: { $gte: 2 } }).toArray();
  await collection.bulkWrite([
    { updateOne: { filter: { a: 1 }, update: { $set: { b: 1 } } } },
    { updateMany: { filter: { a: { $gte: 2 } }, update: { $set: { b: 2 } } } },
  ]);
  await collection.deleteOne({ a: 3 });
  await collection.countDocuments();
  const after = await counters();
  const delta = (field: string) => Number(after[field]) - Number(before[field]);
  // Inserts by document, updates and deletes by statement, a find as one query.
  expect({
    insert: delta('insert'),
    query: delta('query'),
    update: delta('update'),
    delete: delta('delete'),
  }).toEqual({ insert: 3, query: 1, update: 2, delete: 1 });
  // countDocuments (an aggregate) and the serverStatus itself, at least; drivers add their own.
  expect(delta('command')).toBeGreaterThanOrEqual(2);
  expect(delta('getmore')).toBe(0);
});

it('when operations run on a collection, then top lists them under its namespace by kind, with their time, and refuses to run outside admin', async () => {
  type Usage = { count: number; time: number };
  const admin = target.client.db('admin');
  const name = uniqueName('topped');
  const namespace = `${target.db.databaseName}.${name}`;
  const usageOf = async () =>
    ((await admin.command({ top: 1 })) as { totals: Record<string, Record<string, Usage>> }).totals[
      namespace
    ];
  expect(await usageOf()).toBeUndefined();
  const collection = target.db.collection(name);
  await collection.insertMany([{ a: 1 }, { a: 2 }]);
  await collection.find({ a: 1 }).toArray();
  await collection.updateOne({ a: 1 }, { $set: { b: 1 } });
  await collection.deleteOne({ a: 2 });
  await collection.findOneAndUpdate({ a: 1 }, { $set: { c: 1 } });
  const usage = (await usageOf())!;
  // One insert command of two documents counts once here (opcounters count the documents).
  expect({
    queries: usage.queries!.count,
    insert: usage.insert!.count,
    update: usage.update!.count,
    remove: usage.remove!.count,
    commands: usage.commands!.count,
  }).toEqual({ queries: 1, insert: 1, update: 1, remove: 1, commands: 1 });
  expect(usage.total!.count).toBe(5);
  expect(usage.total!.time).toBeGreaterThan(0);
  const refused = await target.db.command({ top: 1 }).catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: 13 });
});
