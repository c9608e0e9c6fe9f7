import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '@levelup/contracts';
import { removeTestStreams, startTestInfra, type TestInfra } from '@levelup/service-kit/testing';
import { startCommunity, type CommunityHarness } from '../../svc-community/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// One account opening live room streams without end held every socket the gateway had to svc-community:
// everyone else's community requests waited behind them, and when their signed identity expired in the
// wait they got a 401 (which signs the web app out). Streams are now capped and kept on sockets of their
// own; this replays the attack on svc-community behind the gateway.

/** More than the sockets the gateway keeps per service for ordinary requests. */
const ATTEMPTS = 260;

let infra: TestInfra;
let community: CommunityHarness;
let identity: http.Server;
let gateway: RunningGateway;
const opened: AbortController[] = [];
/**
 * Every answer stays referenced until the end: Node's fetch cancels the body of a Response that is
 * garbage collected unread, which would close that stream at the gateway and free a place under the
 * cap in the middle of the count.
 */
const held: Response[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
  community = await startCommunity({ infra });
  // svc-identity's session lookup, standing in: the session cookie's value is the user id.
  identity = http.createServer((req, res) => {
    const userId = /levelup\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    res.writeHead(userId ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(userId ? { userId, role: 'member' } : {}));
  });
  await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({
    IDENTITY_URL: `http://127.0.0.1:${(identity.address() as AddressInfo).port}`,
    COMMUNITY_URL: community.url,
  });
});

afterAll(async () => {
  for (const controller of opened) controller.abort();
  held.length = 0;
  await gateway?.close();
  identity?.closeAllConnections();
  await new Promise((resolve) => identity?.close(resolve));
  await community?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

const as = (userId: string) => ({ cookie: `levelup.sid=${userId}` });

describe('live room streams cannot starve the community area', () => {
  it('when one user opens room streams without end, then those past the per-user cap are refused with 429 and Retry-After, and another user reads posts with a valid identity', async () => {
    const [hoarder, reader] = await Promise.all([
      community.member('Hoarding Hal'),
      community.member('Reading Rae'),
    ]);
    const created = await fetch(`${gateway.url}${API.createSession.path}`, {
      method: 'POST',
      headers: { ...as(hoarder), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Held open',
        startTime: new Date(Date.now() - 60_000).toISOString(),
        duration: 30,
        maxParticipants: 6,
        category: 'focus',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const statuses: number[] = [];
    let refusal: { retryAfter: string | null; body: unknown } | undefined;
    for (let i = 0; i < ATTEMPTS && !refusal; i += 1) {
      const controller = new AbortController();
      opened.push(controller);
      const response = await fetch(`${gateway.url}${apiPath(API.roomEvents.path, { id })}`, {
        headers: as(hoarder),
        signal: controller.signal,
      });
      held.push(response);
      statuses.push(response.status);
      if (response.status !== 200) {
        refusal = { retryAfter: response.headers.get('retry-after'), body: await response.json() };
      }
    }
    // Refused long before the streams could take the sockets others need.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Number(refusal?.retryAfter)).toBeGreaterThan(0);
    expect(refusal?.body).toMatchObject({
      error: { code: 'TOO_MANY_STREAMS', details: { cap: 'per-user', max: 4 } },
    });

    // With the hoarder's streams still open, another user is answered (never a 401 from a stale signature).
    const posts = await fetch(`${gateway.url}${API.listPosts.path}`, {
      headers: as(reader),
      signal: AbortSignal.timeout(20_000),
    });
    expect(posts.status).toBe(200);
    expect(Array.isArray(await posts.json())).toBe(true);
  });
});
