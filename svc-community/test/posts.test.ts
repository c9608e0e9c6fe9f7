import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommunity, type CommunityHarness } from './harness.ts';
import { ALREADY_REPORTED_MESSAGE, REPORT_REASON_REQUIRED } from '@levelup/contracts';
import { communityModels } from '../src/models.ts';

let service: CommunityHarness;
let ada: string;
let bob: string;

beforeAll(async () => {
  service = await startCommunity();
  ada = await service.member('Ada Lovelace');
  bob = await service.member('Bob Builder');
});
afterAll(async () => {
  await service?.stop();
});

const share = async (userId: string, content: string, type = 'win') => {
  const { status, body } = await service.as(userId)('POST', '/api/posts', { content, type });
  expect(status).toBe(201);
  return body as { id: string };
};

describe('posts', () => {
  it('when a member shares a post, then everyone sees it newest first with the author name', async () => {
    const first = await share(ada, 'First!');
    const second = await share(bob, 'Need a push today', 'struggle');
    const { status, body } = await service.as(randomUUID())('GET', '/api/posts');
    expect(status).toBe(200);
    const ids = body.map((p: { id: string }) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.find((p: { id: string }) => p.id === second.id)).toEqual({
      id: second.id,
      content: 'Need a push today',
      type: 'struggle',
      likes: 0,
      createdAt: expect.any(String),
      author: { displayName: 'Bob Builder' },
      likedByMe: false,
      commentCount: 0,
      isMine: false,
      reportedByMe: false,
    });
  });

  it('when a post has no type, then it is a win', async () => {
    const { body } = await service.as(ada)('POST', '/api/posts', { content: 'Default type' });
    expect(body.type).toBe('win');
  });

  it.each([
    [{ content: '' }],
    [{ content: '   ' }],
    [{ content: 'ok', type: 'brag' }],
    [{ type: 'win' }],
    [{ content: 'x'.repeat(2001) }],
  ])('when %o is posted, then it is 400 and nothing is stored', async (body) => {
    const user = randomUUID();
    const before = (await service.as(user)('GET', '/api/posts')).body.length;
    const response = await service.as(user)('POST', '/api/posts', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect((await service.as(user)('GET', '/api/posts')).body.length).toBe(before);
  });
});

describe('likes', () => {
  it('when a member likes twice, then the second call unlikes', async () => {
    const post = await share(ada, 'Like me');
    const like = await service.as(bob)('POST', `/api/posts/${post.id}/like`);
    expect(like.body).toMatchObject({ likes: 1, likedByMe: true });
    const unlike = await service.as(bob)('POST', `/api/posts/${post.id}/like`);
    expect(unlike.body).toMatchObject({ likes: 0, likedByMe: false });
  });

  it('when 20 members like at once, then all 20 count; the same member 10 times at once never counts twice', async () => {
    const post = await share(ada, 'Popular');
    const likers = Array.from({ length: 20 }, () => randomUUID());
    const answers = await Promise.all(
      likers.map((user) => service.as(user)('POST', `/api/posts/${post.id}/like`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const read = async () =>
      (await service.as(ada)('GET', '/api/posts')).body.find(
        (p: { id: string }) => p.id === post.id,
      );
    expect((await read()).likes).toBe(20);

    const eager = randomUUID();
    await Promise.all(
      Array.from({ length: 10 }, () => service.as(eager)('POST', `/api/posts/${post.id}/like`)),
    );
    // Ten toggles end where they started (an even count) and the count matches the likes kept.
    const likedNow = (await service.as(eager)('GET', '/api/posts')).body.find(
      (p: { id: string }) => p.id === post.id,
    );
    expect(likedNow.likes).toBe(likedNow.likedByMe ? 21 : 20);
  });

  it('when an unknown post is liked, then it is 404', async () => {
    expect((await service.as(bob)('POST', '/api/posts/0123456789abcdef01234567/like')).status).toBe(
      404,
    );
    expect((await service.as(bob)('POST', '/api/posts/not-an-id/like')).status).toBe(404);
  });
});

describe('comments', () => {
  it('when members comment, then the comments list oldest first and the post counts them', async () => {
    const post = await share(ada, 'Talk to me');
    await service.as(bob)('POST', `/api/posts/${post.id}/comments`, { content: 'You got this' });
    const second = await service.as(ada)('POST', `/api/posts/${post.id}/comments`, {
      content: 'Thanks!',
    });
    expect(second.status).toBe(201);
    const { body } = await service.as(bob)('GET', `/api/posts/${post.id}/comments`);
    expect(body.map((c: { content: string }) => c.content)).toEqual(['You got this', 'Thanks!']);
    expect(body[0]).toMatchObject({ author: { displayName: 'Bob Builder' }, isMine: true });
    const listed = (await service.as(bob)('GET', '/api/posts')).body.find(
      (p: { id: string }) => p.id === post.id,
    );
    expect(listed.commentCount).toBe(2);
  });

  it('when a comment is blank or the post unknown, then it is 400 or 404 and the count stays', async () => {
    const post = await share(ada, 'Quiet post');
    const blank = await service.as(bob)('POST', `/api/posts/${post.id}/comments`, {
      content: '  ',
    });
    expect(blank.status).toBe(400);
    const unknown = await service.as(bob)('POST', '/api/posts/0123456789abcdef01234567/comments', {
      content: 'hello',
    });
    expect(unknown.status).toBe(404);
    expect((await service.as(bob)('GET', `/api/posts/${post.id}/comments`)).body).toEqual([]);
  });
});

describe('delete, report, mute', () => {
  it("when the author deletes a post, then it is gone; another member's delete is 403", async () => {
    const post = await share(ada, 'Oops');
    expect((await service.as(bob)('DELETE', `/api/posts/${post.id}`)).status).toBe(403);
    expect((await service.as(ada)('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    const ids = (await service.as(ada)('GET', '/api/posts')).body.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(post.id);
    expect((await service.as(ada)('DELETE', `/api/posts/${post.id}`)).status).toBe(404);
  });

  it('when a member reports a post, then it is stored once and only admins may list reports', async () => {
    const post = await share(ada, 'Spammy?');
    const first = await service.as(bob)('POST', `/api/posts/${post.id}/report`, {
      reason: 'Spam',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ postId: post.id, reason: 'Spam', postContent: 'Spammy?' });
    expect(
      (await service.as(ada)('POST', `/api/posts/${post.id}/report`, { reason: 'Spam' })).status,
    ).toBe(400);
    expect((await service.as(bob)('GET', '/api/community/reports')).status).toBe(403);
  });

  it('when a member reports a post again, or several times at once, then it is kept once and the others are told it is already reported; a report without a reason is a 400 that keeps nothing', async () => {
    const post = await share(ada, 'Buy followers here');
    const dee = await service.member('Dee Reporter');
    const blank = await service.as(dee)('POST', `/api/posts/${post.id}/report`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toContain(REPORT_REASON_REQUIRED);
    expect((await service.as(dee)('POST', `/api/posts/${post.id}/report`)).status).toBe(400);
    expect(
      (await service.as(dee)('GET', '/api/posts')).body.find(
        (p: { id: string }) => p.id === post.id,
      ).reportedByMe,
    ).toBe(false);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        service.as(dee)('POST', `/api/posts/${post.id}/report`, { reason: 'Spam' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error.message).toBe(ALREADY_REPORTED_MESSAGE);
    const { Report } = communityModels(service.deps.db);
    expect(await Report.countDocuments({ postId: post.id, userId: dee })).toBe(1);
    expect(
      (await service.as(dee)('GET', '/api/posts')).body.find(
        (p: { id: string }) => p.id === post.id,
      ).reportedByMe,
    ).toBe(true);
    expect(
      (await service.as(bob)('GET', '/api/posts')).body.find(
        (p: { id: string }) => p.id === post.id,
      ).reportedByMe,
    ).toBe(false);
  });

  it("when a member mutes an author, then their posts leave that member's list only; unmute brings them back", async () => {
    const carol = await service.member('Carol Loud');
    const post = await share(carol, 'Look at me');
    const muted = await service.as(bob)('POST', `/api/posts/${post.id}/mute-author`);
    expect(muted.body).toEqual([{ userId: carol, displayName: 'Carol Loud' }]);
    const bobSees = (await service.as(bob)('GET', '/api/posts')).body.map(
      (p: { id: string }) => p.id,
    );
    expect(bobSees).not.toContain(post.id);
    const adaSees = (await service.as(ada)('GET', '/api/posts')).body.map(
      (p: { id: string }) => p.id,
    );
    expect(adaSees).toContain(post.id);
    expect((await service.as(carol)('POST', `/api/posts/${post.id}/mute-author`)).status).toBe(400);
    const unmuted = await service.as(bob)('DELETE', `/api/community/mutes/${carol}`);
    expect(unmuted.body).toEqual([]);
    expect(
      (await service.as(bob)('GET', '/api/posts')).body.map((p: { id: string }) => p.id),
    ).toContain(post.id);
  });
});
