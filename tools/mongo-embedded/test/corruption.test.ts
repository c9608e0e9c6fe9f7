// Embedded-only: damaged journal and snapshot files, as a disk or an editor leaves them.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import type { Document } from 'bson';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, start } from '../src/index.ts';
import { formatRepairReport, repair } from '../src/persistence/repair.ts';
import { openJournal } from '../src/persistence/journal.ts';
import { StorageEngine } from '../src/storage/engine.ts';
import { activeJournal, copyDir, frames, seeded, tempDir } from './dbpath.ts';
import type { Frame } from './dbpath.ts';
import { runBin, startChild } from './process.ts';
import { embedded } from './target.ts';

const dirs: string[] = [];
const DOCS = 60;

afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function idsServed(dbPath: string): Promise<number[]> {
  const server = await startChild(['--dbpath', dbPath]);
  try {
    const client = await MongoClient.connect(server.uri);
    const docs = await client.db('app').collection('items').find().sort({ _id: 1 }).toArray();
    await client.close();
    return docs.map((doc) => doc._id as unknown as number);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Starts a server in this process (cheaper than a child, for the many rounds of a loop). */
async function idsServedInProcess(dbPath: string): Promise<number[]> {
  const server = await start({ port: 0, dbPath, logger: silentLogger });
  try {
    const client = await MongoClient.connect(server.uri);
    const docs = await client.db('app').collection('items').find().sort({ _id: 1 }).toArray();
    await client.close();
    return docs.map((doc) => doc._id as unknown as number);
  } finally {
    await server.stop();
  }
}

/** Tries to start a server: the ids it serves, or the reason it refused. */
async function restart(dbPath: string, inProcess = false): Promise<number[] | string> {
  try {
    return await (inProcess ? idsServedInProcess(dbPath) : idsServed(dbPath));
  } catch (error) {
    return (error as Error).message;
  }
}

function allBut(lost: number | undefined): number[] {
  return Array.from({ length: DOCS }, (_, i) => i).filter((i) => i !== lost);
}

/** The _id of the document a record at `position` of the file carried (undefined: not a document). */
function lostId(file: string, position: number): number | undefined {
  const frame = frames(file).find((f: Frame) => f.start <= position && position < f.end);
  const record = frame?.record;
  return record?.op === 'put' ? ((record.doc as Document)._id as number) : undefined;
}

describe.skipIf(!embedded)('damaged journal and snapshot files', () => {
  let template: string;

  beforeAll(async () => {
    // 60 acknowledged inserts, one record each: a snapshot with the first ones, a journal with the rest.
    template = tempDir(dirs);
    const insert = async (uri: string, from: number, to: number): Promise<void> => {
      const client = await MongoClient.connect(uri);
      const items = client.db('app').collection('items');
      for (let i = from; i < to; i++)
        await items.insertOne({ _id: i as never, n: i, pad: 'p'.repeat(64) });
      await client.close();
    };
    const first = await startChild(['--dbpath', template]);
    await insert(first.uri, 0, 40);
    first.child.kill('SIGKILL');
    await first.exited;
    // A restart that compacts at once, with no writes: the snapshot holds exactly the first 40.
    const compacting = await startChild(['--dbpath', template], {
      MONGO_EMBEDDED_COMPACT_INTERVAL_MS: '20',
    });
    while (!compacting.output().includes('journal compacted'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    compacting.child.kill('SIGKILL');
    await compacting.exited;
    const server = await startChild(['--dbpath', template]);
    await insert(server.uri, 40, DOCS);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(frames(activeJournal(template)).length).toBeGreaterThanOrEqual(DOCS - 40);
  });

  for (const target of ['journal', 'snapshot'] as const) {
    it(`when one byte of the ${target} is flipped at 20 positions, then each restart serves all but the damaged record or refuses naming the repair, and repair recovers all but it`, async () => {
      const random = seeded(target === 'journal' ? 7 : 11);
      let repaired = 0;
      for (let round = 0; round < 20; round++) {
        const dbPath = tempDir(dirs);
        copyDir(template, dbPath);
        const file =
          target === 'journal' ? activeJournal(dbPath) : path.join(dbPath, 'snapshot.bson');
        const bytes = fs.readFileSync(file);
        const position = random(bytes.length);
        const lost = lostId(file, position);
        bytes[position]! ^= 1 << random(8);
        fs.writeFileSync(file, bytes);
        const context = `${target} byte ${position} of ${bytes.length}`;

        const first = await restart(dbPath);
        if (Array.isArray(first)) {
          // Served: only a torn last journal record may have been dropped.
          expect(first, context).toEqual(allBut(lost));
          continue;
        }
        expect(first, context).toContain(`mongo-embedded repair --dbpath ${dbPath}`);
        const report = await repair(dbPath);
        expect(report.lost, `${context}\n${formatRepairReport(report)}`).toHaveLength(1);
        expect(report.copiedTo).toMatch(/repair-/);
        expect(await restart(dbPath, true), context).toEqual(allBut(lost));
        repaired++;
      }
      // Most positions are not in the last record: the refuse-and-repair path must have run.
      expect(repaired).toBeGreaterThan(10);
    });
  }

  it('when the journal is cut at any record boundary or inside any record, then only the cut record is lost', async () => {
    const journalFrames = frames(activeJournal(template));
    const inSnapshot = frames(path.join(template, 'snapshot.bson')).filter(
      (f) => f.record.op === 'put',
    ).length;
    for (const [i, frame] of journalFrames.entries()) {
      for (const cut of [frame.start, frame.start + 1 + ((frame.end - frame.start) >> 1)]) {
        const dbPath = tempDir(dirs);
        copyDir(template, dbPath);
        fs.truncateSync(activeJournal(dbPath), cut);
        const engine = new StorageEngine();
        const journal = await openJournal(dbPath, engine, silentLogger);
        const kept = journalFrames.slice(0, i).filter((f) => f.record.op === 'put').length;
        expect(engine.get('app', 'items')?.size, `cut at ${cut}`).toBe(inSnapshot + kept);
        await journal.close();
        fs.rmSync(dbPath, { recursive: true, force: true });
      }
    }
  });

  it('when a torn journal is followed only by an empty one (a compaction that failed after creating it), then the torn record is dropped and the rest served', async () => {
    const dbPath = tempDir(dirs);
    copyDir(template, dbPath);
    const journal = activeJournal(dbPath);
    const n = Number(/journal\.(\d+)\.bson$/.exec(journal)![1]);
    const last = frames(journal).at(-1)!;
    fs.truncateSync(journal, last.end - 3);
    fs.writeFileSync(path.join(dbPath, `journal.${n + 1}.bson`), '');
    expect(await restart(dbPath, true)).toEqual(
      allBut((last.record.doc as Document)._id as number),
    );
  });

  it('when a middle byte of the journal is flipped, then the server refuses to start with the file, offset and repair command, and repair brings back every other write', async () => {
    const dbPath = tempDir(dirs);
    copyDir(template, dbPath);
    const file = activeJournal(dbPath);
    const bytes = fs.readFileSync(file);
    const middle = bytes.length >> 1;
    const lost = lostId(file, middle);
    bytes[middle]! ^= 0xff;
    fs.writeFileSync(file, bytes);
    const refused = await restart(dbPath);
    expect(refused).toMatch(
      new RegExp(
        `${path.basename(file)} is damaged at byte \\d+ of ${bytes.length} \\([a-z ]+\\) and \\d+ intact records follow it`,
      ),
    );
    const repaired = await runBin(['repair', '--dbpath', dbPath]);
    expect(repaired.code).toBe(3);
    expect(repaired.output).toContain(`lost: damaged record at byte`);
    expect(repaired.output).toContain(`app.items, _id ${lost})`);
    const copies = fs.readdirSync(dbPath).filter((name) => name.startsWith('repair-'));
    expect(fs.readFileSync(path.join(dbPath, copies[0]!, path.basename(file)))).toEqual(bytes);
    expect(await idsServed(dbPath)).toEqual(allBut(lost));
    const again = await runBin(['repair', '--dbpath', dbPath]);
    expect(again).toMatchObject({ code: 0 });
    expect(again.output).toContain('nothing changed');
  });

  it('when the dbpath holds files written before record markers, then they are read and converted, a torn tail still dropped', async () => {
    const dbPath = tempDir(dirs);
    const legacy = (records: Document[]): Buffer =>
      Buffer.concat(
        records.map((record) => {
          const payload = BSON.serialize(record);
          const header = Buffer.alloc(8);
          header.writeUInt32LE(payload.length, 0);
          header.writeUInt32LE(crc32(payload), 4);
          return Buffer.concat([header, payload]);
        }),
      );
    fs.writeFileSync(
      path.join(dbPath, 'snapshot.bson'),
      legacy([
        { op: 'createColl', db: 'app', coll: 'items', options: {} },
        {
          op: 'createIndex',
          db: 'app',
          coll: 'items',
          spec: { v: 2, key: { n: 1 }, name: 'n_1', unique: true },
        },
        ...[0, 1, 2].map((i) => ({ op: 'put', db: 'app', coll: 'items', doc: { _id: i, n: i } })),
      ]),
    );
    const journal = legacy([
      { op: 'put', db: 'app', coll: 'items', doc: { _id: 3, n: 3 } },
      { op: 'del', db: 'app', coll: 'items', id: 0 },
    ]);
    fs.writeFileSync(
      path.join(dbPath, 'journal.bson'),
      Buffer.concat([journal, Buffer.from([40, 0, 0, 0, 1])]),
    );
    const server = await startChild(['--dbpath', dbPath]);
    expect(server.output()).toMatch(/torn last journal record/);
    const client = await MongoClient.connect(server.uri);
    const items = client.db('app').collection('items');
    expect(await items.find().sort({ _id: 1 }).toArray()).toEqual(
      [1, 2, 3].map((i) => ({ _id: i, n: i })),
    );
    expect(await items.insertOne({ n: 1 }).catch((e: unknown) => e)).toMatchObject({ code: 11000 });
    await client.close();
    server.child.kill('SIGKILL');
    await server.exited;
    expect(fs.existsSync(path.join(dbPath, 'journal.bson'))).toBe(false);
    expect(fs.readFileSync(path.join(dbPath, 'snapshot.bson')).toString('latin1', 0, 4)).toBe(
      'MEJ2',
    );
    expect(await idsServed(dbPath)).toEqual([1, 2, 3]);
  });
});
