import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STORAGE_QUOTAS } from '@levelup/contracts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

// Sessions and meetups are listed to everyone, so what one member may host at once is bounded
// (STORAGE_QUOTAS): past it a create is 409 naming the limit and nothing is written.

let service: CommunityHarness;
const admins = new Set<string>();
beforeAll(async () => {
  service = await startCommunity({ admins });
});
afterAll(async () => {
  await service?.stop();
});

const session = (title: string) => ({
  title,
  description: null,
  startTime: minutesFromNow(120),
  duration: 60,
  maxParticipants: 4,
  category: 'focus',
});

describe('storage quotas in svc-community', () => {
  it('when a member hosts the most upcoming sessions allowed, then one more (or a Start now that would open one) is 409 and nothing is written; cancelling one makes room', async () => {
    const host = await service.member('Busy Host');
    const me = service.as(host);
    const { max } = STORAGE_QUOTAS.hostedSessions;
    const ids: string[] = [];
    for (let i = 0; i < max; i += 1) {
      const made = await me('POST', '/api/sessions', session(`Session ${i + 1}`));
      expect(made.status).toBe(201);
      ids.push(made.body.id as string);
    }
    const refused = await me('POST', '/api/sessions', session('One too many'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'QUOTA_REACHED',
        message: `You have reached the limit of ${max} upcoming sessions you host; cancel one or wait until one has ended to add more.`,
      },
    });
    expect((await me('POST', API.quickMatch.path, { focusMinutes: 25 })).status).toBe(409);
    const listed = (await me('GET', '/api/sessions')).body as { sessions?: unknown[] } | unknown[];
    const titles = JSON.stringify(listed);
    expect(titles).not.toContain('One too many');
    expect(titles).not.toContain('25-minute focus session');

    // Another member is not affected.
    const other = await service.member('Other Host');
    expect((await service.as(other)('POST', '/api/sessions', session('Mine'))).status).toBe(201);
    expect((await me('POST', `/api/sessions/${ids[0]}/cancel`)).status).toBe(200);
    expect((await me('POST', '/api/sessions', session('Room again'))).status).toBe(201);
  });

  it('when an admin has created the most upcoming meetups allowed, then one more is 409 naming the limit', async () => {
    const admin = await service.member('Meetup Admin');
    admins.add(admin);
    const me = service.as(admin);
    const { max } = STORAGE_QUOTAS.hostedMeetups;
    const meetup = (title: string) => ({
      title,
      theme: 'Other',
      startsAt: minutesFromNow(24 * 60),
      platform: 'Discord',
      type: 'social',
    });
    for (let i = 0; i < max; i += 1)
      expect((await me('POST', '/api/meetups', meetup(`Meetup ${i + 1}`))).status).toBe(201);
    const refused = await me('POST', '/api/meetups', meetup('One too many'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'QUOTA_REACHED',
        message: `You have reached the limit of ${max} upcoming meetups you host; wait until one has started to add more.`,
      },
    });
    expect(JSON.stringify((await me('GET', '/api/meetups')).body)).not.toContain('One too many');
  });
});
