// The driver's streaming server monitor (awaitable hello over an exhausted connection) under load:
// the case where a monitor stream the server ended early cleared the pool and failed every
// operation in flight.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

const LOAD_MS = 20_000;
const WORKERS = 50;

it(
  'when 50 operations run at once for 20 seconds while the monitor streams, then the pool is never cleared and no operation fails',
  async () => {
    // A short heartbeat makes the monitor's stream (maxAwaitTimeMS = heartbeatFrequencyMS) cycle
    // about 40 times in the 20 seconds.
    const client = new MongoClient(target.uri, { heartbeatFrequencyMS: 500 });
    const poolClears: string[] = [];
    const heartbeatFailures: string[] = [];
    let streamedHeartbeats = 0;
    client.on('connectionPoolCleared', (event) => poolClears.push(event.address));
    client.on('serverHeartbeatFailed', (event) => heartbeatFailures.push(String(event.failure)));
    client.on('serverHeartbeatSucceeded', (event) => {
      if (event.awaited) streamedHeartbeats += 1;
    });
    const failures: string[] = [];
    let operations = 0;
    try {
      await client.connect();
      const quests = client.db(target.db.databaseName).collection(uniqueName('load'));
      const deadline = Date.now() + LOAD_MS;
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, worker) => {
          for (let round = 0; Date.now() < deadline; round += 1) {
            try {
              const { insertedId } = await quests.insertOne({ worker, round, done: false });
              await quests.findOne({ _id: insertedId });
              await quests.updateOne({ _id: insertedId }, { $set: { done: true } });
              await quests.find({ worker }).sort({ round: -1 }).limit(5).toArray();
              operations += 4;
            } catch (error) {
              failures.push(String(error));
            }
          }
        }),
      );
    } finally {
      await client.close();
    }
    expect({
      poolClears: poolClears.length,
      heartbeatFailures: heartbeatFailures.slice(0, 3),
      heartbeatFailureCount: heartbeatFailures.length,
      failedOperations: failures.slice(0, 3),
      failedOperationCount: failures.length,
    }).toEqual({
      poolClears: 0,
      heartbeatFailures: [],
      heartbeatFailureCount: 0,
      failedOperations: [],
      failedOperationCount: 0,
    });
    // The load really ran, and the monitor really streamed rather than polled.
    expect(operations).toBeGreaterThan(WORKERS * 4);
    expect(streamedHeartbeats).toBeGreaterThan(20);
  },
  LOAD_MS + 30_000,
);
