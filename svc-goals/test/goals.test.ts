import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityHeaders, startTestService, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { goalModel } from '../src/goals/models.ts';
import { talentNodeModel } from '../src/talent-tree/models.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ name: 'svc-goals', createApp, startWorkers });
});
afterAll(async () => {
  await service?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { headers });

describe('svc-goals', () => {
  it('when /health is called, then it answers ok without identity', async () => {
    expect(await (await get('/health')).json()).toEqual({ status: 'ok', service: 'svc-goals' });
  });

  it.each([['/api/goals'], ['/api/talent-tree']])(
    'when %s is called without a signed identity, then it answers 401',
    async (path) => {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, { 'x-user-id': 'someone' })).status).toBe(401);
    },
  );

  it('when a new user asks for their goals, then the list is empty', async () => {
    const response = await get('/api/goals', identityHeaders(randomUUID()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('when goals exist, then a user sees only their own', async () => {
    const me = randomUUID();
    const Goal = goalModel(service.deps.db);
    await Goal.create({
      userId: me,
      title: 'Run a 5k',
      theme: 'health',
      targetXp: 300,
      cadence: 'weekly',
    });
    await Goal.create({
      userId: randomUUID(),
      title: 'Not mine',
      theme: 'career',
      targetXp: 100,
      cadence: 'daily',
    });
    const body = (await (await get('/api/goals', identityHeaders(me))).json()) as Array<
      Record<string, unknown>
    >;
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      title: 'Run a 5k',
      theme: 'health',
      targetXp: 300,
      currentXp: 0,
      status: 'active',
      color: 'blue',
    });
  });

  it('when the talent tree has no nodes yet, then the node list is empty, and it lists nodes once seeded', async () => {
    expect(await (await get('/api/talent-tree', identityHeaders(randomUUID()))).json()).toEqual([]);
    await talentNodeModel(service.deps.db).create({
      nodeKey: 'inner_1',
      path: 'inner_growth',
      tier: 1,
      title: 'Calm Mind',
    });
    const body = (await (
      await get('/api/talent-tree', identityHeaders(randomUUID()))
    ).json()) as Array<Record<string, unknown>>;
    expect(body.map((node) => node.nodeKey)).toEqual(['inner_1']);
  });
});
