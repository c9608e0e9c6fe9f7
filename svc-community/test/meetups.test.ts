import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

const admin = randomUUID();
let service: CommunityHarness;

beforeAll(async () => {
  service = await startCommunity({ admins: new Set([admin]) });
});
afterAll(async () => {
  await service?.stop();
});

const meetup = (fields: Record<string, unknown> = {}) => ({
  title: 'Weekly Check-in',
  theme: 'Wins and next steps',
  description: 'Share a win and set one goal for the week.',
  startsAt: '2099-11-25T00:00:00.000Z',
  platform: 'Discord',
  type: 'check-in',
  ...fields,
});

describe('meetups', () => {
  it('when a member schedules a meetup, then it is 403 and nothing is stored', async () => {
    const member = randomUUID();
    const response = await service.as(member)('POST', '/api/meetups', meetup());
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
    const { body } = await service.as(member)('GET', '/api/meetups');
    expect(body.upcoming.map((m: { title: string }) => m.title)).not.toContain('Weekly Check-in');
  });

  it('when an admin schedules meetups, then upcoming lists soonest first and recent newest first, in EST', async () => {
    const created = await service.as(admin)('POST', '/api/meetups', meetup());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Weekly Check-in',
      // 00:00 UTC on Nov 25 is 7 PM on Nov 24 in New York (EST, UTC-5).
      date: 'Tue, Nov 24',
      time: '7:00 PM',
      platform: 'Discord',
      type: 'check-in',
      estimatedAttendees: 0,
      isUpcoming: true,
    });
    await service.as(admin)(
      'POST',
      '/api/meetups',
      meetup({ title: 'Sooner', startsAt: minutesFromNow(60) }),
    );
    await service.as(admin)(
      'POST',
      '/api/meetups',
      meetup({ title: 'Last week', startsAt: minutesFromNow(-7 * 1440) }),
    );
    await service.as(admin)(
      'POST',
      '/api/meetups',
      meetup({ title: 'Yesterday', startsAt: minutesFromNow(-1440) }),
    );
    const { body } = await service.as(randomUUID())('GET', '/api/meetups');
    expect(body.upcoming.map((m: { title: string }) => m.title)).toEqual([
      'Sooner',
      'Weekly Check-in',
    ]);
    expect(body.recent.map((m: { title: string }) => m.title)).toEqual(['Yesterday', 'Last week']);
    expect(body.recent[0].isUpcoming).toBe(false);
  });

  it.each([
    [{ platform: 'Teams' }],
    [{ type: 'party' }],
    [{ title: ' ' }],
    [{ startsAt: 'Monday' }],
  ])('when an admin sends %o, then it is 400', async (fields) => {
    expect((await service.as(admin)('POST', '/api/meetups', meetup(fields))).status).toBe(400);
  });

  it('when members RSVP, concurrently and twice, then each counts once', async () => {
    const { body } = await service.as(admin)(
      'POST',
      '/api/meetups',
      meetup({ title: 'Game night' }),
    );
    const members = Array.from({ length: 8 }, () => randomUUID());
    await Promise.all(
      [...members, ...members].map((user) =>
        service.as(user)('POST', `/api/meetups/${body.id}/rsvp`),
      ),
    );
    const again = await service.as(members[0]!)('POST', `/api/meetups/${body.id}/rsvp`);
    expect(again.body).toMatchObject({ estimatedAttendees: 8, attendingByMe: true });
  });

  it('when a past or unknown meetup is RSVPed, then it is 409 or 404', async () => {
    const { body } = await service.as(admin)(
      'POST',
      '/api/meetups',
      meetup({ title: 'Old', startsAt: minutesFromNow(-3 * 1440) }),
    );
    expect((await service.as(randomUUID())('POST', `/api/meetups/${body.id}/rsvp`)).status).toBe(
      409,
    );
    expect(
      (await service.as(randomUUID())('POST', '/api/meetups/0123456789abcdef01234567/rsvp')).status,
    ).toBe(404);
  });
});
