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
      run: async ([key], items) => {
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

  it('when batching across keys, then a burst of several keys goes as one batch, each key in order and in one batch at a time', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const lanes = new BatchingLanes<string>({
      limit: 2,
      maxBatch: 4,
      maxQueued: 100,
      acrossKeys: true,
      run: async (_keys, items) => {
        running += 1;
        most = Math.max(most, running);
        batches.push(items);
        await sleep(20);
        running -= 1;
      },
    });
    for (const item of ['a0', 'b0', 'a1', 'c0', 'b1', 'd0']) await lanes.add(item[0], item);
    await lanes.idle();
    // The burst fills one batch up to its size; what is left of it (d) goes beside it.
    expect(batches[0]).toEqual(['a0', 'a1', 'b0', 'b1']);
    expect(batches.slice(1)).toEqual([['c0', 'd0']]);
    expect(most).toBe(2);
  });

  it('when batching across keys, then a key whose batch runs waits for it, while other keys go on', async () => {
    const batches: string[][] = [];
    const lanes = new BatchingLanes<string>({
      limit: 4,
      maxBatch: 10,
      maxQueued: 100,
      acrossKeys: true,
      run: async (_keys, items) => {
        batches.push(items);
        await sleep(items.includes('a0') ? 40 : 5);
      },
    });
    await lanes.add('a', 'a0');
    await sleep(5);
    await lanes.add('a', 'a1');
    await lanes.add('b', 'b0');
    await sleep(15);
    await lanes.add('a', 'a2');
    await lanes.idle();
    expect(batches).toEqual([['a0'], ['b0'], ['a1', 'a2']]);
  });
});
