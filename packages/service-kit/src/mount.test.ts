import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { z } from 'zod';
import type { ApiOperation } from '@levelup/contracts';
import { createServiceApp } from './app.ts';
import { mount } from './mount.ts';
import { createLogger } from './telemetry/logger.ts';
import { serve, type RunningApp } from './testing/index.ts';

const logger = createLogger('svc-test', () => undefined);

const renameThing = {
  method: 'PATCH',
  path: '/api/things/:id',
  params: z.object({ id: z.string().min(2) }),
  query: z.object({ dryRun: z.enum(['yes', 'no']).default('no') }),
  body: z.strictObject({ name: z.string().min(1) }),
  response: z.object({ id: z.string(), name: z.string(), dryRun: z.boolean() }),
} as const satisfies ApiOperation;
const createThing = {
  method: 'POST',
  path: '/api/things',
  body: z.strictObject({ name: z.string() }),
  response: z.object({ name: z.string() }),
  status: 201,
} as const satisfies ApiOperation;
const touchThing = {
  method: 'POST',
  path: '/api/things/:id/touch',
  params: z.object({ id: z.string() }),
} as const satisfies ApiOperation;

const seen: unknown[] = [];
const router = new Router();
mount(router, renameThing, ({ params, query, body }) => {
  seen.push({ params, query, body });
  return { id: params.id, name: body.name, dryRun: query.dryRun === 'yes' };
});
mount(router, createThing, ({ body }) => ({ name: body.name }));
mount(router, touchThing, () => {
  seen.push('touched');
});
const sendThing = {
  method: 'POST',
  path: '/api/things/:id/send',
  params: z.object({ id: z.string() }),
  body: z.strictObject({ to: z.string().min(1) }),
  response: z.object({ sent: z.boolean() }),
  status: 202,
} as const satisfies ApiOperation;
const leaveThing = {
  method: 'POST',
  path: '/api/things/leave',
} as const satisfies ApiOperation;
mount(
  router,
  sendThing,
  ({ params, ctx }) => {
    seen.push('sent');
    if (params.id === 'done') {
      ctx.status = 200;
      return { sent: false };
    }
    return { sent: true };
  },
  {
    use: [
      async (ctx, next) => {
        if (ctx.get('x-role') !== 'admin') {
          ctx.status = 403;
          ctx.body = { error: 'admins only' };
          return;
        }
        await next();
      },
    ],
  },
);
mount(router, leaveThing, ({ ctx }) => {
  ctx.status = 303;
  ctx.redirect('/');
});

let running: RunningApp;
beforeAll(async () => {
  running = await serve(createServiceApp({ name: 'svc-test', routers: [router], logger }));
});
afterAll(async () => {
  await running.close();
});

async function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    body: text && json ? (JSON.parse(text) as unknown) : undefined,
  };
}

describe('mount: a route served from its contract operation', () => {
  it('when the request is valid, then the handler gets the parsed parts and its answer is the body', async () => {
    seen.length = 0;
    const answer = await send('PATCH', '/api/things/ab?dryRun=yes', { name: 'New' });
    expect(answer).toEqual({ status: 200, body: { id: 'ab', name: 'New', dryRun: true } });
    expect(seen).toEqual([
      { params: { id: 'ab' }, query: { dryRun: 'yes' }, body: { name: 'New' } },
    ]);
  });

  it('when a part breaks its schema, then the answer is 400 and the handler never runs', async () => {
    seen.length = 0;
    expect((await send('PATCH', '/api/things/a', { name: 'New' })).status).toBe(400);
    expect((await send('PATCH', '/api/things/ab?dryRun=maybe', { name: 'New' })).status).toBe(400);
    expect((await send('PATCH', '/api/things/ab', { name: '' })).status).toBe(400);
    expect((await send('PATCH', '/api/things/ab', { name: 'x', extra: 1 })).status).toBe(400);
    expect((await send('PATCH', '/api/things/ab')).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('when the operation declares 201, then a create answers 201', async () => {
    expect(await send('POST', '/api/things', { name: 'A' })).toEqual({
      status: 201,
      body: { name: 'A' },
    });
  });

  it('when the operation declares no response, then it answers 204; a body it does not declare is refused', async () => {
    seen.length = 0;
    expect((await send('POST', '/api/things/t1/touch')).status).toBe(204);
    expect((await send('POST', '/api/things/t1/touch', { sneaky: true })).status).toBe(400);
    expect(seen).toEqual(['touched']);
  });

  it('when the mount has middleware, then it runs before parsing: a refused caller gets its 403, not a 400', async () => {
    seen.length = 0;
    expect((await send('POST', '/api/things/a/send', { to: '' })).status).toBe(403);
    expect(
      (await send('POST', '/api/things/a/send', { to: '' }, { 'x-role': 'admin' })).status,
    ).toBe(400);
    expect(seen).toEqual([]);
  });

  it('when the handler sets a status, then it is kept; otherwise the operation declares it', async () => {
    const admin = { 'x-role': 'admin' };
    expect(await send('POST', '/api/things/a/send', { to: 'x' }, admin)).toEqual({
      status: 202,
      body: { sent: true },
    });
    expect(await send('POST', '/api/things/done/send', { to: 'x' }, admin)).toEqual({
      status: 200,
      body: { sent: false },
    });
    expect((await send('POST', '/api/things/leave')).status).toBe(303);
  });
});
