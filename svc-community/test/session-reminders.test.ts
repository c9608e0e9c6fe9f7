import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS, type EventEnvelope } from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

let service: CommunityHarness;
let host: string;
let listener: ConsumerHandle;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  service = await startCommunity();
  host = await service.member('Alex Rivera');
  await service.deps.bus.ensureStream(STREAMS.COMMUNITY);
  listener = await service.deps.bus.consume({
    stream: STREAMS.COMMUNITY.name,
    durable: 'session-reminder-listener',
    handler: async (event) => {
      published.push(event);
    },
  });
});
afterAll(async () => {
  await listener?.stop();
  await service?.stop();
});

const reminderEvents = (sessionId: string) =>
  published.filter((event) => event.data.itemId === sessionId);

async function create(startTime: string) {
  const response = await service.as(host)('POST', '/api/sessions', {
    title: 'Deep work hour',
    startTime,
    duration: 60,
    maxParticipants: 6,
    category: 'focus',
  });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

describe('session reminders (svc-community schedules, svc-identity delivers)', () => {
  it('when a member says Remind Me, then their reminder is scheduled ten minutes before the start; taking it back cancels it', async () => {
    const member = await service.member('Sam Lee');
    const startTime = minutesFromNow(120);
    const { id } = await create(startTime);
    expect((await service.as(member)('POST', `/api/sessions/${id}/remind`)).status).toBe(200);
    const [scheduled] = await eventually(
      async () => reminderEvents(id),
      (events) => events.length >= 1,
    );
    expect(scheduled).toMatchObject({
      type: 'community.reminder_scheduled',
      data: {
        userId: member,
        kind: 'session',
        itemId: id,
        occurrence: startTime,
        dueAt: new Date(Date.parse(startTime) - 10 * 60_000).toISOString(),
        title: 'Deep work hour',
      },
    });
    await service.as(member)('DELETE', `/api/sessions/${id}/remind`);
    const events = await eventually(
      async () => reminderEvents(id),
      (list) => list.length >= 2,
    );
    expect(events[1]).toMatchObject({
      type: 'community.reminder_cancelled',
      data: { userId: member, kind: 'session', itemId: id },
    });
  });

  it('when the host cancels the session, then every reminded member’s reminder is cancelled', async () => {
    const [a, b] = [await service.member('Ana'), await service.member('Ben')];
    const { id } = await create(minutesFromNow(90));
    await service.as(a)('POST', `/api/sessions/${id}/remind`);
    await service.as(b)('POST', `/api/sessions/${id}/remind`);
    expect((await service.as(host)('POST', `/api/sessions/${id}/cancel`)).status).toBe(200);
    const events = await eventually(
      async () => reminderEvents(id),
      (list) => list.length >= 4,
    );
    expect(
      events
        .filter((e) => e.type === 'community.reminder_cancelled')
        .map((e) => e.data.userId)
        .sort(),
    ).toEqual([a, b].sort());
  });
});
