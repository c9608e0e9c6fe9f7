/**
 * What applying one XP event costs as a user's history grows (the total used to be re-summed
 * from the whole ledger on every event). svc-identity's own handler against the embedded server, for a
 * user with 10 and with 10,000 ledger rows: the median and p99 of 300 events applied one after another.
 * A flat line is the goal.
 *   node bench/xp-event-cost.ts
 */
import mongoose from 'mongoose';
import { makeEvent } from '@levelup/contracts';
import { silentLogger, start } from '@levelup/mongo-embedded';
import { createLogger } from '@levelup/service-kit';
import { ensureIdentityIndexes, identityModels } from '../svc-identity/src/index.ts';
import { xpEventHandler } from '../svc-identity/src/index.ts';
import { summarise } from './lib.ts';

const EVENTS = 300;
const mongo = await start({ port: 0, memory: true, logger: silentLogger });
const db = await mongoose.createConnection(mongo.uri, { dbName: 'xp_cost' }).asPromise();
const models = identityModels(db);
await ensureIdentityIndexes(models);
const apply = xpEventHandler(
  models,
  createLogger('bench', () => {}),
);

function completion(userId: string, i: number) {
  return makeEvent('quests.completed', {
    userId,
    questId: `q-${i}`,
    occurrenceId: null,
    seriesId: null,
    xpDelta: 10,
    difficulty: 'easy',
    category: null,
    growthPath: null,
    localDate: '2026-11-23',
    title: `Quest ${i}`,
    completionType: 'completed',
  });
}

async function userWithHistory(rows: number): Promise<string> {
  const userId = `user-${rows}`;
  await models.User.collection.insertOne({
    _id: userId as never,
    username: userId,
    usernameKey: userId,
    email: `${userId}@example.com`,
    displayName: userId,
    passwordHash: 'x',
    timeZone: 'Europe/Berlin',
    userNumber: rows,
    isFounder: false,
    xp: rows * 10,
    xpApplying: [],
    xpVersion: rows,
    outbox: [],
    outboxLockedUntil: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  for (let start = 0; start < rows; start += 1_000) {
    await models.XpLedger.collection.insertMany(
      Array.from({ length: Math.min(1_000, rows - start) }, (_, j) => ({
        _id: `${userId}-old-${start + j}` as never,
        userId,
        xpDelta: 10,
        type: 'quests.completed',
        at: new Date(),
        applied: true,
      })),
    );
  }
  return userId;
}

console.log('| ledger rows before | events | median per event | p99 per event | total XP right |');
console.log('|---|---|---|---|---|');
for (const rows of [10, 10_000]) {
  const userId = await userWithHistory(rows);
  for (let i = 0; i < 30; i++) await apply(completion(userId, -i - 1)); // warm-up
  const times: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const event = completion(userId, i);
    const t0 = performance.now();
    await apply(event);
    times.push(performance.now() - t0);
  }
  const { p50, p99 } = summarise(times);
  const user = await models.User.findById(userId).lean();
  const right = user?.xp === (rows + 30 + EVENTS) * 10;
  console.log(
    `| ${rows.toLocaleString('en')} | ${EVENTS} | ${p50.toFixed(2)} ms | ${p99.toFixed(2)} ms | ${right ? 'yes' : 'NO'} |`,
  );
}
await db.close();
await mongo.stop();
