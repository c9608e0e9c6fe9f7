// explain beyond find, setParameter, time series collections and aggregate errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('explain', () => {
  it('when an aggregate, count, distinct or update is explained, then a query plan is answered and nothing is written', async () => {
    const items = target.db.collection(uniqueName('explained'));
    await items.insertMany([{ k: 1 }, { k: 2 }]);
    await items.createIndex({ k: 1 });
    const aggregate = await items.aggregate([{ $match: { k: 1 } }]).explain();
    expect(JSON.stringify(aggregate)).toContain('k_1');
    for (const command of [
      { count: items.collectionName, query: { k: 1 } },
      { distinct: items.collectionName, key: 'k', query: { k: 2 } },
      { update: items.collectionName, updates: [{ q: { k: 1 }, u: { $set: { k: 5 } } }] },
    ]) {
      const plan = await target.db.command({ explain: command });
      expect(plan.ok).toBe(1);
      expect(plan.queryPlanner).toBeDefined();
    }
    expect(await items.countDocuments({ k: 5 })).toBe(0);
  });
});

describe('setParameter', () => {
  it('when ttlMonitorSleepSecs is set on admin, then the command succeeds with the previous value', async () => {
    const reply = await target.client
      .db('admin')
      .command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    expect(reply.ok).toBe(1);
    expect(reply.was).toBeDefined();
  });
});

describe('aggregate errors', () => {
  it('when a stage is unknown, then MongoDB\'s "Unrecognized pipeline stage name" (40324) is answered', async () => {
    const items = target.db.collection(uniqueName('agg'));
    await items.insertOne({ a: 1 });
    await expect(items.aggregate([{ $fakeStage: {} }]).toArray()).rejects.toMatchObject({
      code: 40324,
      message: "Unrecognized pipeline stage name: '$fakeStage'",
    });
  });
});

describe('time series collections', () => {
  it('when a collection is created with timeseries, then listCollections reports type timeseries', async () => {
    const name = uniqueName('series');
    await target.db.createCollection(name, { timeseries: { timeField: 'at' } });
    const [info] = await target.db.listCollections({ name }).toArray();
    expect(info!.type).toBe('timeseries');
  });

  it('when a time series collection has expireAfterSeconds, then documents past it are removed by the TTL monitor', async () => {
    await target.client.db('admin').command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    const name = uniqueName('series');
    const series = await target.db.createCollection<Document>(name, {
      timeseries: { timeField: 'at', granularity: 'seconds' },
      expireAfterSeconds: 5,
    });
    await series.insertMany([
      { at: new Date(Date.now() - 2 * 3600_000), v: 1 },
      { at: new Date(), v: 2 },
    ]);
    for (let i = 0; i < 100 && (await series.countDocuments()) > 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await series.find().toArray()).map((doc) => doc.v)).toEqual([2]);
  });
});
