import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
let connection: mongoose.Connection;

const questSchema = new mongoose.Schema(
  {
    ownerId: { type: String, required: true },
    title: { type: String, required: true },
    slug: { type: String, required: true },
    xp: { type: Number, default: 10 },
    done: { type: Boolean, default: false },
    steps: [{ label: String, checked: Boolean }],
  },
  { timestamps: true },
);
questSchema.index({ ownerId: 1, slug: 1 }, { unique: true });

beforeAll(async () => {
  target = await openTarget();
  connection = await mongoose
    .createConnection(target.uri, { dbName: uniqueName('mongoose') })
    .asPromise();
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
  await target.close();
});

describe('mongoose models', () => {
  it('when a model is initialised, then its collection and declared indexes exist', async () => {
    const Quest = connection.model('Quest', questSchema);
    await Quest.init();
    const indexes = await Quest.listIndexes();
    expect(indexes.map((i) => i.name)).toContain('ownerId_1_slug_1');
  });

  it('when documents are created, read, updated and deleted, then each step is visible', async () => {
    const Quest = connection.model('Quest', questSchema);
    const created = await Quest.create({
      ownerId: 'u1',
      title: 'Walk',
      slug: 'walk',
      steps: [{ label: 'shoes', checked: false }],
    });
    expect(created.xp).toBe(10);
    const found = await Quest.findById(created._id).lean();
    expect(found).toMatchObject({
      title: 'Walk',
      done: false,
      steps: [{ label: 'shoes', checked: false }],
    });
    expect(found!.createdAt).toBeInstanceOf(Date);

    await Quest.updateOne(
      { _id: created._id, 'steps.label': 'shoes' },
      { $set: { 'steps.$.checked': true } },
    );
    const updated = await Quest.findOneAndUpdate(
      { _id: created._id },
      { $inc: { xp: 5 }, done: true },
      { new: true },
    ).lean();
    expect(updated).toMatchObject({
      xp: 15,
      done: true,
      steps: [{ label: 'shoes', checked: true }],
    });

    const doc = await Quest.findById(created._id);
    doc!.title = 'Long walk';
    await doc!.save();
    expect((await Quest.findById(created._id).lean())!.title).toBe('Long walk');

    await Quest.deleteOne({ _id: created._id });
    expect(await Quest.findById(created._id)).toBeNull();
  });

  it('when a unique compound key repeats, then mongoose reports E11000 with the key value', async () => {
    const Quest = connection.model('Quest', questSchema);
    await Quest.init();
    await Quest.create({ ownerId: 'u2', title: 'A', slug: 'same' });
    const error = (await Quest.create({ ownerId: 'u2', title: 'B', slug: 'same' }).catch(
      (e: unknown) => e,
    )) as { code: number; keyValue: unknown };
    expect(error.code).toBe(11000);
    expect(error.keyValue).toEqual({ ownerId: 'u2', slug: 'same' });
  });

  it('when querying with sort, skip, limit, select and countDocuments, then mongoose gets MongoDB answers', async () => {
    const Quest = connection.model('Quest', questSchema);
    await Quest.insertMany(
      Array.from({ length: 25 }, (_, i) => ({
        ownerId: 'u3',
        title: `t${i}`,
        slug: `s${i}`,
        xp: i,
      })),
    );
    const page = await Quest.find({ ownerId: 'u3', xp: { $gte: 5 } })
      .sort({ xp: -1 })
      .skip(2)
      .limit(3)
      .select('xp -_id')
      .lean();
    expect(page).toEqual([{ xp: 22 }, { xp: 21 }, { xp: 20 }]);
    expect(await Quest.countDocuments({ ownerId: 'u3' })).toBe(25);
    const [sum] = await Quest.aggregate<{ total: number }>([
      { $match: { ownerId: 'u3' } },
      { $group: { _id: null, total: { $sum: '$xp' } } },
    ]);
    expect(sum!.total).toBe(300);
  });

  it('when upserting with mongoose, then $setOnInsert defaults are written once', async () => {
    const Quest = connection.model('Quest', questSchema);
    const filter = { ownerId: 'u4', slug: 'daily' };
    await Quest.updateOne(
      filter,
      { $set: { title: 'Daily' } },
      { upsert: true, setDefaultsOnInsert: true },
    );
    await Quest.updateOne(
      filter,
      { $set: { title: 'Daily 2' } },
      { upsert: true, setDefaultsOnInsert: true },
    );
    const docs = await Quest.find(filter).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ title: 'Daily 2', xp: 10, done: false });
  });

  it('when a cursor streams many documents, then every one arrives', async () => {
    const Quest = connection.model('Quest', questSchema);
    await Quest.insertMany(
      Array.from({ length: 260 }, (_, i) => ({ ownerId: 'u5', title: `c${i}`, slug: `c${i}` })),
    );
    let count = 0;
    for await (const _quest of Quest.find({ ownerId: 'u5' }).cursor({ batchSize: 30 })) count++;
    expect(count).toBe(260);
  });
});
