import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { createServiceApp } from './app.ts';
import { createLogger } from './telemetry/logger.ts';
import { serve, type RunningApp } from './testing/index.ts';

const logger = createLogger('svc-test', () => undefined);

// Two routers, as services mount them: a path of the first must still be known when the second runs.
const quests = new Router();
quests.get('/api/quests', (ctx) => {
  ctx.body = [];
});
quests.post('/api/quests', (ctx) => {
  ctx.status = 201;
  ctx.body = { created: true };
});
const goals = new Router();
goals.get('/api/goals/:id', (ctx) => {
  ctx.body = { id: ctx.params.id };
});

let running: RunningApp;
beforeAll(async () => {
  running = await serve(createServiceApp({ name: 'svc-test', routers: [quests, goals], logger }));
});
afterAll(async () => {
  await running.close();
});

async function call(method: string, path: string) {
  const response = await fetch(`${running.url}${path}`, { method });
  const text = await response.text();
  return {
    status: response.status,
    allow: response.headers.get('allow'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

describe('service app routing', () => {
  it('when a known path is called with another method, then it answers 405 METHOD_NOT_ALLOWED naming the allowed ones', async () => {
    const onFirstRouter = await call('DELETE', '/api/quests');
    expect(onFirstRouter.status).toBe(405);
    expect(onFirstRouter.body).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: 'DELETE is not allowed for /api/quests' },
    });
    expect(onFirstRouter.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);

    const onSecondRouter = await call('PUT', '/api/goals/g1');
    expect(onSecondRouter).toMatchObject({
      status: 405,
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
    });
    expect(onSecondRouter.allow?.split(', ').sort()).toEqual(['GET', 'HEAD']);
  });

  it('when a method no router knows is used on a known path, then it is a 405 as well, not a server error', async () => {
    expect(await call('PROPFIND', '/api/quests')).toMatchObject({
      status: 405,
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
    });
  });

  it('when /health is called with another method than GET, then it answers 405 too', async () => {
    expect(await call('POST', '/health')).toMatchObject({
      status: 405,
      allow: 'GET, HEAD',
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
    });
  });

  it('when the method fits, then the route answers; an unknown path is still a JSON 404', async () => {
    expect(await call('POST', '/api/quests')).toEqual({
      status: 201,
      allow: null,
      body: { created: true },
    });
    expect(await call('GET', '/api/goals/g1')).toMatchObject({ status: 200, body: { id: 'g1' } });
    expect(await call('DELETE', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
  });
});

describe('liveness and readiness', () => {
  /** MongoDB and NATS as /readyz sees them: each answers its ping, fails it, or never answers. */
  function dependencies(mongo: 'up' | 'down' | 'hangs', nats: 'up' | 'closed' | 'hangs') {
    const never = () => new Promise<void>(() => undefined);
    const db = {
      readyState: mongo === 'down' ? 0 : 1,
      db: { admin: () => ({ ping: mongo === 'hangs' ? never : async () => ({ ok: 1 }) }) },
    };
    const bus = {
      connection: {
        isClosed: () => nats === 'closed',
        flush: nats === 'hangs' ? never : async () => undefined,
      },
    };
    return { db, bus } as unknown as NonNullable<
      Parameters<typeof createServiceApp>[0]['readiness']
    >;
  }

  async function readyz(readiness: ReturnType<typeof dependencies>) {
    const app = await serve(createServiceApp({ name: 'svc-test', routers: [], logger, readiness }));
    try {
      const response = await fetch(`${app.url}/readyz`);
      return { status: response.status, body: (await response.json()) as unknown };
    } finally {
      await app.close();
    }
  }

  it('when MongoDB and NATS answer, then /readyz is 200 ready, and /healthz is alive', async () => {
    expect(await readyz(dependencies('up', 'up'))).toEqual({
      status: 200,
      body: { status: 'ready', service: 'svc-test', mongo: 'up', nats: 'up' },
    });
    expect(await call('GET', '/healthz')).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'svc-test' },
    });
  });

  it.each([
    ['MongoDB is disconnected', dependencies('down', 'up'), { mongo: 'down', nats: 'up' }],
    ['NATS is closed', dependencies('up', 'closed'), { mongo: 'up', nats: 'down' }],
    [
      'neither answers within a second',
      dependencies('hangs', 'hangs'),
      { mongo: 'down', nats: 'down' },
    ],
  ])('when %s, then /readyz is 503 and says which', async (_what, readiness, parts) => {
    expect(await readyz(readiness)).toEqual({
      status: 503,
      body: { status: 'not ready', service: 'svc-test', ...parts },
    });
  });
});
