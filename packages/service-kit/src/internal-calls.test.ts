import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { z } from 'zod';
import type { InternalOperation } from '@levelup/contracts';
import { createServiceApp } from './app.ts';
import { callInternal, internalRequest, mountInternal } from './internal-calls.ts';
import { createLogger } from './telemetry/logger.ts';
import { serve, type RunningApp } from './testing/index.ts';

const SECRET = 'internal-calls-test-secret-0123456789';
const logger = createLogger('svc-test', () => undefined);

const countThings = {
  service: 'svc-community',
  method: 'GET',
  path: '/internal/things',
  query: z.object({ owner: z.string().min(2) }),
  response: z.object({ owner: z.string(), count: z.number().int() }),
} as const satisfies InternalOperation;
/** A call without input that answers a count. */
function countAt(path: string) {
  return {
    service: 'svc-community',
    method: 'GET',
    path,
    response: z.object({ count: z.number() }),
  } as const satisfies InternalOperation;
}
/** Served by a handler that breaks its own contract (a count that is not a number). */
const brokenThings = countAt('/internal/broken-things');
/** Served too slowly for the caller's time limit. */
const slowThings = countAt('/internal/slow-things');

const router = new Router();
mountInternal(router, countThings, SECRET, ({ query }) => ({ owner: query.owner, count: 3 }));
mountInternal(router, brokenThings, SECRET, () => ({ count: 'three' }) as never);
mountInternal(router, slowThings, SECRET, async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { count: 1 };
});

let running: RunningApp;
beforeAll(async () => {
  running = await serve(createServiceApp({ name: 'svc-test', routers: [router], logger }));
});
afterAll(async () => {
  await running.close();
});

const options = () => ({ baseUrl: running.url, secret: SECRET, timeoutMs: 2_000 });

describe('internal calls: served and made from one INTERNAL entry', () => {
  it('when the call is signed for its service, then the answer is read by the contract', async () => {
    const answer = await callInternal(countThings, { query: { owner: 'ada' } }, options());
    expect(answer).toEqual({ ok: true, status: 200, data: { owner: 'ada', count: 3 } });
  });

  it('when the call is unsigned, signed with another key or for another service, then it is a 401', async () => {
    const unsigned = await fetch(`${running.url}/internal/things?owner=ada`);
    expect(unsigned.status).toBe(401);
    const otherKey = await callInternal(
      countThings,
      { query: { owner: 'ada' } },
      { ...options(), secret: 'another-secret-0123456789abcdefgh' },
    );
    expect(otherKey).toEqual({ ok: false, status: 401 });
    const { path, headers } = internalRequest(
      { ...countThings, service: 'svc-goals' },
      { query: { owner: 'ada' } },
      SECRET,
    );
    expect((await fetch(`${running.url}${path}`, { headers })).status).toBe(401);
  });

  it('when the query breaks the contract, then the service answers 400 and the handler never runs', async () => {
    expect(await callInternal(countThings, { query: { owner: 'a' } }, options())).toEqual({
      ok: false,
      status: 400,
    });
  });

  it('when the answer breaks the contract, then the call rejects naming the operation and the field', async () => {
    await expect(callInternal(brokenThings, {}, options())).rejects.toThrow(
      'The answer to GET /internal/broken-things does not match its contract (count:',
    );
  });

  it('when the service takes longer than the time limit, then the call rejects', async () => {
    await expect(callInternal(slowThings, {}, { ...options(), timeoutMs: 50 })).rejects.toThrow();
  });

  it('when nothing listens, then the call rejects', async () => {
    await expect(
      callInternal(
        countThings,
        { query: { owner: 'ada' } },
        {
          ...options(),
          baseUrl: 'http://127.0.0.1:9',
        },
      ),
    ).rejects.toThrow();
  });
});
