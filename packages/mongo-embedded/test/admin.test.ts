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

it('when a collection is created, then listCollections shows it and creating it again fails with NamespaceExists', async () => {
  const name = uniqueName('made');
  await target.db.createCollection(name);
  const names = (await target.db.listCollections().toArray()).map((c) => c.name);
  expect(names).toContain(name);
  const error = await target.db.command({ create: name }).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 48 });
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
