import mongoose, { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type EmbeddedMongo } from '@levelup/mongo-embedded';
import { connectMongo, REPLICA_SET_CONCERNS } from './mongo.ts';

let server: EmbeddedMongo;
let service: Connection;
let db: Connection;
const sent: Array<{ name: string; command: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = await start({ port: 0, memory: true });
  service = await connectMongo(server.uri, 'concerns_test');
  // The same settings on a connection that reports each command it sends.
  db = await mongoose
    .createConnection(server.uri, {
      dbName: 'concerns_test',
      ...REPLICA_SET_CONCERNS,
      monitorCommands: true,
    })
    .asPromise();
  const client = db.getClient();
  client.on('commandStarted', (event) =>
    sent.push({ name: event.commandName, command: event.command as Record<string, unknown> }),
  );
});
afterAll(async () => {
  await db?.close();
  await service?.close();
  await server?.stop();
});

describe("the services' MongoDB settings, written for a replica set", () => {
  it('when a service writes and reads, then its writes ask for a majority in the journal and its reads for majority-committed data, and the embedded server answers them as a single node', async () => {
    const options = service.getClient().options;
    expect(options).toMatchObject({ retryWrites: true, retryReads: true });
    expect(options.writeConcern).toMatchObject({ w: 'majority', journal: true });
    expect(options.readConcern).toMatchObject({ level: 'majority' });
    const Item = db.model('Item', new Schema({ name: String, n: Number }));
    await Item.create({ name: 'a', n: 1 });
    await Item.updateOne({ name: 'a' }, { $inc: { n: 1 } });
    await Item.bulkWrite([{ insertOne: { document: { name: 'b', n: 5 } } }]);
    expect((await Item.findOne({ name: 'a' }).lean())?.n).toBe(2);
    expect(await Item.countDocuments({})).toBe(2);
    const [total] = await Item.aggregate<{ total: number }>([
      { $group: { _id: null, total: { $sum: '$n' } } },
    ]);
    expect(total?.total).toBe(7);
    expect(
      await Item.findOneAndUpdate({ name: 'b' }, { $set: { n: 6 } }, { new: true }).lean(),
    ).toMatchObject({ n: 6 });

    const writes = sent.filter((one) => ['insert', 'update', 'findAndModify'].includes(one.name));
    expect(writes.length).toBeGreaterThanOrEqual(4);
    for (const write of writes)
      expect(write.command.writeConcern, write.name).toEqual({ w: 'majority', j: true });
    const reads = sent.filter((one) => ['find', 'aggregate'].includes(one.name));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads)
      expect(read.command.readConcern, read.name).toEqual({ level: 'majority' });
  });
});
