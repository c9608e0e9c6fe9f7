import { afterAll, beforeAll, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

it('when 50 clients race the same conditional update, then exactly one of them matches', async () => {
  const name = uniqueName('race');
  const { insertedId } = await target.db.collection(name).insertOne({ done: false });
  const clients = await Promise.all(
    Array.from({ length: 50 }, () => MongoClient.connect(target.uri, { maxPoolSize: 1 })),
  );
  try {
    const results = await Promise.all(
      clients.map((client) =>
        client
          .db(target.db.databaseName)
          .collection(name)
          .updateOne({ _id: insertedId, done: false }, { $set: { done: true } }),
      ),
    );
    expect(results.filter((r) => r.matchedCount === 1)).toHaveLength(1);
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(1);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
});

it('when 50 clients increment a counter at once, then no increment is lost', async () => {
  const counters = target.db.collection(uniqueName('counter'));
  await counters.insertOne({ _id: 'c' as never, n: 0 });
  await Promise.all(
    Array.from({ length: 50 }, () =>
      counters.findOneAndUpdate({ _id: 'c' as never }, { $inc: { n: 1 } }),
    ),
  );
  expect(await counters.findOne({})).toMatchObject({ n: 50 });
});
