import { describe, expect, it } from 'vitest';
import { BatchingLanes } from './batching-lanes.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batching lanes', () => {
  it('when items of a key arrive while its batch runs, then they go together as the next batch, in order', async () => {
    const batches: number[][] = [];
    const lanes = new BatchingLanes<number>({
      limit: 4,
      maxBatch: 10,
      maxQueued: 100,
      run: async (_key, items) => {
        batches.push(items);
        await sleep(30);
      },
    });
    for (let i = 0; i < 6; i += 1) await lanes.add('user-1', i);
    await lanes.idle();
    expect(batches).toEqual([[0], [1, 2, 3, 4, 5]]);
  });

  it('when a key has more waiting than the batch size, then batches are cut at that size and keys take turns', async () => {
    const batches: string[] = [];
    const lanes = new BatchingLanes<string>({
      limit: 1,
      maxBatch: 2,
      maxQueued: 100,
      run: async (key, items) => {
        batches.push(`${key}:${items.join(',')}`);
        await sleep(5);
      },
    });
    await lanes.add('a', 'a0');
    for (const item of ['a1', 'a2', 'a3', 'b0', 'b1']) await lanes.add(item[0], item);
    await lanes.idle();
    expect(batches).toEqual(['a:a0', 'a:a1,a2', 'b:b0,b1', 'a:a3']);
  });

  it('when keys differ, then at most the limit run at once, and adding waits while too many are queued', async () => {
    let running = 0;
    let most = 0;
    let queuedAtMost = 0;
    let added = 0;
    let done = 0;
    const lanes = new BatchingLanes<number>({
      limit: 3,
      maxBatch: 5,
      maxQueued: 6,
      run: async (_key, items) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(10);
        running -= 1;
        done += items.length;
      },
    });
    for (let i = 0; i < 30; i += 1) {
      await lanes.add(`user-${i % 10}`, i);
      added += 1;
      queuedAtMost = Math.max(queuedAtMost, added - done);
    }
    await lanes.idle();
    expect(done).toBe(30);
    expect(most).toBe(3);
    expect(queuedAtMost).toBeLessThanOrEqual(6);
  });

  it('when a batch fails, then the lane goes on with the next one', async () => {
    const seen: number[][] = [];
    const lanes = new BatchingLanes<number>({
      limit: 1,
      maxBatch: 10,
      maxQueued: 10,
      run: async (_key, items) => {
        seen.push(items);
        if (items[0] === 0) {
          await sleep(10);
          throw new Error('boom');
        }
      },
    });
    await lanes.add('k', 0);
    await lanes.add('k', 1);
    await lanes.idle();
    expect(seen).toEqual([[0], [1]]);
  });
});
