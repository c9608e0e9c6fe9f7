import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_QUOTAS, goalListResponseSchema, goalSchema } from '@levelup/contracts';
import { goalModels } from '../src/goals/models.ts';
import { startGoals, type GoalsHarness } from './harness.ts';

// A member keeps at most STORAGE_QUOTAS.goals goals: past it, a create is 409 naming the limit and
// writes nothing; deleting one makes room again.

let service: GoalsHarness;
beforeAll(async () => {
  service = await startGoals();
});
afterAll(async () => {
  await service?.stop();
});

describe('the goals quota', () => {
  it('when a member keeps the most goals allowed, then one more is 409 naming the limit, nothing is written, and deleting one makes room', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const first = await me('POST', '/api/goals', { title: 'Goal 1' });
    expect(first.status).toBe(201);
    // The rest of the quota as stored goals like the first (a loop of requests would only be slower).
    const { Goal } = goalModels(service.deps.db);
    const stored = await Goal.findById(first.body.id).lean();
    const { max } = STORAGE_QUOTAS.goals;
    await Goal.insertMany(
      Array.from({ length: max - 1 }, (_, i) => ({
        ...stored,
        _id: new Types.ObjectId(),
        title: `Goal ${i + 2}`,
        outbox: [],
      })),
    );

    const refused = await me('POST', '/api/goals', { title: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'QUOTA_REACHED',
        message: `You have reached the limit of ${max} goals; delete some to add more.`,
      },
    });
    const list = goalListResponseSchema.parse((await me('GET', '/api/goals')).body);
    expect(list).toHaveLength(max);
    expect(await Goal.countDocuments({ userId, title: 'One too many' })).toBe(0);

    // Another member is not affected.
    expect((await service.as(randomUUID())('POST', '/api/goals', { title: 'Mine' })).status).toBe(
      201,
    );
    expect((await me('DELETE', `/api/goals/${first.body.id}`)).status).toBeLessThan(300);
    const made = await me('POST', '/api/goals', { title: 'Room again' });
    expect(made.status).toBe(201);
    expect(goalSchema.parse(made.body).title).toBe('Room again');
  });
});
