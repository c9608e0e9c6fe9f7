import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { communityModels } from '../src/models.ts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

const admin = randomUUID();
let service: CommunityHarness;

beforeAll(async () => {
  service = await startCommunity({ admins: new Set([admin]) });
});
afterAll(async () => {
  await service?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const LINK = 'https://discord.gg/levelup-meetup';

const meetup = (fields: Record<string, unknown> = {}) => ({
  title: 'Weekly Check-in',
  theme: 'Wins and next steps',
  startsAt: minutesFromNow(3 * 1440),
  platform: 'Discord',
  type: 'check-in',
  ...fields,
});

async function schedule(fields: Record<string, unknown> = {}): Promise<string> {
  const created = await service.as(admin)('POST', '/api/meetups', meetup(fields));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function listed(user: string, id: string) {
  const { body } = await service.as(user)('GET', '/api/meetups');
  return [...body.upcoming, ...body.recent].find((m: { id: string }) => m.id === id);
}

describe('meetup links', () => {
  it('when an admin schedules a meetup with a link, then only members who joined (and admins) see it', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const id = await schedule({ joinUrl: LINK });
    const member = randomUUID();
    expect(await listed(member, id)).toMatchObject({
      hasJoinUrl: true,
      joinUrl: null,
      attendingByMe: false,
    });
    expect(await listed(admin, id)).toMatchObject({ hasJoinUrl: true, joinUrl: LINK });
    const joined = await service.as(member)('POST', `/api/meetups/${id}/rsvp`);
    expect(joined.body).toMatchObject({ attendingByMe: true, joinUrl: LINK });
    expect(await listed(member, id)).toMatchObject({ joinUrl: LINK });
    expect(await listed(randomUUID(), id)).toMatchObject({ joinUrl: null, hasJoinUrl: true });
    // The link is stored and handed out, never opened by the service.
    expect(fetches.mock.calls.filter(([url]) => String(url).includes('discord.gg'))).toEqual([]);
  });

  it.each([
    ['http://discord.gg/x', 'https://'],
    ['ftp://files.example.com/x', 'https://'],
    ['https://localhost:8080/', 'https://'],
    ['https://me:pw@zoom.us/j/1', 'user name or password'],
  ])(
    'when an admin sends the link %s, then it is 400 with a clear message and nothing is stored',
    async (joinUrl, message) => {
      const title = `Bad link ${randomUUID()}`;
      const response = await service.as(admin)('POST', '/api/meetups', meetup({ title, joinUrl }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
      const { body } = await service.as(admin)('GET', '/api/meetups');
      expect(body.upcoming.map((m: { title: string }) => m.title)).not.toContain(title);
    },
  );

  it('when an admin edits the link, then it changes or goes; a bad link changes nothing; members get 403', async () => {
    const id = await schedule({ joinUrl: LINK });
    const edited = await service.as(admin)('PUT', `/api/meetups/${id}/join-url`, {
      joinUrl: 'https://zoom.us/j/987',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ joinUrl: 'https://zoom.us/j/987', hasJoinUrl: true });
    const bad = await service.as(admin)('PUT', `/api/meetups/${id}/join-url`, {
      joinUrl: 'http://zoom.us/j/1',
    });
    expect(bad.status).toBe(400);
    expect(await listed(admin, id)).toMatchObject({ joinUrl: 'https://zoom.us/j/987' });
    const member = randomUUID();
    const refused = await service.as(member)('PUT', `/api/meetups/${id}/join-url`, {
      joinUrl: 'https://evil.example.com/',
    });
    expect(refused.status).toBe(403);
    expect(await listed(admin, id)).toMatchObject({ joinUrl: 'https://zoom.us/j/987' });
    const removed = await service.as(admin)('PUT', `/api/meetups/${id}/join-url`, {
      joinUrl: null,
    });
    expect(removed.body).toMatchObject({ joinUrl: null, hasJoinUrl: false });
    const unknown = await service.as(admin)(
      'PUT',
      '/api/meetups/0123456789abcdef01234567/join-url',
      { joinUrl: LINK },
    );
    expect(unknown.status).toBe(404);
  });

  it('when a meetup was stored before links and zones, then it reads with no link and US Eastern', async () => {
    const { Meetup } = communityModels(service.deps.db);
    const { insertedId } = await Meetup.collection.insertOne({
      title: 'Old style',
      theme: 'Stored before links',
      description: '',
      startsAt: new Date('2099-11-25T00:00:00.000Z'),
      platform: 'Zoom',
      type: 'social',
      recordingUrl: null,
      attendeeIds: [],
      createdBy: admin,
      createdAt: new Date(),
    });
    expect(await listed(randomUUID(), insertedId.toString())).toMatchObject({
      hasJoinUrl: false,
      joinUrl: null,
      timeZone: 'America/New_York',
      date: 'Tue, Nov 24',
      time: '7:00 PM',
    });
  });

  it('when an admin gives the organiser zone, then date and time are in it and it is returned', async () => {
    const id = await schedule({ startsAt: '2099-11-25T00:00:00.000Z', timeZone: 'Europe/Berlin' });
    expect(await listed(randomUUID(), id)).toMatchObject({
      timeZone: 'Europe/Berlin',
      date: 'Wed, Nov 25',
      time: '1:00 AM',
    });
    const bad = await service.as(admin)('POST', '/api/meetups', meetup({ timeZone: 'Mars/Base' }));
    expect(bad.status).toBe(400);
  });
});

describe("can't make it", () => {
  it('when a member who joined says they cannot make it, then the count goes down and the link goes', async () => {
    const id = await schedule({ joinUrl: LINK });
    const [member, other] = [randomUUID(), randomUUID()];
    await service.as(other)('POST', `/api/meetups/${id}/rsvp`);
    await service.as(member)('POST', `/api/meetups/${id}/rsvp`);
    const left = await service.as(member)('DELETE', `/api/meetups/${id}/rsvp`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({
      estimatedAttendees: 1,
      attendingByMe: false,
      joinUrl: null,
      hasJoinUrl: true,
    });
    // Twice, and by someone who never joined: harmless, the other member stays counted.
    const again = await service.as(member)('DELETE', `/api/meetups/${id}/rsvp`);
    expect(again.body).toMatchObject({ estimatedAttendees: 1, attendingByMe: false });
    const never = await service.as(randomUUID())('DELETE', `/api/meetups/${id}/rsvp`);
    expect(never.body).toMatchObject({ estimatedAttendees: 1 });
    expect(await listed(other, id)).toMatchObject({ attendingByMe: true, joinUrl: LINK });
  });

  it('when members join and leave concurrently, several times each, then the count is exact and never negative', async () => {
    const id = await schedule();
    const members = Array.from({ length: 8 }, () => randomUUID());
    await Promise.all(members.map((user) => service.as(user)('POST', `/api/meetups/${id}/rsvp`)));
    const leaving = members.slice(0, 5);
    const responses = await Promise.all(
      [...leaving, ...leaving, ...leaving].map((user) =>
        service.as(user)('DELETE', `/api/meetups/${id}/rsvp`),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    for (const r of responses) expect(r.body.estimatedAttendees).toBeGreaterThanOrEqual(3);
    expect(await listed(members[7]!, id)).toMatchObject({ estimatedAttendees: 3 });
    // Everyone leaves, twice over at once: none expected, not fewer.
    await Promise.all(
      [...members, ...members].map((user) => service.as(user)('DELETE', `/api/meetups/${id}/rsvp`)),
    );
    expect(await listed(members[0]!, id)).toMatchObject({ estimatedAttendees: 0 });
  });

  it('when the meetup has taken place or is unknown, then it is 409 or 404 and nothing changes', async () => {
    const { Meetup } = communityModels(service.deps.db);
    const member = randomUUID();
    const { insertedId } = await Meetup.collection.insertOne({
      title: 'Past',
      theme: 'Done',
      description: '',
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      platform: 'Zoom',
      type: 'social',
      recordingUrl: null,
      attendeeIds: [member],
      createdBy: admin,
      createdAt: new Date(),
    });
    const past = await service.as(member)('DELETE', `/api/meetups/${insertedId}/rsvp`);
    expect(past.status).toBe(409);
    expect(await listed(member, insertedId.toString())).toMatchObject({
      estimatedAttendees: 1,
      attendingByMe: true,
    });
    const unknown = await service.as(member)(
      'DELETE',
      '/api/meetups/0123456789abcdef01234567/rsvp',
    );
    expect(unknown.status).toBe(404);
  });
});
