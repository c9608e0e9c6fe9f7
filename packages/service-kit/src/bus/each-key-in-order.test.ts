import { describe, expect, it } from 'vitest';
import { eachKeyInOrder } from './rules.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('each key in order', () => {
  it('when entries of several keys come interleaved, then each key is applied in order and the keys side by side', async () => {
    const applied: string[] = [];
    let running = 0;
    let most = 0;
    await eachKeyInOrder(
      ['a1', 'b1', 'a2', 'c1', 'b2', 'a3'],
      (entry) => entry[0],
      async (entry) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(5);
        running -= 1;
        applied.push(entry);
      },
    );
    for (const key of ['a', 'b', 'c'])
      expect(applied.filter((entry) => entry[0] === key)).toEqual(
        ['a1', 'a2', 'a3', 'b1', 'b2', 'c1'].filter((entry) => entry[0] === key),
      );
    expect(most).toBe(3);
  });

  it('when one key fails, then the others still finish before the failure is thrown, and the failed key stops there', async () => {
    const applied: string[] = [];
    const done = eachKeyInOrder(
      ['a1', 'b1', 'a2', 'b2', 'b3'],
      (entry) => entry[0],
      async (entry) => {
        if (entry === 'a1') throw new Error('refused');
        await sleep(10);
        applied.push(entry);
      },
    );
    await expect(done).rejects.toThrow('refused');
    expect(applied).toEqual(['b1', 'b2', 'b3']);
  });
});
