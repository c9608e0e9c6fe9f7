import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSectionSchema } from '@levelup/contracts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

// Export of the user's data, the community part.

let service: CommunityHarness;
const admins = new Set<string>();
beforeAll(async () => {
  service = await startCommunity({ admins });
});
afterAll(async () => {
  await service?.stop();
});

describe('GET /api/community/export', () => {
  it('when a member posted, commented and joined a session, then the export has it and no other member’s ids', async () => {
    const ada = await service.member('Ada Export');
    const host = await service.member('Host Export');
    const post = await service.as(ada)('POST', '/api/posts', { content: 'First win!' });
    expect(post.status).toBe(201);
    const hostPost = await service.as(host)('POST', '/api/posts', { content: 'Host post' });
    expect(
      (
        await service.as(ada)('POST', `/api/posts/${hostPost.body.id}/comments`, {
          content: 'Nice',
        })
      ).status,
    ).toBe(201);
    const session = await service.as(host)('POST', '/api/sessions', {
      title: 'Focus hour',
      description: null,
      startTime: minutesFromNow(60),
      duration: 60,
      maxParticipants: 4,
      category: 'focus',
    });
    expect(session.status).toBe(201);
    expect((await service.as(ada)('POST', `/api/sessions/${session.body.id}/join`)).status).toBe(
      200,
    );

    const checkIn = await service.as(ada)('PUT', `/api/sessions/${session.body.id}/room/check-in`, {
      line: 'Sort the inbox',
    });
    expect(checkIn.status).toBe(200);

    const { status, body } = await service.as(ada)('GET', '/api/community/export');
    expect(status).toBe(200);
    const exported = dataExportSectionSchema.parse(body);
    expect(exported.posts!.map((p) => p.content)).toEqual(['First win!']);
    expect(exported.comments!.map((c) => [c.postId, c.content])).toEqual([
      [hostPost.body.id, 'Nice'],
    ]);
    expect(exported.sessions).toEqual([
      expect.objectContaining({
        id: session.body.id,
        title: 'Focus hour',
        hosting: false,
        joined: true,
        reminder: false,
        participants: 1,
      }),
    ]);
    expect(exported.sessions![0]).not.toHaveProperty('participantIds');
    expect(exported.sessions![0]).not.toHaveProperty('removedIds');
    expect(exported.roomMembers).toEqual([
      expect.objectContaining({
        sessionId: session.body.id,
        checkIn: expect.objectContaining({ line: 'Sort the inbox' }),
      }),
    ]);
  });

  it('when a member joined, liked, muted and reported another member, then the export names that member and holds none of their ids', async () => {
    const ada = await service.member('Ada Minimal');
    const bea = await service.member('Bea Other');
    admins.add(bea);
    const beaPost = await service.as(bea)('POST', '/api/posts', { content: 'Bea wins' });
    expect(beaPost.status).toBe(201);
    const asAda = service.as(ada);
    expect((await asAda('POST', `/api/posts/${beaPost.body.id}/like`)).status).toBe(200);
    expect(
      (await asAda('POST', `/api/posts/${beaPost.body.id}/report`, { reason: 'Spam' })).status,
    ).toBe(201);
    const session = await service.as(bea)('POST', '/api/sessions', {
      title: 'Bea hosts',
      description: null,
      startTime: minutesFromNow(-5),
      duration: 60,
      maxParticipants: 4,
      category: 'focus',
    });
    expect(session.status).toBe(201);
    const sessionId = session.body.id as string;
    expect((await asAda('POST', `/api/sessions/${sessionId}/join`)).status).toBe(200);
    expect((await asAda('POST', `/api/sessions/${sessionId}/remind`)).status).toBeLessThan(300);
    for (const member of [ada, bea])
      expect(
        (
          await service.as(member)('PUT', `/api/sessions/${sessionId}/room/check-in`, {
            line: 'Working',
          })
        ).status,
      ).toBe(200);
    expect(
      (await asAda('POST', `/api/sessions/${sessionId}/room/members/${bea}/report`, {})).status,
    ).toBe(201);
    const meetup = await service.as(bea)('POST', '/api/meetups', {
      title: 'Bea meets',
      theme: 'Other',
      startsAt: minutesFromNow(24 * 60),
      platform: 'Discord',
      type: 'social',
    });
    expect(meetup.status).toBe(201);
    expect((await asAda('POST', `/api/meetups/${meetup.body.id}/rsvp`)).status).toBe(200);
    expect((await asAda('POST', `/api/posts/${beaPost.body.id}/mute-author`)).status).toBe(200);

    const { status, body } = await asAda('GET', '/api/community/export');
    expect(status).toBe(200);
    const exported = dataExportSectionSchema.parse(body);
    expect(exported.postLikes).toHaveLength(1);
    expect(exported.reports).toHaveLength(1);
    expect(exported.sessions).toEqual([
      expect.objectContaining({ id: sessionId, host: 'Bea Other', hosting: false, joined: true }),
    ]);
    expect(exported.mutes).toEqual([expect.objectContaining({ muted: 'Bea Other' })]);
    expect(exported.roomReports).toEqual([expect.objectContaining({ reported: 'Bea Other' })]);
    expect(exported.meetups).toEqual([
      expect.objectContaining({ id: meetup.body.id, hosting: false, attending: true }),
    ]);
    expect(JSON.stringify(body)).toContain(ada);
    expect(JSON.stringify(body)).not.toContain(bea);
  });
});
