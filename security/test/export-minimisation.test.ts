import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSectionSchema } from '@levelup/contracts';
import {
  minutesFromNow,
  startCommunity,
  type CommunityHarness,
} from '../../svc-community/test/harness.ts';

// A member's data export is theirs: it carries their own id and no other member's. A host, a muted or
// a reported member appears by display name, and who else joined appears as a count.

let community: CommunityHarness;
beforeAll(async () => {
  community = await startCommunity();
});
afterAll(async () => {
  await community?.stop();
});

describe('the community data export holds no other member’s id', () => {
  it('when member A joined B’s session, liked and reported B’s post and muted B, then A’s export names B and never holds B’s id', async () => {
    const a = await community.member('Member A');
    const b = await community.member('Member B');
    const post = await community.as(b)('POST', '/api/posts', { content: 'B did a thing' });
    const session = await community.as(b)('POST', '/api/sessions', {
      title: 'B hosts',
      description: null,
      startTime: minutesFromNow(30),
      duration: 30,
      maxParticipants: 3,
      category: 'focus',
    });
    const asA = community.as(a);
    expect((await asA('POST', `/api/sessions/${session.body.id}/join`)).status).toBe(200);
    expect((await asA('POST', `/api/posts/${post.body.id}/like`)).status).toBe(200);
    expect(
      (await asA('POST', `/api/posts/${post.body.id}/report`, { reason: 'Spam' })).status,
    ).toBe(201);
    expect((await asA('POST', `/api/posts/${post.body.id}/mute-author`)).status).toBe(200);

    const { status, body } = await asA('GET', '/api/community/export');
    expect(status).toBe(200);
    const exported = dataExportSectionSchema.parse(body);
    expect(exported.sessions).toEqual([
      expect.objectContaining({ host: 'Member B', joined: true }),
    ]);
    expect(exported.mutes).toEqual([expect.objectContaining({ muted: 'Member B' })]);
    expect(JSON.stringify(body)).toContain(a);
    expect(JSON.stringify(body)).not.toContain(b);
  });
});
