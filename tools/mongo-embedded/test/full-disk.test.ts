// Embedded-only: the journal's disk fills up (simulated by the persistence layer's fault hook).
import fs from 'node:fs';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { childServers } from './process.ts';
import { embedded } from './target.ts';

const servers = childServers();
const run = servers.start;

describe.skipIf(!embedded)('a full disk under the journal', () => {
  it('when the disk fills while clients write and read, then writes and reads are refused with OutOfDiskSpace, no refused write is ever seen, and a restart with space has every acknowledged one', async () => {
    const dbPath = servers.dbPath();
    // About 60 records fit; the write that crosses the limit is cut short, the next gets ENOSPC.
    const server = await run(dbPath, { MONGO_EMBEDDED_DISK_BYTES: '9000' });
    const client = await MongoClient.connect(server.uri, { maxPoolSize: 10 });
    const items = client.db('app').collection<{ _id: number; n: number }>('items');
    const acknowledged = new Set<number>();
    const refused = new Map<number, { code?: number; codeName?: string }>();
    const seen = new Set<number>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        try {
          for (const doc of await items.find().toArray()) seen.add(doc._id);
        } catch (error) {
          expect(error).toMatchObject({ code: 14031, codeName: 'OutOfDiskSpace' });
        }
      }
    })();
    await Promise.all(
      Array.from({ length: 5 }, async (_, writer) => {
        for (let i = 0; i < 40; i++) {
          const _id = writer * 1000 + i;
          try {
            await items.insertOne({ _id, n: i });
            acknowledged.add(_id);
          } catch (error) {
            refused.set(_id, error as { code?: number; codeName?: string });
          }
        }
      }),
    );
    writing = false;
    await reader;
    expect(acknowledged.size).toBeGreaterThan(20);
    expect(refused.size).toBeGreaterThan(20);
    for (const error of refused.values())
      expect(error).toMatchObject({ code: 14031, codeName: 'OutOfDiskSpace' });
    expect((refused.values().next().value as Error).message).toMatch(
      /out of disk space: ENOSPC.*refuses reads and writes until it is restarted/,
    );
    // Reads are refused from the failure on, so nothing that was not made durable was ever served.
    for (const id of seen) expect(acknowledged.has(id), `_id ${id} was read`).toBe(true);
    expect(await items.findOne({}).catch((e: unknown) => e)).toMatchObject({ code: 14031 });
    expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(server.output()).toContain('journal write failed (ENOSPC)');
    await client.close();
    server.child.kill('SIGKILL');
    await server.exited;

    // Space is back: every acknowledged write, no refused one, and no torn record to drop.
    const restarted = await run(dbPath);
    const again = await MongoClient.connect(restarted.uri);
    const ids = (await again.db('app').collection('items').find().toArray()).map((d) => d._id);
    expect(new Set(ids)).toEqual(acknowledged);
    expect(restarted.output()).not.toContain('torn');
    await again
      .db('app')
      .collection('items')
      .insertOne({ _id: 'after' as never });
    await again.close();
  });

  it('when the disk is full during a compaction, then the snapshot is abandoned, the old files stay and nothing is lost', async () => {
    const dbPath = servers.dbPath();
    const first = await run(dbPath);
    const client = await MongoClient.connect(first.uri);
    const items = client.db('app').collection('items');
    for (let i = 0; i < 50; i++) await items.insertOne({ _id: i as never, pad: 'x'.repeat(200) });
    await client.close();
    first.child.kill('SIGKILL');
    await first.exited;
    // Room for the new journal's first records but not for the whole snapshot.
    const second = await run(dbPath, {
      MONGO_EMBEDDED_DISK_BYTES: '4000',
      MONGO_EMBEDDED_COMPACT_INTERVAL_MS: '20',
    });
    while (!second.output().includes('journal compaction failed'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.readdirSync(dbPath)).not.toContain('snapshot.bson.tmp');
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await run(dbPath);
    const again = await MongoClient.connect(third.uri);
    expect(await again.db('app').collection('items').countDocuments()).toBe(50);
    await again.close();
  });
});
