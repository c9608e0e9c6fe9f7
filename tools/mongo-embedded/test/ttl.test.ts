import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

// A real mongod's TTL monitor runs every 60 s, so allow that long against MONGO_URL.
it(
  'when a TTL-indexed date has passed, then the document is removed and others stay',
  { timeout: 120_000 },
  async () => {
    const sessions = target.db.collection(uniqueName('sessions'));
    await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await sessions.insertMany([
      { sid: 'old', expiresAt: new Date(Date.now() - 1000) },
      { sid: 'fresh', expiresAt: new Date(Date.now() + 3_600_000) },
      { sid: 'no-date', expiresAt: 'not a date' },
    ]);
    const indexes = await sessions.listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'expiresAt_1')).toMatchObject({ expireAfterSeconds: 0 });
    await expect
      .poll(async () => (await sessions.find({}).toArray()).map((s) => s.sid).sort(), {
        timeout: 110_000,
        interval: 250,
      })
      .toEqual(['fresh', 'no-date']);
  },
);
