import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  dataExportSectionSchema,
  addGoalProgressResponseSchema,
  clampAddXp,
  goalEventSchema,
  goalListResponseSchema,
  goalProgressListResponseSchema,
  goalSchema,
  makeEvent,
} from '@levelup/contracts';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { goalModels } from '../src/goals/models.ts';
import { goalsRepository } from '../src/goals/repository.ts';
import { listenTo, startGoals, type GoalsHarness } from './harness.ts';

let service: GoalsHarness;
let listener: Awaited<ReturnType<typeof listenTo>>;

beforeAll(async () => {
  service = await startGoals();
  listener = await listenTo(service, 'GOALS', 'goals-test-listener');
});
afterAll(async () => {
  await listener?.stop();
  await service?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { headers });

/** Waits until `count` events of the goal arrived, then a moment more so extra ones would show. */
async function goalEvents(goalId: string, count: number) {
  const of = () => listener.events.filter((e) => e.data.goalId === goalId);
  await eventually(
    async () => of(),
    (list) => list.length >= count,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return of();
}

async function newGoal(me: ReturnType<GoalsHarness['as']>, fields: Record<string, unknown> = {}) {
  const { status, body } = await me('POST', '/api/goals', { title: 'Read 12 books', ...fields });
  expect(status).toBe(201);
  return goalSchema.parse(body);
}

describe('svc-goals basics', () => {
  it('when /health is called, then it answers ok without identity', async () => {
    expect(await (await get('/health')).json()).toEqual({ status: 'ok', service: 'svc-goals' });
  });

  it.each([
    ['/api/goals'],
    ['/api/goal-templates'],
    ['/api/talent-tree'],
    ['/api/talent-tree/user/progress'],
  ])('when %s is called without a signed identity, then it answers 401', async (path) => {
    expect((await get(path)).status).toBe(401);
    expect((await get(path, { 'x-user-id': 'someone' })).status).toBe(401);
  });

  it('when a new user asks for their goals, then the list is empty', async () => {
    const response = await get(
      '/api/goals',
      identityHeaders(randomUUID(), { service: 'svc-goals', path: '/api/goals' }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe('POST /api/goals', () => {
  it('when only a title is sent, then the goal has its defaults, is listed and goals.created is published', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const goal = await newGoal(me);
    expect(goal).toMatchObject({
      title: 'Read 12 books',
      description: null,
      theme: 'personal',
      targetXp: 300,
      currentXp: 0,
      cadence: 'monthly',
      color: 'blue',
      status: 'active',
      completedAt: null,
    });
    const { body } = await me('GET', '/api/goals');
    expect(goalListResponseSchema.parse(body)).toEqual([goal]);
    const [created] = await goalEvents(goal.id, 1);
    expect(goalEventSchema.parse(created)).toMatchObject({
      type: 'goals.created',
      data: { userId, goalId: goal.id, status: 'active', currentXp: 0, targetXp: 300 },
    });
  });

  it('when the form fields are sent, then they are kept', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me, {
      title: 'Run a 5K',
      description: 'From couch to 5K',
      theme: 'health',
      targetXp: '450',
      cadence: 'weekly',
      color: 'green',
    });
    expect(goal).toMatchObject({
      title: 'Run a 5K',
      description: 'From couch to 5K',
      theme: 'health',
      targetXp: 450,
      cadence: 'weekly',
      color: 'green',
    });
  });

  it.each([
    [{}, 'Goal title is required'],
    [{ title: '   ' }, 'Goal title is required'],
    [{ title: 'x', targetXp: 0 }, 'Target XP must be a whole number of at least 1'],
    [{ title: 'x', targetXp: 2.5 }, 'Target XP must be a whole number of at least 1'],
    [{ title: 'x', theme: 'wellness' }, undefined],
    [{ title: 'x', cadence: 'hourly' }, undefined],
    [{ title: { $ne: null } }, undefined],
    [['title'], undefined],
  ])(
    'when %j is sent, then it is 400 with a clear message and nothing is created',
    async (body, message) => {
      const me = service.as(randomUUID());
      const response = await me('POST', '/api/goals', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      if (message) expect(response.body.error.message).toBe(message);
      expect((await me('GET', '/api/goals')).body).toEqual([]);
    },
  );
});

describe('PUT /api/goals/:id', () => {
  it('when the form fields are sent, then they change and goals.changed carries the goal', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    const { status, body } = await me('PUT', `/api/goals/${goal.id}`, {
      title: 'Read 24 books',
      description: 'Two a month',
      theme: 'learning',
      targetXp: 600,
      cadence: 'weekly',
      color: 'teal',
    });
    expect(status).toBe(200);
    expect(goalSchema.parse(body)).toMatchObject({
      id: goal.id,
      title: 'Read 24 books',
      description: 'Two a month',
      theme: 'learning',
      targetXp: 600,
      cadence: 'weekly',
      color: 'teal',
      status: 'active',
    });
    const events = await goalEvents(goal.id, 2);
    expect(events.map((e) => e.type)).toEqual(['goals.created', 'goals.changed']);
    expect(events[1]?.data).toMatchObject({ title: 'Read 24 books', targetXp: 600 });
  });

  it('when Pause then Resume is sent as {status}, then the goal is paused then active again', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    expect((await me('PUT', `/api/goals/${goal.id}`, { status: 'paused' })).body.status).toBe(
      'paused',
    );
    expect((await me('GET', '/api/goals')).body[0].status).toBe('paused');
    expect((await me('PUT', `/api/goals/${goal.id}`, { status: 'active' })).body.status).toBe(
      'active',
    );
    const events = await goalEvents(goal.id, 3);
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['goals.created', 'active'],
      ['goals.changed', 'paused'],
      ['goals.changed', 'active'],
    ]);
  });

  it('when nothing would change, then the goal is answered as it is and no event is published', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    const { status, body } = await me('PUT', `/api/goals/${goal.id}`, { title: goal.title });
    expect(status).toBe(200);
    expect(body).toEqual(goal);
    expect(await goalEvents(goal.id, 1)).toHaveLength(1);
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ status: 'sleeping' }, undefined],
    [{ targetXp: -1 }, 'Target XP must be a whole number of at least 1'],
    [{ title: '' }, 'Goal title is required'],
  ])('when %j is sent, then it is 400 and the goal is unchanged', async (input, message) => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    const { status, body } = await me('PUT', `/api/goals/${goal.id}`, input);
    expect(status).toBe(400);
    if (message) expect(body.error.message).toBe(message);
    expect((await me('GET', '/api/goals')).body).toEqual([goal]);
  });

  it('when the target is lowered to the XP already earned, then the goal completes; raised again, it is active', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me, { targetXp: 300 });
    await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 100 });
    const lowered = await me('PUT', `/api/goals/${goal.id}`, { targetXp: 100 });
    expect(lowered.body).toMatchObject({ status: 'completed', currentXp: 100 });
    expect(lowered.body.completedAt).not.toBeNull();
    const raised = await me('PUT', `/api/goals/${goal.id}`, { targetXp: 200 });
    expect(raised.body).toMatchObject({ status: 'active', completedAt: null });
  });
});

