import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityHeaders } from '@levelup/service-kit/testing';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

// Every body, query and path parameter is checked with the contracts' schemas; bad input is a
// 4xx that changes nothing, never a 5xx.

let quests: QuestsHarness;
beforeAll(async () => {
  quests = await startQuests();
});
afterAll(async () => {
  await quests.stop();
});

const ID = 'ID';
const routes: Array<[string, string]> = [
  ['POST', '/api/quests'],
  ['PATCH', `/api/quests/${ID}`],
  ['POST', `/api/quests/${ID}/complete`],
  ['PATCH', `/api/quests/${ID}/progress`],
  ['POST', '/api/quests/recurring'],
  ['PATCH', `/api/quests/occurrences/${ID}/progress`],
  ['POST', `/api/quests/occurrences/${ID}/complete`],
  ['POST', '/api/life-tasks'],
  ['POST', `/api/life-tasks/${ID}/complete`],
  ['PATCH', `/api/life-tasks/${ID}/complete`],
  ['POST', '/api/quests/clear-completed'],
  ['POST', `/api/quests/${ID}/toggle`],
  ['POST', `/api/quests/${ID}/snooze`],
  ['POST', `/api/quests/occurrences/${ID}/toggle`],
  ['POST', `/api/quests/occurrences/${ID}/hide`],
  ['POST', `/api/quests/occurrences/${ID}/unhide`],
  ['POST', `/api/quests/occurrences/${ID}/skip`],
  ['POST', `/api/quests/recurring/${ID}/pause`],
  ['POST', `/api/quests/recurring/${ID}/resume`],
  ['PATCH', `/api/quests/recurring/${ID}`],
  ['PATCH', `/api/life-tasks/${ID}`],
  ['POST', `/api/life-tasks/${ID}/snooze`],
];
const bodies = [
  '{"title": ',
  '[]',
  'null',
  '42',
  '"text"',
  '{"title": {"$gt": ""}, "description": {"$ne": null}}',
  '{"completionType": ["completed"]}',
  '{"dueDate": {"$date": 1}, "scheduledTime": 99999999999999999}',
];

async function raw(userId: string, method: string, path: string, body?: string) {
  const response = await fetch(`${quests.url}${path}`, {
    method,
    headers: {
      ...identityHeaders(userId, { service: 'svc-quests', method, path, body }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as { error: { code: string } } };
}

describe('bad input', () => {
  it('when any writing route gets a malformed or hostile body, then it is a 4xx with the error shape and nothing changes', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest());
    const { body: series } = await me('POST', '/api/quests/recurring', newQuest());
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Call the bank' });
    const snapshot = async () => [
      (await me('GET', '/api/quests')).body,
      (await me('GET', '/api/quests/recurring')).body,
      (await me('GET', '/api/life-tasks?includeCompleted=true')).body,
    ];
    const before = await snapshot();
    for (const [method, template] of routes) {
      const id = template.includes('occurrences')
        ? series.todaysOccurrence.id
        : template.includes('recurring/')
          ? series.id
          : template.includes('life-tasks')
            ? task.id
            : quest.id;
      const path = template.replace(ID, id);
      for (const body of bodies) {
        const result = await raw(userId, method, path, body);
        const label = `${method} ${path} ${body}`;
        expect(result.status, label).toBeGreaterThanOrEqual(400);
        expect(result.status, label).toBeLessThan(500);
        expect(result.body.error.code, label).toEqual(expect.any(String));
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    '/api/quests/occurrences?startDate[$gt]=2026-01-01',
    '/api/quests/occurrences?startDate=2026-01-01&startDate=2026-01-02',
    '/api/quests/grouped?endDate=%00',
    '/api/quests/with-occurrences?startDate=99999-01-01',
    '/api/life-tasks?includeCompleted=true&includeCompleted=false',
    '/api/dashboard/calendar?month[]=2026-11',
    '/api/quests?includeCleared=yes',
  ])('when a read gets the query %s, then it answers without a 5xx', async (path) => {
    const { status } = await raw(randomUUID(), 'GET', path);
    expect([200, 400]).toContain(status);
  });
});
