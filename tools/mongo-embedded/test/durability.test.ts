// Embedded-only: these tests kill the server process and restart it on the same --dbpath.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { embedded } from './target.ts';
import { startChild } from './process.ts';
import { activeJournal } from './dbpath.ts';
import type { ChildServer } from './process.ts';

const dirs: string[] = [];
const children: ChildServer[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-'));
  dirs.push(dir);
  return dir;
}

async function run(dbPath: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const server = await startChild(['--dbpath', dbPath], env);
  children.push(server);
  return server;
}

async function killHard(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

afterEach(async () => {
  for (const server of children.splice(0))
    if (server.child.exitCode === null) await killHard(server);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Acknowledged writes of every kind, racing from many clients at once. */
async function writeWorkload(uri: string): Promise<void> {
  const client = await MongoClient.connect(uri, { maxPoolSize: 20 });
  try {
    const items = client.db('app').collection('items');
    await items.createIndex({ sku: 1 }, { unique: true });
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        items.insertOne({ _id: i as never, sku: `s${i}`, qty: 0 }),
      ),
    );
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        items.updateOne({ _id: i as never }, { $inc: { qty: 5 } }),
      ),
    );
    await items.deleteMany({ _id: { $gte: 350 } as never });
    await client.db('app').collection('temp').insertOne({ a: 1 });
    await client.db('app').collection('temp').drop();
  } finally {
    await client.close();
  }
}

async function expectWorkloadState(uri: string): Promise<void> {
  const client = await MongoClient.connect(uri);
  try {
    const items = client.db('app').collection('items');
    expect(await items.countDocuments()).toBe(350);
    expect(await items.countDocuments({ qty: 5 })).toBe(100);
    expect(await items.findOne({ _id: 7 as never })).toEqual({ _id: 7, sku: 's7', qty: 5 });
    expect((await client.db('app').listCollections().toArray()).map((c) => c.name)).toEqual([
      'items',
    ]);
    const duplicate = await items.insertOne({ sku: 's1' }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: 11000 });
  } finally {
    await client.close();
  }
}

describe.skipIf(!embedded)('durability with --dbpath', () => {
  it('when the process is killed with SIGKILL after acknowledging writes, then a restart has every one of them', async () => {
    const dbPath = tempDir();
    const first = await run(dbPath);
    await writeWorkload(first.uri);
    await killHard(first);
    const second = await run(dbPath);
    await expectWorkloadState(second.uri);
  });

  it('when the journal is compacted into snapshots while writing, then a restart after SIGKILL still has everything', async () => {
    const dbPath = tempDir();
    const first = await run(dbPath, { MONGO_EMBEDDED_COMPACT_INTERVAL_MS: '20' });
    await writeWorkload(first.uri);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.output()).toContain('journal compacted');
    await killHard(first);
    expect(fs.existsSync(path.join(dbPath, 'snapshot.bson'))).toBe(true);
    const second = await run(dbPath);
    await expectWorkloadState(second.uri);
  });

  it('when the last journal record is torn, then it is dropped with a warning and the rest is served', async () => {
    const dbPath = tempDir();
    const first = await run(dbPath);
    await writeWorkload(first.uri);
    await killHard(first);
    const journal = activeJournal(dbPath);
    // A record header promising 200 bytes followed by only a few: what a crash mid-write leaves.
    const torn = Buffer.alloc(20);
    torn.writeUInt32LE(200, 0);
    fs.appendFileSync(journal, torn);
    const second = await run(dbPath);
    expect(second.output()).toMatch(/torn last journal record/);
    await expectWorkloadState(second.uri);
    const client = await MongoClient.connect(second.uri);
    await client
      .db('app')
      .collection('items')
      .insertOne({ _id: 1000 as never, sku: 'after' });
    await client.close();
    await killHard(second);
    const third = await run(dbPath);
    const again = await MongoClient.connect(third.uri);
    expect(await again.db('app').collection('items').countDocuments()).toBe(351);
    await again.close();
  });

  it('when the process gets SIGTERM, then it stops cleanly and keeps its data', async () => {
    const dbPath = tempDir();
    const first = await run(dbPath);
    await writeWorkload(first.uri);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await run(dbPath);
    await expectWorkloadState(second.uri);
  });

  it('when a second server is started on a dbpath in use, then it refuses to start and the first keeps serving', async () => {
    const dbPath = tempDir();
    const first = await run(dbPath);
    const error = await startChild(['--dbpath', dbPath]).catch((e: unknown) => e as Error);
    expect((error as Error).message).toMatch(/is in use by process/);
    const client = await MongoClient.connect(first.uri);
    expect(await client.db('app').command({ ping: 1 })).toMatchObject({ ok: 1 });
    await client.close();
  });

  it('when started with --memory, then nothing is written to disk', async () => {
    const dbPath = tempDir();
    const server = await startChild(['--memory', '--dbpath', path.join(dbPath, 'unused')]);
    children.push(server);
    const client = await MongoClient.connect(server.uri);
    await client.db('app').collection('c').insertOne({ a: 1 });
    await client.close();
    expect(fs.existsSync(path.join(dbPath, 'unused'))).toBe(false);
  });
});
