// Read latency while the journal is compacted into a snapshot beside the running server.
// Usage: node bench/compaction-reads.ts [docs=100000]
// Loads the documents into a --dbpath server (its own process), then times findOne({ _id }) from one
// client for 3 s with nothing else going on, and again while a `compact` command runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import { startChild } from '../test/process.ts';

const docs = Number(process.argv[2] ?? 100_000);
const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-compaction-'));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(label: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${label}: ${sorted.length} reads, p50 ${percentile(sorted, 50).toFixed(3)} ms, p99 ${percentile(sorted, 99).toFixed(3)} ms, max ${sorted[sorted.length - 1]!.toFixed(3)} ms`,
  );
}

const server = await startChild(['--dbpath', dbPath]);
const client = await MongoClient.connect(server.uri);
try {
  const items = client
    .db('bench')
    .collection<{ _id: number; name: string; tags: string[] }>('items');
  for (let i = 0; i < docs; i += 1000) {
    await items.insertMany(
      Array.from({ length: Math.min(1000, docs - i) }, (_, j) => ({
        _id: i + j,
        name: `item ${i + j}`,
        tags: ['a', 'b', String((i + j) % 97)],
      })),
    );
  }
  const read = async (until: () => boolean): Promise<number[]> => {
    const latencies: number[] = [];
    while (!until()) {
      const started = performance.now();
      await items.findOne({ _id: Math.floor(Math.random() * docs) });
      latencies.push(performance.now() - started);
    }
    return latencies;
  };
  const quietEnd = performance.now() + 3000;
  summary('no compaction', await read(() => performance.now() > quietEnd));
  let done = false;
  const started = performance.now();
  const compaction = client
    .db('bench')
    .command({ compact: 'items' })
    .finally(() => (done = true));
  const during = await read(() => done);
  await compaction;
  const journalBytes = fs
    .readdirSync(dbPath)
    .filter((name) => name.startsWith('snapshot'))
    .map((name) => fs.statSync(path.join(dbPath, name)).size)[0];
  console.log(
    `compaction of ${docs} documents: ${(performance.now() - started).toFixed(0)} ms, snapshot ${journalBytes} bytes`,
  );
  summary('during compaction', during);
} finally {
  await client.close();
  server.child.kill('SIGKILL');
  await server.exited;
  fs.rmSync(dbPath, { recursive: true, force: true });
}
