import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityHeaders, startTestService, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { feedbackModel } from '../src/feedback/models.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ name: 'svc-feedback', createApp, startWorkers });
});
afterAll(async () => {
  await service?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { headers });

describe('svc-feedback', () => {
  it('when /health is called, then it answers ok without identity', async () => {
    expect(await (await get('/health')).json()).toEqual({ status: 'ok', service: 'svc-feedback' });
  });

  it('when /api/feedback is called without a signed identity, then it answers 401', async () => {
    expect((await get('/api/feedback')).status).toBe(401);
  });

  it('when no feedback was sent, then the list is empty; once some is stored, it is listed newest first', async () => {
    expect(await (await get('/api/feedback', identityHeaders(randomUUID()))).json()).toEqual([]);
    const Feedback = feedbackModel(service.deps.db);
    await Feedback.create({
      category: 'bug',
      message: 'Older',
      url: '/quests',
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    await Feedback.create({
      category: 'ux',
      message: 'Newer',
      url: '/goals',
      createdAt: new Date('2026-11-02T00:00:00Z'),
    });
    const body = (await (
      await get('/api/feedback', identityHeaders(randomUUID()))
    ).json()) as Array<Record<string, unknown>>;
    expect(body.map((item) => item.message)).toEqual(['Newer', 'Older']);
    expect(body[0]).toMatchObject({
      category: 'ux',
      url: '/goals',
      isReviewed: false,
      adminNotes: null,
      user: null,
    });
  });
});