describe('POST /api/goals/:id/progress', () => {
  it.each([
    // currentXp before, xpGain sent
    [0, 10],
    [0, 100],
    [250, 100],
    [270, 30],
    [290, 1],
  ])(
    'when a goal at %i/300 gets %i XP, then it moves exactly as the client clamps it',
    async (before, xpGain) => {
      const me = service.as(randomUUID());
      const goal = await newGoal(me, { targetXp: 300 });
      for (let xp = before; xp > 0; xp -= Math.min(100, xp))
        await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: Math.min(100, xp) });
      const { status, body } = await me('POST', `/api/goals/${goal.id}/progress`, { xpGain });
      expect(status).toBe(200);
      const answer = addGoalProgressResponseSchema.parse(body);
      const expected = clampAddXp(xpGain, { currentXp: before, targetXp: 300 });
      expect(answer.xpAdded).toBe(expected);
      expect(answer.currentXp).toBe(before + expected);
    },
  );

  it('when no amount is sent, then the default 10 is added; a numeric string is read as a number', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    expect((await me('POST', `/api/goals/${goal.id}/progress`, {})).body.xpAdded).toBe(10);
    expect((await me('POST', `/api/goals/${goal.id}/progress`)).body.xpAdded).toBe(10);
    expect(
      (await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: '12' })).body,
    ).toMatchObject({ xpAdded: 12, currentXp: 32 });
  });

  it('when the target is reached, then the goal is completed with completedAt, goals.completed is published and more XP is 409', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const goal = await newGoal(me, { targetXp: 150 });
    await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 100 });
    const { body } = await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 100 });
    expect(body).toMatchObject({ status: 'completed', currentXp: 150, xpAdded: 50 });
    expect(Date.parse(body.completedAt)).not.toBeNaN();
    const again = await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 5 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This goal is already completed');
    const events = await goalEvents(goal.id, 5);
    const state = events.filter((e) => e.type !== 'goals.progressed');
    expect(state.map((e) => e.type)).toEqual(['goals.created', 'goals.changed', 'goals.completed']);
    expect(goalEventSchema.parse(state[2]).data).toMatchObject({
      userId,
      status: 'completed',
      currentXp: 150,
      completedAt: body.completedAt,
    });
    const progressed = events
      .filter((e) => e.type === 'goals.progressed')
      .map((e) => EVENTS.goalProgressed.schema.parse(e).data);
    expect(progressed.map((p) => [p.deltaXp, p.source, p.isCompletion])).toEqual([
      [100, 'manual', false],
      [50, 'manual', true],
    ]);
  });

  it('when XP is added, then each change is a goal_progress_events row with its source', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me, { targetXp: 50 });
    await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 20 });
    await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 40 });
    const { status, body } = await me('GET', `/api/goals/${goal.id}/progress`);
    expect(status).toBe(200);
    expect(
      goalProgressListResponseSchema
        .parse(body)
        .map((row) => [row.deltaXp, row.source, row.sourceId, row.isCompletion, row.goalCurrentXp]),
    ).toEqual([
      [20, 'manual', null, false, 20],
      [30, 'manual', null, true, 50],
    ]);
  });

  it('when a goals.progressed event arrives whose row was never written (the process died after the goal update), then the consumer writes it, once', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const goal = await newGoal(me);
    const event = makeEvent('goals.progressed', {
      userId,
      goalId: goal.id,
      deltaXp: 7,
      source: 'bonus',
      sourceId: null,
      isCompletion: false,
      goalTitle: goal.title,
      goalCurrentXp: 7,
      goalTargetXp: goal.targetXp,
    });
    await service.deps.bus.publish(event);
    await service.deps.bus.publish(event);
    const rows = await eventually(
      async () => (await me('GET', `/api/goals/${goal.id}/progress`)).body,
      (list: unknown[]) => list.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me('GET', `/api/goals/${goal.id}/progress`)).body).toEqual(rows);
    expect(rows).toEqual([
      expect.objectContaining({ id: event.id, deltaXp: 7, source: 'bonus', goalCurrentXp: 7 }),
    ]);
  });

  it('when the history rows of several users come in one write, then each is written once and a row already there stays as it was', async () => {
    const { GoalProgress } = goalModels(service.deps.db);
    const repository = goalsRepository(goalModels(service.deps.db));
    const row = (userId: string, deltaXp: number) => ({
      _id: randomUUID(),
      goalId: randomUUID(),
      userId,
      deltaXp,
      source: 'bonus' as const,
      sourceId: null,
      isCompletion: false,
      occurredAt: new Date('2026-11-22T08:00:00Z'),
      goalTitle: 'Read more',
      goalCurrentXp: deltaXp,
      goalTargetXp: 100,
    });
    const [ann, ben] = [randomUUID(), randomUUID()];
    const rows = [row(ann, 5), row(ben, 6), row(ann, 7)];
    // The request path wrote the first already (the same event id).
    await repository.recordProgressRows([{ ...rows[0]!, goalCurrentXp: 5 }]);
    await repository.recordProgressRows([{ ...rows[0]!, goalCurrentXp: 99 }, ...rows.slice(1)]);
    await repository.recordProgressRows(rows);
    const stored = await GoalProgress.find({ userId: { $in: [ann, ben] } }).lean();
    expect(stored.map((r) => r.deltaXp).sort()).toEqual([5, 6, 7]);
    expect(stored.find((r) => r._id === rows[0]!._id)).toMatchObject({ goalCurrentXp: 5 });
  });

  it('when a paused goal gets XP, then it counts, and reaching the target completes it', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me, { targetXp: 20 });
    await me('PUT', `/api/goals/${goal.id}`, { status: 'paused' });
    expect((await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 5 })).body).toMatchObject({
      status: 'paused',
      currentXp: 5,
    });
    expect((await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 50 })).body).toMatchObject(
      { status: 'completed', currentXp: 20, xpAdded: 15 },
    );
  });

  it('when ten requests add 100 XP at once to a 300 XP goal, then exactly 300 is added and the rest are 409', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me, { targetXp: 300 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 100 }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.reduce((sum, a) => sum + a.body.xpAdded, 0)).toBe(300);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect((await me('GET', '/api/goals')).body[0]).toMatchObject({
      currentXp: 300,
      status: 'completed',
    });
    const rows = (await me('GET', `/api/goals/${goal.id}/progress`)).body as Array<{
      isCompletion: boolean;
    }>;
    expect(rows.filter((row) => row.isCompletion)).toHaveLength(1);
  });

  it.each([
    [{ xpGain: 0 }],
    [{ xpGain: 101 }],
    [{ xpGain: 2.5 }],
    [{ xpGain: 'lots' }],
    [{ xpGain: { $gt: 0 } }],
  ])('when %j is sent, then it is 400 and the goal keeps its XP', async (input) => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    expect((await me('POST', `/api/goals/${goal.id}/progress`, input)).status).toBe(400);
    expect((await me('GET', '/api/goals')).body[0].currentXp).toBe(0);
  });
});

