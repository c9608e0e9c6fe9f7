// Embedded-only: online backup while clients write, restore into a new dbpath, export.
import fs from 'node:fs';
import path from 'node:path';
import { BSON, EJSON } from 'bson';
import type { Document } from 'bson';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger, start } from '../src/index.ts';
import { runTool } from '../src/tools.ts';
import { tempDir } from './dbpath.ts';
import { runBin, startChild } from './process.ts';
import type { ChildServer } from './process.ts';
import { embedded } from './target.ts';

const dirs: string[] = [];
const children: ChildServer[] = [];

afterEach(async () => {
  for (const server of children.splice(0)) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function run(dbPath: string): Promise<ChildServer> {
  const server = await startChild(['--dbpath', dbPath]);
  children.push(server);
  return server;
}

/** Runs a bin tool in this process (a child per call would cost a second each): code and output. */
async function tool(args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const capture = (...parts: unknown[]): void => {
    output += `${parts.join(' ')}\n`;
  };
  const log = vi.spyOn(console, 'log').mockImplementation(capture);
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  try {
    return { code: await runTool(args[0]!, args.slice(1)), output };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** Every collection's documents (by _id) and index names: what "identical" compares. */
async function contents(uri: string): Promise<Document> {
  const client = await MongoClient.connect(uri, { promoteLongs: false });
  try {
    const out: Document = {};
    for (const { name: db } of (await client.db('admin').admin().listDatabases()).databases) {
      for (const { name } of await client.db(db).listCollections().toArray()) {
        const coll = client.db(db).collection(name);
        out[`${db}.${name}`] = {
          docs: await coll.find().sort({ _id: 1 }).toArray(),
          indexes: (await coll.indexes()).map((index) => [index.name, index.unique ?? false]),
        };
      }
    }
    return out;
  } finally {
    await client.close();
  }
}

describe.skipIf(!embedded)('backup, restore and export', () => {
  it('when a backup is taken while a client writes, then it is one point in time, and a backup after the writes restores identical data', async () => {
    const dbPath = tempDir(dirs);
    const server = await run(dbPath);
    const client = await MongoClient.connect(server.uri);
    const db = client.db('app');
    await db.collection('log').createIndex({ seq: 1 }, { unique: true });
    await db
      .collection('typed')
      .insertOne({ _id: 'n' as never, long: BSON.Long.fromNumber(5), double: new BSON.Double(2) });
    let writing = true;
    let written = 0;
    const writer = (async () => {
      // One writer, each write acknowledged before the next: any point in time is a prefix.
      while (writing) {
        await db.collection('log').insertOne({ _id: written as never, seq: written });
        await db
          .collection('counter')
          .updateOne({ _id: 'c' as never }, { $set: { n: written } }, { upsert: true });
        written++;
      }
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const during = path.join(tempDir(dirs), 'during');
    const online = await runBin(['backup', '--dbpath', dbPath, '--to', during]);
    expect(online.code, online.output).toBe(0);
    expect(online.output).toMatch(
      /backed up 3 collections, \d+ documents .* from the server on port \d+/,
    );
    while (written < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await writer;

    const after = path.join(tempDir(dirs), 'after');
    expect((await tool(['backup', '--dbpath', dbPath, '--to', after])).code).toBe(0);
    await client.close();
    const original = await contents(server.uri);

    // The backup taken during the writes: a prefix of the log, the counter at its end.
    const restoredDuring = path.join(tempDir(dirs), 'db');
    const restoring = await tool(['restore', '--from', during, '--dbpath', restoredDuring]);
    expect(restoring.code, restoring.output).toBe(0);
    const fromDuring = await contents((await run(restoredDuring)).uri);
    const seqs = (fromDuring['app.log'].docs as Document[]).map((doc) => doc.seq as number);
    expect(seqs.length).toBeGreaterThanOrEqual(20);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect([seqs.length - 2, seqs.length - 1]).toContain(fromDuring['app.counter'].docs[0].n);

    // The backup after the writes: identical to the server, number types and indexes included.
    const restoredAfter = path.join(tempDir(dirs), 'db');
    expect((await tool(['restore', '--from', after, '--dbpath', restoredAfter])).code).toBe(0);
    expect(await contents((await run(restoredAfter)).uri)).toEqual(original);
    expect((original['app.typed'].docs as Document[])[0]!.long._bsontype).toBe('Long');

    // Refusals: a target that is not empty, a running server's dbpath to export.
    const refusedBackup = await tool(['backup', '--dbpath', dbPath, '--to', after]);
    expect(refusedBackup.code).toBe(1);
    expect(refusedBackup.output).toContain('is not empty');
    expect((await tool(['restore', '--from', after, '--dbpath', restoredAfter])).code).toBe(1);
    const exportRunning = await tool(['export', '--dbpath', dbPath, '--out', tempDir(dirs)]);
    expect(exportRunning.code).toBe(1);
    expect(exportRunning.output).toContain('mongo-embedded backup --dbpath');
    expect((await tool(['backup', '--dbpath', dbPath])).code).toBe(2);
    const restoreRunning = await tool(['restore', '--from', dbPath, '--dbpath', tempDir(dirs)]);
    expect(restoreRunning.code).toBe(1);
    expect(restoreRunning.output).toContain('is in use by process');
  });

  it('when a backup is exported, then the Extended JSON and BSON files give the driver the same documents', async () => {
    const dbPath = tempDir(dirs);
    const source = await start({ port: 0, dbPath, logger: silentLogger });
    const client = await MongoClient.connect(source.uri);
    const items = client.db('shop').collection('items');
    await items.createIndex({ sku: 1 }, { unique: true });
    const docs = [
      {
        _id: new BSON.ObjectId(),
        sku: 'a',
        price: new BSON.Decimal128('9.99'),
        at: new Date(0),
        n: BSON.Long.fromNumber(7),
      },
      {
        _id: new BSON.ObjectId(),
        sku: 'b',
        tags: ['x', 'y'],
        bin: new BSON.Binary(Buffer.from([1, 2]), 0x80),
        d: new BSON.Double(3),
      },
    ];
    await items.insertMany(docs);
    await client.close();
    await source.stop();

    const out = path.join(tempDir(dirs), 'export');
    const exported = await runBin(['export', '--dbpath', dbPath, '--out', out]);
    expect(exported.code, exported.output).toBe(0);
    const lines = fs
      .readFileSync(path.join(out, 'shop', 'items.json'), 'utf8')
      .trim()
      .split('\n');
    const fromJson = lines.map((line) => EJSON.parse(line, { relaxed: false }));
    const bson = fs.readFileSync(path.join(out, 'shop', 'items.bson'));
    const fromBson: Document[] = [];
    for (let at = 0; at < bson.length; at += bson.readInt32LE(at))
      fromBson.push(
        BSON.deserialize(bson.subarray(at, at + bson.readInt32LE(at)), { promoteValues: false }),
      );
    const metadata = EJSON.parse(
      fs.readFileSync(path.join(out, 'shop', 'items.metadata.json'), 'utf8'),
    );
    expect(metadata.indexes.map((index: Document) => index.name)).toEqual(['_id_', 'sku_1']);

    // Imported through the driver into a fresh server, they read back as the originals.
    const fresh = await start({ port: 0, logger: silentLogger });
    const again = await MongoClient.connect(fresh.uri, { promoteValues: false });
    await again.db('shop').collection('items').insertMany(fromJson);
    const read = await again.db('shop').collection('items').find().toArray();
    await again.close();
    await fresh.stop();
    const canonical = (value: unknown): string =>
      EJSON.stringify(value as Document, { relaxed: false });
    expect(read.map(canonical)).toEqual(docs.map(canonical));
    expect(fromBson.map(canonical)).toEqual(docs.map(canonical));
  });
});
