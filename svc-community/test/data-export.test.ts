import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSectionSchema } from '@levelup/contracts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

// Export of the user's data, the community part.

let service: CommunityHarness;
beforeAll(async () => {
  service = await startCommunity();
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
});
