import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';
import { RATE_RULES } from '../src/rate-limit.ts';

// Every write that spam or abuse would repeat has a per-user limit at the gateway: imports (one may create
// hundreds of quests), life tasks, goals, sessions and quick matches (listed to everyone), meetups,
// feedback, room check-ins, reports and push subscriptions. Past it: 429 RATE_LIMITED, Retry-After and a
// message naming what was limited; nothing reaches the service.

const SECRET = 'test-secret-0123456789abcdef';
const servers: http.Server[] = [];
let reached = 0;
/** The status every service answers with next (a gateway timeout is played by a service's 504). */
let answer = 201;
let base: string;

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // svc-identity's session lookup (the cookie's value is the user) and every service behind the gateway.
  const service = await listen((req, res) => {
    if (req.url === '/internal/session') {
      const userId = /levelup\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      res.writeHead(userId ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(userId ? { userId, role: 'member' } : {}));
      return;
    }
    reached += 1;
    req.resume();
    req.once('end', () => res.writeHead(answer, { 'content-type': 'application/json' }).end('{}'));
  });
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: service,
    QUESTS_URL: service,
    GOALS_URL: service,
    COMMUNITY_URL: service,
    FEEDBACK_URL: service,
    FIRST_SCREEN_TIMEOUT_MS: '0',
  });
  base = await listen(createApp(config).callback());
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

let users = 0;
const send = (method: string, path: string, user: string) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: `levelup.sid=${user}` },
    body: '{}',
  });

const WRITES: Array<[rule: string, method: string, path: string, what: string]> = [
  ['import', 'POST', '/api/quests/import', 'imports'],
  ['import-preview', 'POST', '/api/quests/import/preview', 'import previews'],
  ['life-task', 'POST', '/api/life-tasks', 'new life tasks'],
  ['goal', 'POST', '/api/goals', 'new goals'],
  ['session', 'POST', '/api/sessions', 'new sessions'],
  ['quick-match', 'POST', '/api/sessions/quick-match', 'quick matches'],
  ['meetup', 'POST', '/api/meetups', 'new meetups'],
  ['feedback', 'POST', '/api/feedback', 'feedback messages'],
  ['check-in', 'PUT', '/api/sessions/s1/room/check-in', 'room check-ins'],
  ['report', 'POST', '/api/posts/p1/report', 'reports'],
  ['report', 'POST', '/api/sessions/s1/room/members/u9/report', 'reports'],
  ['push-subscription', 'PUT', '/api/reminders/subscriptions', 'push subscriptions'],
];

describe('every repeated write is limited per user', () => {
  it.each(WRITES)(
    'when one user sends %s past its limit (%s %s), then the next is 429 with Retry-After naming %s, and another user is not limited',
    async (name, method, path, what) => {
      answer = 201;
      const rule = RATE_RULES.find((candidate) => candidate.name === name);
      expect(rule?.perUser, `a per-user rule named ${name}`).toBeDefined();
      const user = `writer-${++users}`;
      for (let i = 0; i < rule!.perUser!.max; i += 1) {
        expect((await send(method, path, user)).status).toBe(201);
      }
      const before = reached;
      const refused = await send(method, path, user);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(body.error.message).toMatch(new RegExp(`^Too many ${what}\\. Please try again in `));
      expect(reached).toBe(before);
      expect((await send(method, path, `writer-${++users}`)).status).toBe(201);
    },
  );

  it('when an import is answered 504 (the service may still finish it), then it counts against the limit; a refused one (400) does not', async () => {
    const user = `writer-${++users}`;
    const max = RATE_RULES.find((rule) => rule.name === 'import')!.perUser!.max;
    answer = 400;
    for (let i = 0; i < max; i += 1) {
      expect((await send('POST', '/api/quests/import', user)).status).toBe(400);
    }
    answer = 504;
    for (let i = 0; i < max; i += 1) {
      expect((await send('POST', '/api/quests/import', user)).status).toBe(504);
    }
    answer = 201;
    expect((await send('POST', '/api/quests/import', user)).status).toBe(429);
  });
});
