import { describe, expect, it } from 'vitest';
import { PartitionedLanes } from './bus.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('partitioned lanes', () => {
  it('when tasks share a key, then they run in the order given even if later ones are quicker', async () => {
    const lanes = new PartitionedLanes(8);
    const done: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await lanes.run('user-1', async () => {
        await sleep(25 - i * 5);
        done.push(i);
      });
    }
    await lanes.idle();
    expect(done).toEqual([0, 1, 2, 3, 4]);
  });

  it('when tasks have different keys, then at most the limit run at once', async () => {
    const lanes = new PartitionedLanes(3);
    let running = 0;
    let most = 0;
    for (let i = 0; i < 12; i += 1) {
      await lanes.run(`user-${i}`, async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(10);
        running -= 1;
      });
    }
    await lanes.idle();
    expect(most).toBe(3);
  });

  it('when a task fails, then its lane goes on with the next task', async () => {
    const lanes = new PartitionedLanes(2);
    const done: string[] = [];
    await lanes.run('k', async () => {
      throw new Error('boom');
    });
    await lanes.run('k', async () => {
      done.push('after');
    });
    await lanes.idle();
    expect(done).toEqual(['after']);
  });

  it('when the limit is 1, then run resolves only after the task has finished', async () => {
    const lanes = new PartitionedLanes(1);
    const done: number[] = [];
    await lanes.run(undefined, async () => {
      await sleep(10);
      done.push(1);
    });
    expect(done).toEqual([1]);
  });
});
