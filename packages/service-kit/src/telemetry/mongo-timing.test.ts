import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type EmbeddedMongo } from '@levelup/mongo-embedded';
import { connectMongo } from '../mongo.ts';
import { registry } from './metrics.ts';

let server: EmbeddedMongo;
let db: Connection;

beforeAll(async () => {
  server = await start({ port: 0, memory: true });
  db = await connectMongo(server.uri, 'timing_test', 'svc-timing');
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

async function countOf(operation: string, outcome: string): Promise<number> {
  const metric = await registry
    .getSingleMetric('levelup_mongodb_operation_duration_seconds')!
    .get();
  return (
    metric.values.find(
      (value) =>
        (value as { metricName?: string }).metricName ===
          'levelup_mongodb_operation_duration_seconds_count' &&
        value.labels.service === 'svc-timing' &&
        value.labels.operation === operation &&
        value.labels.outcome === outcome,
    )?.value ?? 0
  );
}

describe('MongoDB operation timing', () => {
  it("when a service's models query, update, aggregate and save, then each operation is counted by collection and outcome, a refused write as an error", async () => {
    const Thing = db.model('Thing', new Schema({ n: { type: Number, unique: true } }));
    await Thing.init();
    await Thing.create({ n: 1 });
    await Thing.find({});
    await Thing.updateOne({ n: 1 }, { $set: { n: 2 } });
    await Thing.aggregate([{ $match: {} }]);
    await expect(Thing.create({ n: 2 })).rejects.toThrow(/duplicate key/);

    expect(await countOf('save', 'ok')).toBe(1);
    expect(await countOf('find', 'ok')).toBe(1);
    expect(await countOf('updateOne', 'ok')).toBe(1);
    expect(await countOf('aggregate', 'ok')).toBe(1);
    expect(await countOf('save', 'error')).toBe(1);
  });
});