describe('DELETE /api/goals/:id', () => {
  it('when a goal is deleted, then it is gone, every verb on it is 404 and goals.changed says deleted', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    const { status } = await me('DELETE', `/api/goals/${goal.id}`);
    expect(status).toBe(204);
    expect((await me('GET', '/api/goals')).body).toEqual([]);
    expect((await me('DELETE', `/api/goals/${goal.id}`)).status).toBe(404);
    expect((await me('PUT', `/api/goals/${goal.id}`, { status: 'paused' })).status).toBe(404);
    const events = await goalEvents(goal.id, 2);
    expect(events[1]).toMatchObject({ type: 'goals.changed', data: { deleted: true } });
  });

  it('when a body other than none or {} is sent, then it is 400 and the goal stays', async () => {
    const me = service.as(randomUUID());
    const goal = await newGoal(me);
    expect((await me('DELETE', `/api/goals/${goal.id}`, { force: true })).status).toBe(400);
    expect((await me('GET', '/api/goals')).body).toHaveLength(1);
  });
});

describe("another user's goal", () => {
  it('when another user calls any verb on it, then it is 404 and the goal is unchanged', async () => {
    const owner = service.as(randomUUID());
    const other = service.as(randomUUID());
    const goal = await newGoal(owner);
    const calls: Array<[string, string, unknown?]> = [
      ['PUT', `/api/goals/${goal.id}`, { status: 'paused' }],
      ['PUT', `/api/goals/${goal.id}`, { title: 'Mine now' }],
      ['POST', `/api/goals/${goal.id}/progress`, { xpGain: 10 }],
      ['GET', `/api/goals/${goal.id}/progress`],
      ['GET', `/api/goals/${goal.id}/series`],
      ['POST', `/api/goals/${goal.id}/series`, { seriesId: randomUUID(), xpPerOccurrence: 5 }],
      ['GET', `/api/goals/${goal.id}/journey`],
      ['DELETE', `/api/goals/${goal.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await other(method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(response.body.error.message).toBe('Goal not found');
    }
    expect((await other('GET', '/api/goals')).body).toEqual([]);
    expect((await owner('GET', '/api/goals')).body).toEqual([goal]);
    expect((await owner('GET', `/api/goals/${goal.id}/series`)).body).toEqual([]);
  });

  it.each([['abc'], ['000000000000000000000000'], ['%24where']])(
    'when the id is %s, then every verb is 404',
    async (id) => {
      const me = service.as(randomUUID());
      expect((await me('PUT', `/api/goals/${id}`, { status: 'paused' })).status).toBe(404);
      expect((await me('POST', `/api/goals/${id}/progress`, { xpGain: 1 })).status).toBe(404);
      expect((await me('GET', `/api/goals/${id}/journey`)).status).toBe(404);
      expect((await me('DELETE', `/api/goals/${id}`)).status).toBe(404);
    },
  );
});

describe('GET /api/goals/export', () => {
  it('when a user has a goal with progress, then the export has both and nobody else’s goals', async () => {
    const ada = randomUUID();
    const me = service.as(ada);
    const goal = await newGoal(me, { targetXp: 300 });
    expect((await me('POST', `/api/goals/${goal.id}/progress`, { xpGain: 40 })).status).toBe(200);
    await newGoal(service.as(randomUUID()));

    const { status, body } = await me('GET', '/api/goals/export');
    expect(status).toBe(200);
    const exported = dataExportSectionSchema.parse(body);
    expect(Object.keys(exported)).toEqual([
      'goals',
      'goalProgress',
      'seriesLinks',
      'talentProgress',
      'talentCompletions',
    ]);
    expect(exported.goals).toEqual([
      expect.objectContaining({ id: goal.id, userId: ada, targetXp: 300, currentXp: 40 }),
    ]);
    expect(exported.goalProgress).toEqual([
      expect.objectContaining({ goalId: goal.id, userId: ada }),
    ]);
  });
});
