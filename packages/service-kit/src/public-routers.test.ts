import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { createServiceApp } from './app.ts';
import { identityHeaders, serve, TEST_IDENTITY_SECRET, type RunningApp } from './testing/index.ts';
import { createLogger } from './telemetry/logger.ts';

// publicRouters answer before the identity check (a path whose own secret is the credential); every
// other /api path still needs the gateway's signed identity.

const logger = createLogger('svc-test', () => undefined);
const open = new Router();
open.get('/api/open/:secret', (ctx) => {
  ctx.body = { secret: ctx.params.secret };
});
const closed = new Router();
closed.get('/api/closed', (ctx) => {
  ctx.body = { userId: ctx.state.userId };
});

let running: RunningApp;
beforeAll(async () => {
  running = await serve(
    createServiceApp({
      name: 'svc-test',
      identitySecret: TEST_IDENTITY_SECRET,
      publicRouters: [open],
      routers: [closed],
      logger,
    }),
  );
});
afterAll(async () => {
  await running.close();
});

describe('createServiceApp publicRouters', () => {
  it('a public route answers without any identity; the other routes still answer 401 without one', async () => {
    const answer = await fetch(`${running.url}/api/open/abc`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ secret: 'abc' });
    expect((await fetch(`${running.url}/api/closed`)).status).toBe(401);
    const signed = await fetch(`${running.url}/api/closed`, {
      headers: identityHeaders('user-1', { service: 'svc-test', path: '/api/closed' }),
    });
    expect(await signed.json()).toEqual({ userId: 'user-1' });
  });

  it('a path the public router does not know falls through to the identity check', async () => {
    expect((await fetch(`${running.url}/api/open`)).status).toBe(401);
    expect((await fetch(`${running.url}/api/elsewhere`)).status).toBe(401);
  });
});
