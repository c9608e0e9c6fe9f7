import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addGoalProgressRequestSchema,
  createGoalRequestSchema,
  emptyRequestSchema,
  linkSeriesRequestSchema,
  updateGoalRequestSchema,
} from '@levelup/contracts';
import { identityHeaders } from '@levelup/service-kit/testing';
import { questEvents, startGoals, type GoalsHarness } from './harness.ts';

// Every body and path parameter is checked with the contracts' schemas: bad input is a 4xx with the
// error shape that changes nothing, never a 5xx.

let service: GoalsHarness;
beforeAll(async () => {
  service = await startGoals();
});
afterAll(async () => {
  await service?.stop();
});

const ID = 'ID';
const routes: Array<[string, string, z.ZodType]> = [
  ['POST', '/api/goals', createGoalRequestSchema],
  ['PUT', `/api/goals/${ID}`, updateGoalRequestSchema],
  ['DELETE', `/api/goals/${ID}`, emptyRequestSchema],
  ['POST', `/api/goals/${ID}/progress`, addGoalProgressRequestSchema],
  ['POST', `/api/goals/${ID}/series`, linkSeriesRequestSchema],
  ['POST', '/api/talent-tree/user/check-unlocks', emptyRequestSchema],
];

/** A body the route's contract refuses (keys a schema ignores, e.g. a title sent to Add XP, are not bad input). */
function refused(schema: z.ZodType, body: string): boolean {
  try {
    return !schema.safeParse(JSON.parse(body)).success;
  } catch {
    return true;
  }
}
const bodies = [
  '{"title": ',
  '[]',
  'null',
  '42',
  '"text"',
  '{"title": {"$gt": ""}, "targetXp": {"$ne": null}}',
  '{"xpGain": {"$inc": 1000}, "status": ["completed"]}',
  '{"seriesId": {"$ne": null}, "xpPerOccurrence": "-5"}',
  '{"xpGain": 1e400}',
];

async function raw(userId: string, method: string, path: string, body: string) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...identityHeaders(userId, { service: 'svc-goals', method, path, body }),
      'content-type': 'application/json',
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error: { code: string } } };
}

describe('bad input', () => {
  it('when any writing route gets a malformed or hostile body, then it is a 4xx with the error shape and nothing changes', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const { body: goal } = await me('POST', '/api/goals', { title: 'Stay safe', targetXp: 50 });
    await service.deps.bus.publish(questEvents(userId).series('quests.series_created'));
    const snapshot = async () => [
      (await me('GET', '/api/goals')).body,
      (await me('GET', `/api/goals/${goal.id}/series`)).body,
      (await me('GET', `/api/goals/${goal.id}/progress`)).body,
      (await me('GET', '/api/talent-tree/user/progress')).body,
    ];
    const before = await snapshot();
    let checked = 0;
    for (const [method, template, schema] of routes) {
      const path = template.replace(ID, goal.id);
      for (const body of bodies.filter((b) => refused(schema, b))) {
        checked += 1;
        const answer = await raw(userId, method, path, body);
        expect([method, path, body, answer.status >= 400 && answer.status < 500]).toEqual([
          method,
          path,
          body,
          true,
        ]);
        expect(typeof answer.body.error.code).toBe('string');
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(await snapshot()).toEqual(before);
  });

  it('when a body is sent as something other than JSON, then it is 415 and nothing changes', async () => {
    const me = service.as(randomUUID());
    const { body: goal } = await me('POST', '/api/goals', { title: 'Plain text' });
    const response = await fetch(`${service.url}/api/goals/${goal.id}/progress`, {
      method: 'POST',
      headers: {
        ...identityHeaders(randomUUID(), {
          service: 'svc-goals',
          method: 'POST',
          path: `/api/goals/${goal.id}/progress`,
          body: 'xpGain=100',
        }),
        'content-type': 'text/plain',
      },
      body: 'xpGain=100',
    });
    expect(response.status).toBe(415);
    expect((await me('GET', '/api/goals')).body[0].currentXp).toBe(0);
  });
});
