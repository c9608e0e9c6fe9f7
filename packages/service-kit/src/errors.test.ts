import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import mongoose from 'mongoose';
import { z } from 'zod';
import { createServiceApp } from './app.ts';
import { AppError, notFound } from './errors.ts';
import { createLogger } from './telemetry/logger.ts';
import { serve, type RunningApp } from './testing/index.ts';

const logged: string[] = [];
const logger = createLogger('svc-test', (line) => logged.push(line));
const bodySchema = z.object({
  title: z.string().min(3, 'Quest title must be at least 3 characters'),
  xp: z.number(),
});

const router = new Router();
router.get('/api/missing', () => {
  throw notFound('Quest not found');
});
router.get('/api/conflict', () => {
  throw new AppError('USERNAME_TAKEN', 'That username is already taken', 409, {
    details: { field: 'username' },
  });
});
router.post('/api/validate', (ctx) => {
  ctx.body = bodySchema.parse(ctx.request.body);
});
router.get('/api/db-down', () => {
  throw new mongoose.mongo.MongoNetworkError('connection 4 to 127.0.0.1:27017 closed');
});
router.get('/api/db-down-wrapped', () => {
  throw new Error('could not load quests', {
    cause: new mongoose.mongo.MongoServerSelectionError(
      'Server selection timed out after 5000 ms',
      { error: undefined } as never,
    ),
  });
});
router.get('/api/crash', () => {
  throw new Error('connection string mongodb://secret@db leaked');
});

let running: RunningApp;
beforeAll(async () => {
  running = await serve(
    createServiceApp({ name: 'svc-test', routers: [router], logger, bodyLimit: 1_000 }),
  );
});
afterAll(async () => {
  await running.close();
});

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${running.url}${path}`, init);
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    requestId: response.headers.get('x-request-id'),
  };
}

const post = (body: string, contentType = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body,
});

describe('error middleware', () => {
  it('when a route throws a 4xx AppError, then the client gets { error: { code, message, details? } }', async () => {
    expect(await call('/api/missing')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Quest not found' } },
    });
    expect(await call('/api/conflict')).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'USERNAME_TAKEN',
          message: 'That username is already taken',
          details: { field: 'username' },
        },
      },
    });
  });

  it('when a body fails its zod schema, then 400 VALIDATION_FAILED names the first message and every path', async () => {
    const result = await call('/api/validate', post(JSON.stringify({ title: 'ab' })));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Quest title must be at least 3 characters',
        details: [
          { path: 'title', message: 'Quest title must be at least 3 characters' },
          { path: 'xp', message: expect.any(String) },
        ],
      },
    });
  });

  it('when a body is valid, then the route gets it parsed', async () => {
    expect(
      await call('/api/validate', post(JSON.stringify({ title: 'Read', xp: 5 }))),
    ).toMatchObject({ status: 200, body: { title: 'Read', xp: 5 } });
  });

  it('when a body is not JSON, too large or of another type, then it is refused with a 4xx shape', async () => {
    expect(await call('/api/validate', post('{not json'))).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_JSON' } },
    });
    expect(
      await call('/api/validate', post(JSON.stringify({ title: 'x'.repeat(2_000), xp: 1 }))),
    ).toMatchObject({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE' } },
    });
    expect(
      await call('/api/validate', post('title=abc', 'application/x-www-form-urlencoded')),
    ).toMatchObject({
      status: 415,
      body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
    });
  });

  it('when the database cannot be reached (directly or as a cause), then 503 DATABASE_UNAVAILABLE, not a 500', async () => {
    for (const path of ['/api/db-down', '/api/db-down-wrapped']) {
      expect(await call(path)).toMatchObject({
        status: 503,
        body: {
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: 'The service could not reach its database. Please try again shortly.',
          },
        },
      });
    }
  });

  it('when a route crashes, then the client gets a 500 without internals and the log names the request id', async () => {
    const result = await call('/api/crash', { headers: { 'x-request-id': 'req-crash-1' } });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
    });
    expect(JSON.stringify(result.body)).not.toContain('secret');
    expect(result.requestId).toBe('req-crash-1');
    const line = logged.find((entry) => entry.includes('req-crash-1') && entry.includes('failed'));
    expect(JSON.parse(line!)).toMatchObject({
      level: 'error',
      name: 'svc-test',
      requestId: 'req-crash-1',
      msg: 'request failed',
    });
    expect(line).toContain('connection string');
  });

  it('when no route matches, then the answer is a JSON 404', async () => {
    expect(await call('/api/nothing-here')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
  });

  it('when a request has no request id, then one is generated and returned', async () => {
    const result = await call('/api/missing');
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
