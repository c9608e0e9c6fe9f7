import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEETUP_OWNER, DEFAULT_MEETUPS } from '@levelup/contracts';
import { removeTestStreams, startTestInfra, type TestInfra } from '@levelup/service-kit/testing';
import { meetupsService } from '../src/meetups/meetups.service.ts';
import { meetupsRepository } from '../src/meetups/repository.ts';
import { communityModels } from '../src/models.ts';
import { startCommunity, type CommunityHarness } from './harness.ts';

// Wednesday 25 November 2026, noon in New York.
let now = new Date('2026-11-25T17:00:00Z');
const clock = () => now;
const admin = randomUUID();

let infra: TestInfra;
let first: CommunityHarness;
let second: CommunityHarness;

beforeAll(async () => {
  infra = await startTestInfra();
  // Two instances of the service on one database, as `--scale svc-community=2` runs them.
  first = await startCommunity({ infra, clock, defaultMeetups: true, admins: new Set([admin]) });
  second = await startCommunity({ infra, clock, defaultMeetups: true });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

type Listed = { id: string; title: string; date: string; time: string; type: string };

describe('default weekly meetups', () => {
  it('when a fresh install lists meetups on two instances at once, then each default meetup of the coming week is there once, in EST', async () => {
    const member = randomUUID();
    const answers = await Promise.all(
      [first, second, first, second].map((service) => service.as(member)('GET', '/api/meetups')),
    );
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.upcoming.map((m: Listed) => [m.title, m.date, m.time, m.type])).toEqual([
        ['Midweek Focus Workshop', 'Wed, Nov 25', '7:00 PM', 'workshop'],
        ['Friday Wins Social', 'Fri, Nov 27', '6:00 PM', 'social'],
        ['Monday Momentum Check-in', 'Mon, Nov 30', '7:00 PM', 'check-in'],
      ]);
      expect(body.recent).toEqual([]);
    }
    const { Meetup } = communityModels(first.deps.db);
    const stored = await Meetup.find({}).lean();
    expect(stored).toHaveLength(DEFAULT_MEETUPS.length);
    expect(new Set(stored.map((m) => m.createdBy))).toEqual(new Set([DEFAULT_MEETUP_OWNER]));
  });

  it('when a member joins a default meetup and the service restarts, then nothing is scheduled twice and the RSVP stays', async () => {
    const member = randomUUID();
    const { body } = await first.as(member)('GET', '/api/meetups');
    const social = body.upcoming.find((m: Listed) => m.title === 'Friday Wins Social');
    const joined = await second.as(member)('POST', `/api/meetups/${social.id}/rsvp`, {});
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ estimatedAttendees: 1, attendingByMe: true });

    // A restarted instance starts with nothing remembered: it checks again, and finds them all there.
    const models = communityModels(first.deps.db);
    const restarted = meetupsService({
      meetups: meetupsRepository(models),
      clock,
      defaultMeetups: true,
    });
    const again = await restarted.list({ userId: member, role: 'member' });
    expect(again.upcoming.map((m) => m.title)).toEqual(body.upcoming.map((m: Listed) => m.title));
    expect(again.upcoming.find((m) => m.id === social.id)).toMatchObject({
      estimatedAttendees: 1,
      attendingByMe: true,
    });
    expect(await models.Meetup.countDocuments({})).toBe(DEFAULT_MEETUPS.length);
  });

  it('when a week has passed, then the next occurrences are scheduled and the past ones are recent', async () => {
    now = new Date('2026-12-02T17:00:00Z'); // the next Wednesday, noon
    const models = communityModels(first.deps.db);
    const restarted = meetupsService({
      meetups: meetupsRepository(models),
      clock,
      defaultMeetups: true,
    });
    const list = await restarted.list({ userId: randomUUID(), role: 'member' });
    expect(list.upcoming.map((m) => `${m.title} ${m.date}`)).toEqual([
      'Midweek Focus Workshop Wed, Dec 2',
      'Friday Wins Social Fri, Dec 4',
      'Monday Momentum Check-in Mon, Dec 7',
    ]);
    expect(list.recent.map((m) => `${m.title} ${m.date}`)).toEqual([
      'Monday Momentum Check-in Mon, Nov 30',
      'Friday Wins Social Fri, Nov 27',
      'Midweek Focus Workshop Wed, Nov 25',
    ]);
    expect(list.recent.find((m) => m.title === 'Friday Wins Social')?.estimatedAttendees).toBe(1);
  });

  it('when an admin schedules a meetup beside the defaults, then it lists with them', async () => {
    const created = await first.as(admin)('POST', '/api/meetups', {
      title: 'Holiday Planning Special',
      theme: 'Plan the holidays',
      startsAt: '2026-12-03T01:00:00.000Z',
      platform: 'Zoom',
      type: 'workshop',
    });
    expect(created.status).toBe(201);
    const { body } = await second.as(randomUUID())('GET', '/api/meetups');
    expect(body.upcoming.map((m: Listed) => m.title)).toEqual([
      'Midweek Focus Workshop',
      'Holiday Planning Special',
      'Friday Wins Social',
      'Monday Momentum Check-in',
    ]);
  });
});

describe('with DEFAULT_MEETUPS off', () => {
  it('when the service lists meetups, then nothing is scheduled by itself', async () => {
    const off = await startCommunity({ clock });
    try {
      const { body } = await off.as(randomUUID())('GET', '/api/meetups');
      expect(body).toEqual({ upcoming: [], recent: [] });
    } finally {
      await off.stop();
    }
  });
});
