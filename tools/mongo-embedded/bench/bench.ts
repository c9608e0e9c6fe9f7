// Benchmark (a script, not a test): inserts/s and find latency through the official driver against
// the mongo-embedded bin running as its own process, at 1k, 10k and 100k documents per collection.
//   npm run bench            (in memory)
//   npm run bench -- --dbpath   (durable: journal + fsync per group commit)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { startChild } from '../test/process.ts';

const SIZES = [1_000, 10_000, 100_000];
const INDEXED_QUERIES = 2_000;
const UNINDEXED_QUERIES = 100;
const SINGLE_INSERTS = 2_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latencies(
  count: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

function doc(i: number): Document {
  return {
    k: `key-${i}`,
    u: `key-${i}`,
    n: i,
    group: i % 100,
    payload: 'x'.repeat(100),
    at: new Date(),
  };
}

async function benchSize(collection: Collection, size: number): Promise<Document> {
  await collection.createIndex({ k: 1 }, { unique: true });
  let t0 = performance.now();
  for (let start = 0; start < size; start += 1000) {
    await collection.insertMany(
      Array.from({ length: Math.min(1000, size - start) }, (_, j) => doc(start + j)),
      { ordered: false },
    );
  }
  const batchedPerSec = size / ((performance.now() - t0) / 1000);

  const extra = collection.db.collection(`${collection.collectionName}_single`);
  await extra.createIndex({ k: 1 }, { unique: true });
  t0 = performance.now();
  for (let i = 0; i < SINGLE_INSERTS; i++) await extra.insertOne(doc(i));
  const singlePerSec = SINGLE_INSERTS / ((performance.now() - t0) / 1000);

  const random = (): number => Math.floor(Math.random() * size);
  await latencies(200, () => collection.findOne({ k: `key-${random()}` })); // warm-up
  const indexed = await latencies(INDEXED_QUERIES, () =>
    collection.findOne({ k: `key-${random()}` }),
  );
  const unindexed = await latencies(UNINDEXED_QUERIES, () =>
    collection.findOne({ u: `key-${random()}` }),
  );
  return { size, batchedPerSec, singlePerSec, indexed, unindexed };
}

async function main(): Promise<void> {
  const durable = process.argv.includes('--dbpath');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-bench-'));
  const server = await startChild(durable ? ['--dbpath', dir] : ['--memory']);
  const client = await MongoClient.connect(server.uri);
  const rows: Document[] = [];
  try {
    for (const size of SIZES) {
      const collection = client.db('bench').collection(`c${size}`);
      await collection.drop().catch(() => {});
      rows.push(await benchSize(collection, size));
      console.error(`done ${size}`);
    }
  } finally {
    await client.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ms = (v: number): string => v.toFixed(3);
  console.log(
    `mode: ${durable ? 'dbpath (journal, fsync per group commit)' : 'memory'}; node ${process.version}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`,
  );
  console.log(
    '| docs | insertMany docs/s | insertOne ops/s | indexed find p50 ms | indexed find p99 ms | unindexed find p50 ms | unindexed find p99 ms |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.size} | ${Math.round(row.batchedPerSec)} | ${Math.round(row.singlePerSec)} | ${ms(row.indexed.p50)} | ${ms(row.indexed.p99)} | ${ms(row.unindexed.p50)} | ${ms(row.unindexed.p99)} |`,
    );
  }
}

await main();
