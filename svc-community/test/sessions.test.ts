import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

let service: CommunityHarness;
let host: string;

beforeAll(async () => {
  service = await startCommunity();
  host = await service.member('Alex Rivera');
});
afterAll(async () => {
  await service?.stop();
});

const session = (fields: Record<string, unknown> = {}) => ({
  title: 'Morning Focus Sprint',
  description: 'Cameras optional',
  startTime: minutesFromNow(-5),
  duration: 90,
  maxParticipants: 6,
  category: 'focus',
  ...fields,
});

const create = async (fields: Record<string, unknown> = {}) => {
  const response = await service.as(host)('POST', '/api/sessions', session(fields));
  expect(response.status).toBe(201);
  return response.body as { id: string };
};

const listed = async (userId: string, id: string) =>
  (await service.as(userId)('GET', '/api/sessions')).body.find((s: { id: string }) => s.id === id);

describe('sessions', () => {
  it('when a session has started and one starts later, then the first is live and the second upcoming', async () => {
    const live = await create();
    const later = await create({ title: 'Declutter Together', startTime: minutesFromNow(120) });
    const reader = randomUUID();
    expect(await listed(reader, live.id)).toEqual({
      id: live.id,
      title: 'Morning Focus Sprint',
      description: 'Cameras optional',
      host: 'Alex Rivera',
      hostInitials: 'AR',
      startTime: expect.any(String),
      duration: 90,
      maxParticipants: 6,
      currentParticipants: 0,
      category: 'focus',
      isActive: true,
      isHost: false,
      joinedByMe: false,
      remindedByMe: false,
      room: { present: [], secondsLeft: expect.any(Number) },
    });
    expect(await listed(reader, later.id)).toMatchObject({ isActive: false, room: null });
  });

  it('when a session is over, then it leaves the list', async () => {
    const { Session } = (await import('../src/models.ts')).communityModels(service.deps.db);
    const done = await create({ duration: 10, startTime: minutesFromNow(-5) });
    await Session.updateOne(
      { _id: done.id },
      { $set: { startTime: new Date(Date.now() - 3_600_000) } },
    );
    expect(await listed(host, done.id)).toBeUndefined();
  });

  it.each([
    [{ title: '  ' }],
    [{ category: 'napping' }],
    [{ duration: 0 }],
    [{ duration: '90' }],
    [{ maxParticipants: 1 }],
    [{ maxParticipants: 6.5 }],
    [{ startTime: '10:00 AM' }],
    [{ startTime: minutesFromNow(-600), duration: 60 }],
  ])('when %o is sent, then it is 400 and nothing is stored', async (fields) => {
    const before = (await service.as(host)('GET', '/api/sessions')).body.length;
    const response = await service.as(host)('POST', '/api/sessions', session(fields));
    expect(response.status).toBe(400);
    expect((await service.as(host)('GET', '/api/sessions')).body.length).toBe(before);
  });

  it('when 20 members join a session for 6 at once, then 6 get in and 14 get 409', async () => {
    const { id } = await create({ maxParticipants: 6 });
    const members = Array.from({ length: 20 }, () => randomUUID());
    const answers = await Promise.all(
      members.map((user) => service.as(user)('POST', `/api/sessions/${id}/join`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14);
    expect(answers.find((a) => a.status === 409)?.body.error.message).toBe('This session is full');
    expect((await listed(host, id)).currentParticipants).toBe(6);
  });

  it('when the same member joins twice (even at once), then they count once; leaving frees the seat', async () => {
    const { id } = await create({ maxParticipants: 2 });
    const member = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => service.as(member)('POST', `/api/sessions/${id}/join`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await listed(member, id)).toMatchObject({ currentParticipants: 1, joinedByMe: true });
    const left = await service.as(member)('POST', `/api/sessions/${id}/leave`);
    expect(left.body).toMatchObject({ currentParticipants: 0, joinedByMe: false });
  });

  it('when Remind Me is pressed, then the reminder is stored for that member only and can be taken back', async () => {
    const { id } = await create({ startTime: minutesFromNow(60) });
    const member = randomUUID();
    const reminded = await service.as(member)('POST', `/api/sessions/${id}/remind`);
    expect(reminded.body.remindedByMe).toBe(true);
    expect((await listed(member, id)).remindedByMe).toBe(true);
    expect((await listed(randomUUID(), id)).remindedByMe).toBe(false);
    const undone = await service.as(member)('DELETE', `/api/sessions/${id}/remind`);
    expect(undone.body.remindedByMe).toBe(false);
  });

  it('when the host cancels, then the session leaves the list and joins are refused; another member cannot cancel', async () => {
    const { id } = await create();
    expect((await service.as(randomUUID())('POST', `/api/sessions/${id}/cancel`)).status).toBe(403);
    expect((await service.as(host)('POST', `/api/sessions/${id}/cancel`)).status).toBe(200);
    expect(await listed(host, id)).toBeUndefined();
    expect((await service.as(randomUUID())('POST', `/api/sessions/${id}/join`)).status).toBe(409);
  });

  it('when an unknown session is joined, then it is 404', async () => {
    const member = randomUUID();
    expect(
      (await service.as(member)('POST', '/api/sessions/0123456789abcdef01234567/join')).status,
    ).toBe(404);
    expect((await service.as(member)('POST', '/api/sessions/nope/leave')).status).toBe(404);
  });
});
