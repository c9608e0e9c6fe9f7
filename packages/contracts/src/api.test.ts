import { describe, expect, it } from 'vitest';
import { API, apiPath } from './api.ts';

describe('API table', () => {
  const rows = Object.entries(API).map(([name, op]) => [name, op.method, op.path] as const);

  it('when every call is listed, then no method and path pair appears twice', () => {
    const keys = rows.map(([, m, p]) => `${m} ${p}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['GET', '/api/quests'],
    ['GET', '/api/quests/with-occurrences'],
    ['GET', '/api/quests/grouped'],
    ['POST', '/api/quests'],
    ['POST', '/api/quests/:id/toggle'],
    ['POST', '/api/quests/occurrences/:id/toggle'],
    ['POST', '/api/quests/occurrences/:id/complete'],
    ['PATCH', '/api/quests/occurrences/:id/progress'],
    ['PATCH', '/api/quests/:id/progress'],
    ['POST', '/api/quests/:id/complete'],
    ['POST', '/api/quests/:id/snooze'],
    ['POST', '/api/quests/occurrences/:id/hide'],
    ['POST', '/api/quests/clear-completed'],
    ['PATCH', '/api/quests/:id'],
    ['GET', '/api/quests/occurrences'],
    ['POST', '/api/quests/recurring'],
    ['GET', '/api/quests/recurring'],
    ['GET', '/api/community/feed'],
    ['GET', '/api/posts'],
    ['POST', '/api/posts'],
    ['POST', '/api/posts/:id/like'],
    ['GET', '/api/user/profile'],
    ['PATCH', '/api/user/profile'],
    ['GET', '/api/dashboard/overview'],
    ['GET', '/api/dashboard/calendar'],
    ['GET', '/api/todos'],
    ['GET', '/api/life-tasks'],
    ['POST', '/api/life-tasks'],
    ['POST', '/api/life-tasks/:id/complete'],
    ['DELETE', '/api/life-tasks/:id'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/register'],
    ['GET', '/api/goals'],
    ['GET', '/api/goals/:id/journey'],
    ['GET', '/api/goals/:id/series'],
    ['GET', '/api/quests/recurring-series'],
    ['GET', '/api/goal-templates'],
    ['GET', '/api/goal-templates/:theme'],
    ['POST', '/api/goals'],
    ['PUT', '/api/goals/:id'],
    ['POST', '/api/goals/:id/progress'],
    ['POST', '/api/goals/:id/series'],
    ['DELETE', '/api/goals/:id'],
    ['GET', '/api/talent-tree'],
    ['GET', '/api/talent-tree/user/progress'],
    ['POST', '/api/talent-tree/user/check-unlocks'],
    ['GET', '/api/feedback'],
    ['PATCH', '/api/feedback/:id'],
    ['POST', '/api/feedback'],
  ])('when %s %s is a public operation, then the table has it', (method, path) => {
    expect(rows.some(([, m, p]) => m === method && p === path)).toBe(true);
  });

  it('when a path is filled, then parameters are encoded and a missing one is an error', () => {
    expect(apiPath(API.toggleQuest.path, { id: 'a b' })).toBe('/api/quests/a%20b/toggle');
    expect(() => apiPath(API.toggleQuest.path)).toThrow('Missing path parameter: id');
  });
});
