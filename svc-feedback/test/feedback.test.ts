import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MISSING_MESSAGE, dataExportSectionSchema } from '@levelup/contracts';
import { identityHeaders } from '@levelup/service-kit/testing';
import { feedbackModel } from '../src/feedback/models.ts';
import { startFeedback, type FeedbackHarness } from './harness.ts';

const admin = randomUUID();
let service: FeedbackHarness;
let ada: string;

beforeAll(async () => {
  service = await startFeedback({ admins: new Set([admin]) });
  ada = await service.member('Ada Lovelace');
});
afterAll(async () => {
  await service?.stop();
});

const feedback = (fields: Record<string, unknown> = {}) => ({
  category: 'bug',
  message: 'The XP bar jumps back after a refresh',
  url: '/quests',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  ...fields,
});

const send = async (userId: string, fields: Record<string, unknown> = {}) => {
  const response = await service.as(userId)('POST', '/api/feedback', feedback(fields));
  expect(response.status).toBe(201);
  return response.body as { id: string };
};

const adminList = async () => {
  const { status, body } = await service.as(admin)('GET', '/api/feedback');
  expect(status).toBe(200);
  return body as Array<Record<string, unknown> & { id: string }>;
};

describe('svc-feedback', () => {
  it('when /health is called, then it answers ok without identity', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok', service: 'svc-feedback' });
  });

  it('when /api/feedback is called without a signed identity, then it answers 401', async () => {
    const response = await fetch(`${service.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(feedback()),
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/feedback', () => {
  it('when a member sends feedback, then it is stored as new with their name, page and browser', async () => {
    const created = await send(ada, { message: '  Love the quest log  ', category: 'ux' });
    expect(created).toEqual({
      id: expect.any(String),
      category: 'ux',
      message: 'Love the quest log',
      url: '/quests',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      createdAt: expect.any(String),
      isReviewed: false,
      adminNotes: null,
      user: { displayName: 'Ada Lovelace', username: 'ada_lovelace', email: null },
    });
    const listed = (await adminList()).find((item) => item.id === created.id);
    expect(listed).toEqual(created);
  });

  it('when url and userAgent are left out, then the feedback is stored without them', async () => {
    const { status, body } = await service.as(ada)('POST', '/api/feedback', {
      category: 'other',
      message: 'Just a thought',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ url: null, userAgent: null });
  });

  it.each([
    ['no category', { category: undefined }],
    ['an unknown category', { category: 'praise' }],
    ['no message', { message: undefined }],
    ['a blank message', { message: '   ' }],
    ['nothing at all', { category: undefined, message: undefined }],
  ])(
    "when it has %s, then it is 400 with 'Please select a category and enter your feedback' and nothing is stored",
    async (_label, fields) => {
      const before = (await adminList()).length;
      const { status, body } = await service.as(ada)('POST', '/api/feedback', feedback(fields));
      expect(status).toBe(400);
      expect(body.error.message).toBe(FEEDBACK_MISSING_MESSAGE);
      expect((await adminList()).length).toBe(before);
    },
  );

  it.each(['bug', 'feature', 'ux', 'performance', 'other'])(
    'when the category is %s, then it is accepted',
    async (category) => {
      expect((await send(randomUUID(), { category })).id).toEqual(expect.any(String));
    },
  );
});

describe('GET /api/feedback', () => {
  it('when a member asks for the list or the counts, then it is 403', async () => {
    const list = await service.as(ada)('GET', '/api/feedback');
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('FORBIDDEN');
    expect((await service.as(ada)('GET', '/api/feedback/counts')).status).toBe(403);
  });

  it('when an admin asks, then items come newest first with the sender names', async () => {
    const bob = await service.member('Bob Builder');
    const older = await send(ada, { message: 'Older one' });
    const newer = await send(bob, { message: 'Newer one' });
    const ids = (await adminList()).map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((await adminList()).find((item) => item.id === newer.id)?.user).toEqual({
      displayName: 'Bob Builder',
      username: 'bob_builder',
      email: null,
    });
  });

  it('when the sender is renamed later, then the list shows the new name', async () => {
    const cleo = await service.member('Cleo');
    const sent = await send(cleo, { message: 'Before the rename' });
    await service.rename(cleo, 'Cleo Patra');
    const listed = (await adminList()).find((item) => item.id === sent.id);
    expect(listed?.user).toMatchObject({ displayName: 'Cleo Patra', username: 'cleo_patra' });
  });

  it('when feedback has no sender, then it is listed as anonymous (user null)', async () => {
    const doc = await feedbackModel(service.deps.db).create({
      userId: null,
      category: 'performance',
      message: 'Sent before accounts were linked',
      url: '/goals',
    });
    const listed = (await adminList()).find((item) => item.id === doc._id.toString());
    expect(listed).toMatchObject({ user: null, url: '/goals', userAgent: null });
  });

  it('when an admin asks for the counts, then they match the new and reviewed items', async () => {
    const items = await adminList();
    const { status, body } = await service.as(admin)('GET', '/api/feedback/counts');
    expect(status).toBe(200);
    expect(body).toEqual({
      new: items.filter((item) => !item.isReviewed).length,
      reviewed: items.filter((item) => item.isReviewed).length,
    });
  });
});

describe('PATCH /api/feedback/:id', () => {
  it('when an admin marks an item reviewed with notes, then it is reviewed and counted so', async () => {
    const sent = await send(ada, { message: 'Review me' });
    const before = (await service.as(admin)('GET', '/api/feedback/counts')).body;
    const { status, body } = await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: true,
      adminNotes: '  Fixed in the next release  ',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: sent.id,
      isReviewed: true,
      adminNotes: 'Fixed in the next release',
      user: { displayName: 'Ada Lovelace' },
    });
    expect((await adminList()).find((item) => item.id === sent.id)).toMatchObject({
      isReviewed: true,
      adminNotes: 'Fixed in the next release',
    });
    expect((await service.as(admin)('GET', '/api/feedback/counts')).body).toEqual({
      new: before.new - 1,
      reviewed: before.reviewed + 1,
    });
  });

  it('when an admin un-reviews an item, then it is new again and keeps its notes', async () => {
    const sent = await send(ada, { message: 'Back and forth' });
    await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: true,
      adminNotes: 'Looked at it',
    });
    const { status, body } = await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: false,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ isReviewed: false, adminNotes: 'Looked at it' });
  });

  it('when blank notes are sent, then the notes are cleared', async () => {
    const sent = await send(ada);
    await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: true,
      adminNotes: 'Some',
    });
    const { body } = await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: true,
      adminNotes: '   ',
    });
    expect(body.adminNotes).toBeNull();
  });

  it('when a member reviews an item, then it is 403 and the item stays new', async () => {
    const sent = await send(ada, { message: 'Members cannot review' });
    const response = await service.as(ada)('PATCH', `/api/feedback/${sent.id}`, {
      isReviewed: true,
      adminNotes: 'mine now',
    });
    expect(response.status).toBe(403);
    expect((await adminList()).find((item) => item.id === sent.id)).toMatchObject({
      isReviewed: false,
      adminNotes: null,
    });
  });

  it('when the id is unknown or not an id, then it is 404', async () => {
    for (const id of ['0123456789abcdef01234567', 'nope']) {
      const response = await service.as(admin)('PATCH', `/api/feedback/${id}`, {
        isReviewed: true,
      });
      expect(response.status).toBe(404);
    }
  });

  it('when isReviewed is missing or not a boolean, then it is 400', async () => {
    const sent = await send(ada);
    for (const body of [{}, { isReviewed: 'yes' }, { adminNotes: 'only notes' }]) {
      const response = await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, body);
      expect(response.status).toBe(400);
    }
  });
});

describe('identity headers', () => {
  it('when a member without a known name sends feedback, then it is stored under their id with no name yet', async () => {
    const stranger = randomUUID();
    const body = JSON.stringify(feedback({ message: 'Who am I' }));
    const response = await fetch(`${service.url}/api/feedback`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...identityHeaders(stranger, {
          service: 'svc-feedback',
          method: 'POST',
          path: '/api/feedback',
          body,
        }),
      },
      body,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { user: unknown }).user).toEqual({
      displayName: null,
      username: null,
      email: null,
    });
  });
});

describe('GET /api/feedback/export', () => {
  it('when a member sent feedback an admin noted, then the export has the message but not the note', async () => {
    const bea = await service.member('Bea Export');
    const sent = await send(bea, { message: 'Export me please' });
    expect(
      (
        await service.as(admin)('PATCH', `/api/feedback/${sent.id}`, {
          isReviewed: true,
          adminNotes: 'Known issue',
        })
      ).status,
    ).toBe(200);
    await send(ada, { message: 'Not Bea’s' });

    const { status, body } = await service.as(bea)('GET', '/api/feedback/export');
    expect(status).toBe(200);
    const { feedback } = dataExportSectionSchema.parse(body);
    expect(feedback).toEqual([
      expect.objectContaining({
        id: sent.id,
        userId: bea,
        message: 'Export me please',
        isReviewed: true,
      }),
    ]);
    expect(feedback![0]).not.toHaveProperty('adminNotes');
  });
});
