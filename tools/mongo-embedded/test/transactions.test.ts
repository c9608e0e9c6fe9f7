import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTarget } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

it('when a client runs a transaction on the standalone, then it is refused and nothing is written', async () => {
  const hello = await target.db.admin().command({ hello: 1 });
  if (hello.setName || hello.msg === 'isdbgrid') return; // a real replica set supports transactions
  const orders = target.db.collection('orders');
  const session = target.client.startSession();
  const error = await session
    .withTransaction(async () => {
      await orders.insertOne({ item: 'x' }, { session });
    })
    .catch((e: unknown) => e as Error);
  await session.endSession();
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(
    /Transaction numbers are only allowed|does not support retryable writes|transactions/i,
  );
  expect(await orders.countDocuments()).toBe(0);
});

it('when a raw command carries a transaction number, then the server answers with IllegalOperation', async () => {
  const hello = await target.db.admin().command({ hello: 1 });
  if (hello.setName || hello.msg === 'isdbgrid') return;
  const session = target.client.startSession();
  const error = await target.db
    .command(
      { find: 'orders', filter: {}, txnNumber: 1, startTransaction: true, autocommit: false },
      { session },
    )
    .catch((e: unknown) => e as { code?: number });
  await session.endSession();
  expect(error).toMatchObject({ code: 20 });
});
