import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL, calendarEntriesResponseSchema } from '@levelup/contracts';
import { signInternal } from '@levelup/service-kit';
import { TEST_IDENTITY_SECRET, identityHeaders } from '@levelup/service-kit/testing';
import { startCommunity, type CommunityHarness } from './harness.ts';

// The internal route svc-quests' calendar feed reads sessions and meetups from: only with
// svc-community's internal signature, never with a user's identity.

let community: CommunityHarness;
const admin = randomUUID();
const now = new Date('2026-03-01T15:00:00.000Z');

beforeAll(async () => {
  community = await startCommunity({ clock: () => now, admins: new Set([admin]) });
});
afterAll(async () => {
  await community?.stop();
});

const pathFor = (
  userId: string,
  from = '2026-02-01T00:00:00.000Z',
  to = '2026-06-01T00:00:00.000Z',
) => `${INTERNAL.calendarEntries.path}?${new URLSearchParams({ userId, from, to })}`;

const internalGet = (path: string) =>
  fetch(`${community.url}${path}`, {
    headers: signInternal(TEST_IDENTITY_SECRET, { service: 'svc-community', method: 'GET', path }),
  });

describe('GET /internal/calendar-entries', () => {
  it('answers the sessions a user hosts or joined (not cancelled, not others) and the meetups they RSVP’d to', async () => {
    const userId = randomUUID();
    const me = community.as(userId);
    const session = {
      description: 'Quiet work',
      duration: 45,
      maxParticipants: 4,
      category: 'focus',
    };
    const hosted = await me('POST', '/api/sessions', {
      ...session,
      title: 'Mine',
      startTime: '2026-03-02T10:00:00.000Z',
    });
    const other = randomUUID();
    const joined = await community.as(other)('POST', '/api/sessions', {
      ...session,
      title: 'Theirs, joined',
      startTime: '2026-03-03T10:00:00.000Z',
    });
    await me('POST', `/api/sessions/${joined.body.id}/join`);
    await community.as(other)('POST', '/api/sessions', {
      ...session,
      title: 'Theirs, not joined',
      startTime: '2026-03-04T10:00:00.000Z',
    });
    const dropped = await me('POST', '/api/sessions', {
      ...session,
      title: 'Cancelled',
      startTime: '2026-03-05T10:00:00.000Z',
    });
    await me('POST', `/api/sessions/${dropped.body.id}/cancel`);
    const meetup = await community.as(admin)('POST', '/api/meetups', {
      title: 'Check-in',
      theme: 'Wins',
      startsAt: '2026-03-06T00:00:00.000Z',
      platform: 'Discord',
      type: 'check-in',
    });
    await me('POST', `/api/meetups/${meetup.body.id}/rsvp`);
    const linked = await community.as(admin)('POST', '/api/meetups', {
      title: 'Linked',
      theme: 'Wins',
      startsAt: '2026-03-07T00:00:00.000Z',
      platform: 'Zoom',
      type: 'social',
      joinUrl: 'https://zoom.us/j/42',
    });
    await me('POST', `/api/meetups/${linked.body.id}/rsvp`);
    // Joined and then left: not in the calendar.
    const left = await community.as(admin)('POST', '/api/meetups', {
      title: 'Left',
      theme: 'Wins',
      startsAt: '2026-03-08T00:00:00.000Z',
      platform: 'Zoom',
      type: 'social',
      joinUrl: 'https://zoom.us/j/43',
    });
    await me('POST', `/api/meetups/${left.body.id}/rsvp`);
    await me('DELETE', `/api/meetups/${left.body.id}/rsvp`);

    const answer = await internalGet(pathFor(userId));
    expect(answer.status).toBe(200);
    const { entries } = calendarEntriesResponseSchema.parse(await answer.json());
    expect(entries.map((entry) => [entry.kind, entry.title, entry.start])).toEqual([
      ['session', 'Mine', '2026-03-02T10:00:00.000Z'],
      ['session', 'Theirs, joined', '2026-03-03T10:00:00.000Z'],
      ['meetup', 'Check-in', '2026-03-06T00:00:00.000Z'],
      ['meetup', 'Linked', '2026-03-07T00:00:00.000Z'],
    ]);
    expect(entries[0]).toMatchObject({
      id: hosted.body.id,
      durationMinutes: 45,
      detail: 'You host this session.',
    });
    expect(entries[2]).toMatchObject({ durationMinutes: 60, detail: 'On Discord.' });
    expect(entries[3]).toMatchObject({ detail: 'On Zoom: https://zoom.us/j/42' });

    // Outside the range asked: nothing.
    const before = await internalGet(
      pathFor(userId, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'),
    );
    expect(calendarEntriesResponseSchema.parse(await before.json()).entries).toEqual([]);
  });

  it('refuses a call without the internal signature, even one signed as a user (401), and a bad query (400)', async () => {
    const path = pathFor(randomUUID());
    expect((await fetch(`${community.url}${path}`)).status).toBe(401);
    const asUser = await fetch(`${community.url}${path}`, {
      headers: identityHeaders(randomUUID(), { service: 'svc-community', method: 'GET', path }),
    });
    expect(asUser.status).toBe(401);
    const bad = `${INTERNAL.calendarEntries.path}?userId=x&from=yesterday&to=now`;
    expect((await internalGet(bad)).status).toBe(400);
  });
});
