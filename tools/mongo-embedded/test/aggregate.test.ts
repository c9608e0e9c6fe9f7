import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
let orders: Collection<Document>;
let customers: Collection<Document>;

beforeAll(async () => {
  target = await openTarget();
  orders = target.db.collection(uniqueName('orders'));
  customers = target.db.collection(uniqueName('customers'));
  await customers.insertMany([
    { _id: 'c1' as never, name: 'Ada' },
    { _id: 'c2' as never, name: 'Bob' },
  ]);
  await orders.insertMany([
    { customer: 'c1', item: 'pen', qty: 2, price: 1.5, tags: ['office', 'small'] },
    { customer: 'c1', item: 'desk', qty: 1, price: 120, tags: ['office'] },
    { customer: 'c2', item: 'pen', qty: 10, price: 1.5, tags: ['small'] },
    { customer: 'c2', item: 'lamp', qty: 1, price: 30 },
  ]);
});
afterAll(async () => {
  await target.close();
});

describe('counting', () => {
  it('when counting with the count command, then skip and limit apply', async () => {
    expect(
      await target.db.command({ count: orders.collectionName, query: { item: 'pen' } }),
    ).toMatchObject({ n: 2 });
    expect(
      await target.db.command({ count: orders.collectionName, query: {}, skip: 1, limit: 2 }),
    ).toMatchObject({ n: 2 });
  });

  it('when counting documents, then the aggregate form gives the number of matches', async () => {
    expect(await orders.countDocuments({ customer: 'c1' })).toBe(2);
    expect(await orders.countDocuments({}, { skip: 3 })).toBe(1);
    expect(await orders.countDocuments({ customer: 'nobody' })).toBe(0);
    expect(await orders.estimatedDocumentCount()).toBe(4);
  });

  it('when asking distinct values, then each appears once, array elements included', async () => {
    expect((await orders.distinct('item')).sort()).toEqual(['desk', 'lamp', 'pen']);
    expect((await orders.distinct('tags', { customer: 'c1' })).sort()).toEqual(['office', 'small']);
  });
});

describe('aggregate', () => {
  it('when grouping, sorting and limiting, then totals per group come back in order', async () => {
    const totals = await orders
      .aggregate([
        { $match: { qty: { $gte: 1 } } },
        {
          $group: {
            _id: '$customer',
            spent: { $sum: { $multiply: ['$qty', '$price'] } },
            orders: { $sum: 1 },
          },
        },
        { $sort: { spent: -1 } },
        { $limit: 1 },
      ])
      .toArray();
    expect(totals).toEqual([{ _id: 'c1', spent: 123, orders: 2 }]);
  });

  it('when projecting, adding fields and skipping, then the shaped documents come back', async () => {
    const shaped = await orders
      .aggregate([
        { $sort: { price: 1, qty: 1 } },
        { $skip: 1 },
        { $addFields: { total: { $multiply: ['$qty', '$price'] } } },
        { $project: { _id: 0, item: 1, total: 1 } },
      ])
      .toArray();
    expect(shaped).toEqual([
      { item: 'pen', total: 15 },
      { item: 'lamp', total: 30 },
      { item: 'desk', total: 120 },
    ]);
  });

  it('when unwinding arrays and counting, then each element is a document', async () => {
    expect(await orders.aggregate([{ $unwind: '$tags' }, { $count: 'n' }]).toArray()).toEqual([
      { n: 4 },
    ]);
  });

  it('when looking up another collection, then the joined documents are attached', async () => {
    const joined = await orders
      .aggregate([
        { $match: { item: 'lamp' } },
        {
          $lookup: {
            from: customers.collectionName,
            localField: 'customer',
            foreignField: '_id',
            as: 'who',
          },
        },
        { $project: { _id: 0, item: 1, 'who.name': 1 } },
      ])
      .toArray();
    expect(joined).toEqual([{ item: 'lamp', who: [{ name: 'Bob' }] }]);
  });

  it('when using $facet, then each sub-pipeline result is returned side by side', async () => {
    const [facets] = await orders
      .aggregate([
        {
          $facet: {
            pens: [{ $match: { item: 'pen' } }, { $count: 'n' }],
            maxQty: [{ $group: { _id: null, m: { $max: '$qty' } } }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({ pens: [{ n: 2 }], maxQty: [{ _id: null, m: 10 }] });
  });

  it('when a pipeline adds fields, then the stored documents are not changed', async () => {
    await orders.aggregate([{ $addFields: { qty: 0, 'extra.x': 1 } }]).toArray();
    expect(await orders.countDocuments({ qty: 0 })).toBe(0);
    expect(await orders.countDocuments({ extra: { $exists: true } })).toBe(0);
  });

  it('when the result spans several batches, then the aggregate cursor delivers all of it', async () => {
    const big = target.db.collection(uniqueName('big'));
    await big.insertMany(Array.from({ length: 230 }, (_, i) => ({ i })));
    const all = await big.aggregate([{ $sort: { i: -1 } }], { batchSize: 50 }).toArray();
    expect(all).toHaveLength(230);
    expect(all[0]).toMatchObject({ i: 229 });
  });
});
