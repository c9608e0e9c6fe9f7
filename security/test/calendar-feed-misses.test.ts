import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedStateSchema } from '@levelup/contracts';
import { removeTestStreams, startTestInfra, type TestInfra } from '@levelup/service-kit/testing';
import { startCommunity, type CommunityHarness } from '../../svc-community/test/harness.ts';
import { startQuests, type QuestsHarness } from '../../svc-quests/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// Calendar services (Google, Apple) fetch many users' feeds from a few addresses. The gateway limits
// the misses per address to slow guessing; a link the deployment issued must still open its feed from an
// address that has used up its misses, while guesses from there stay refused.

let infra: TestInfra;
let community: CommunityHarness;
let quests: QuestsHarness;
let gateway: RunningGateway;

beforeAll(async () => {
  infra = await startTestInfra();
  community = await startCommunity({ infra });
  quests = await startQuests(infra, { communityUrl: community.url });
  gateway = await startGateway({ QUESTS_URL: quests.url, TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await gateway?.close();
  await quests?.stop();
  await community?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

async function feedLink(): Promise<string> {
  const { status, body } = await quests.as(randomUUID())('POST', '/api/calendar-feed/rotate');
  expect(status).toBe(200);
  return calendarFeedStateSchema.parse(body).feed!.path;
}

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('the calendar feed miss limit and calendar services', () => {
  it('when a calendar service address has used up its misses on stale links, then the valid links it fetches still open, and guesses stay refused', async () => {
    const calendarService = '203.0.113.7';
    const links = [await feedLink(), await feedLink()];
    let refused = 0;
    for (let i = 0; i < 40; i += 1) {
      const guess = `/api/calendar/${randomBytes(32).toString('base64url')}.ics`;
      const answer = await fetch(`${gateway.url}${guess}`, from(calendarService));
      expect([404, 429]).toContain(answer.status);
      if (answer.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    for (const link of links) {
      const answer = await fetch(`${gateway.url}${link}`, from(calendarService));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('BEGIN:VCALENDAR');
    }
    const guess = `/api/calendar/${randomBytes(48).toString('base64url')}.ics`;
    expect((await fetch(`${gateway.url}${guess}`, from(calendarService))).status).toBe(429);
  });
});
