// Embedded-only: compaction runs beside the server, which is killed at each point inside it.
import fs from 'node:fs';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { childServers } from './process.ts';
import { embedded } from './target.ts';

const servers = childServers();
const run = servers.start;

describe.skipIf(!embedded)('compaction beside the running server', () => {
  for (const stage of ['switched', 'writing', 'synced', 'renamed']) {
    it(`when the server is killed with a compaction stopped at "${stage}" while clients read and write, then a restart has every acknowledged write`, async () => {
      const dbPath = servers.dbPath();
      const server = await run(dbPath, {
        MONGO_EMBEDDED_COMPACT_INTERVAL_MS: '20',
        MONGO_EMBEDDED_COMPACTION_STALL: stage,
      });
      const client = await MongoClient.connect(server.uri, { maxPoolSize: 10 });
      const items = client.db('app').collection<{ _id: number; v: number }>('items');
      await items.createIndex({ v: 1 });
      await items.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: i, v: 0 })));
      while (!server.output().includes(`compaction stalled at ${stage}`))
        await new Promise((resolve) => setTimeout(resolve, 20));
      // The compaction is under way (and will not finish): the server keeps reading and writing.
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => items.updateOne({ _id: i }, { $set: { v: 1 } })),
      );
      await items.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: 200 + i, v: 2 })));
      await items.deleteMany({ _id: { $gte: 150, $lt: 200 } });
      expect(await items.countDocuments({ v: 1 })).toBe(100);
      await client.close();
      server.child.kill('SIGKILL');
      await server.exited;

      const restarted = await run(dbPath);
      const again = await MongoClient.connect(restarted.uri);
      const coll = again.db('app').collection('items');
      expect(await coll.countDocuments()).toBe(200);
      expect(await coll.countDocuments({ v: 0 })).toBe(50);
      expect(await coll.countDocuments({ v: 1 })).toBe(100);
      expect(await coll.countDocuments({ v: 2 })).toBe(50);
      expect((await coll.indexes()).map((index) => index.name)).toEqual(['_id_', 'v_1']);
      await again.close();
    });
  }

  it('when clients write while a compact command runs, then every write is acknowledged and kept, and the old journal is gone', async () => {
    const dbPath = servers.dbPath();
    const server = await run(dbPath);
    const client = await MongoClient.connect(server.uri, { maxPoolSize: 10 });
    const db = client.db('app');
    const items = db.collection<{ _id: number }>('items');
    await items.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: i })));
    const [compacted] = await Promise.all([
      db.command({ compact: 'items' }),
      ...Array.from({ length: 50 }, (_, i) => items.insertOne({ _id: 2000 + i })),
    ]);
    expect(compacted).toMatchObject({ ok: 1 });
    expect(server.output()).toContain('journal compacted');
    expect(
      fs
        .readdirSync(dbPath)
        .filter((name) => name.startsWith('journal'))
        .sort(),
    ).toEqual(['journal.2.bson']);
    expect(await db.command({ compact: 'nothing' }).catch((e: unknown) => e)).toMatchObject({
      code: 26,
      codeName: 'NamespaceNotFound',
    });
    await client.close();
    server.child.kill('SIGKILL');
    await server.exited;
    const restarted = await run(dbPath);
    const again = await MongoClient.connect(restarted.uri);
    expect(await again.db('app').collection('items').countDocuments()).toBe(2050);
    await again.close();
  });
});
