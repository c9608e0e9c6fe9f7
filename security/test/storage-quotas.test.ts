import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_QUOTAS } from '@levelup/contracts';
import {
  minutesFromNow,
  startCommunity,
  type CommunityHarness,
} from '../../svc-community/test/harness.ts';

// Body-doubling sessions are listed to every member: one account creating sessions in a loop must not
// fill everyone's list (nor the database). What it may host at once is bounded, whatever it sends.

let community: CommunityHarness;
beforeAll(async () => {
  community = await startCommunity();
});
afterAll(async () => {
  await community?.stop();
});

describe('one member cannot flood the sessions everyone sees', () => {
  it('when a member creates sessions in a loop, then past the quota each is 409 naming the limit and others see only the quota’s worth', async () => {
    const flooder = await community.member('Flooder');
    const reader = await community.member('Reader');
    const { max } = STORAGE_QUOTAS.hostedSessions;
    const statuses: number[] = [];
    let refusal: unknown;
    for (let i = 0; i < max + 15; i += 1) {
      const answer = await community.as(flooder)('POST', '/api/sessions', {
        title: `Flood ${i}`,
        description: null,
        startTime: minutesFromNow(60 + i),
        duration: 30,
        maxParticipants: 2,
        category: 'focus',
      });
      statuses.push(answer.status);
      if (answer.status === 409) refusal = answer.body;
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(refusal).toMatchObject({
      error: { code: 'QUOTA_REACHED', message: expect.stringContaining(`limit of ${max}`) },
    });
    const seen = JSON.stringify((await community.as(reader)('GET', '/api/sessions')).body);
    expect(seen.match(/Flood \d+/g)).toHaveLength(max);
  });
});
