import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSessionResolver } from '../src/session-resolver.ts';

const SECRET = 'test-secret-0123456789abcdef';
let lookups = 0;
let delayMs = 100;
/** 'down': svc-identity resets every connection, as a killed process does. */
let mode: 'up' | 'down' = 'up';
const HASH_OF: Record<string, string> = {
  'levelup.sid=good': 'a'.repeat(64),
  'levelup.sid=other': 'b'.repeat(64),
};
let server: http.Server;
let identityUrl: string;

beforeAll(async () => {
  // A fake svc-identity that answers after delayMs: 'levelup.sid=good' is user-1, anything else signed out.
  server = http.createServer((req, res) => {
    lookups += 1;
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    setTimeout(() => {
      const cookie = req.headers.cookie ?? '';
      const sessionHash = HASH_OF[cookie];
      if (cookie.startsWith('levelup.sid=role-')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ userId: 'user-2', role: cookie.slice('levelup.sid=role-'.length) }),
        );
        return;
      }
      const good = cookie.includes('levelup.sid=good') || sessionHash !== undefined;
      res.writeHead(good ? 200 : 401, { 'content-type': 'application/json' });
      res.end(good ? JSON.stringify({ userId: 'user-1', sessionHash }) : '{}');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  identityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const resolver = (timeoutMs = 2_000) =>
  createSessionResolver({
    identityUrls: [identityUrl],
    secret: SECRET,
    cacheMs: 2_000,
    staleMs: 0,
    timeoutMs,
  });

/** A resolver on a clock the test moves: 2 s fresh (5 min while revocations are heard), 15 min stale, 1 s between retries. */
function clockedResolver() {
  const clock = { now: 1_000_000 };
  const sessions = createSessionResolver({
    identityUrls: [identityUrl],
    secret: SECRET,
    cacheMs: 2_000,
    followedCacheMs: 5 * 60_000,
    staleMs: 15 * 60_000,
    retryMs: 1_000,
    timeoutMs: 2_000,
    now: () => clock.now,
  });
  return { sessions, clock };
}

describe('session resolver', () => {
  it('when twenty requests with one cookie arrive during its lookup, then svc-identity is asked once and all get the user', async () => {
    lookups = 0;
    delayMs = 100;
    const sessions = resolver();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sessions.resolve('levelup.sid=good', `req-${i}`)),
    );
    expect(lookups).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ kind: 'signed-in', userId: 'user-1', role: 'member' })]),
    );
    await sessions.resolve('levelup.sid=good', 'cached');
    expect(lookups).toBe(1);
  });

  it('when the cookie is forgotten (sign-out) while its lookup runs, then that answer is not kept', async () => {
    lookups = 0;
    delayMs = 100;
    const sessions = resolver();
    const during = sessions.resolve('levelup.sid=good', 'before-sign-out');
    sessions.forget('levelup.sid=good');
    expect(await during).toEqual({ kind: 'signed-in', userId: 'user-1', role: 'member' });
    await sessions.resolve('levelup.sid=good', 'after-sign-out');
    expect(lookups).toBe(2);
  });

  it('when svc-identity names the admin role, then the answer carries it; any other or no role is a member', async () => {
    delayMs = 0;
    const sessions = resolver();
    expect(await sessions.resolve('levelup.sid=role-admin', 'admin')).toEqual({
      kind: 'signed-in',
      userId: 'user-2',
      role: 'admin',
    });
    expect(await sessions.resolve('levelup.sid=role-admin', 'admin-cached')).toMatchObject({
      role: 'admin',
    });
    expect(await sessions.resolve('levelup.sid=role-superuser', 'odd')).toMatchObject({
      role: 'member',
    });
    expect(await sessions.resolve('levelup.sid=good', 'none')).toMatchObject({ role: 'member' });
  });

  it('when svc-identity does not answer within the session timeout, then the lookup is unavailable, not hung', async () => {
    delayMs = 5_000;
    const answer = await resolver(200).resolve('levelup.sid=slow-good', 'slow');
    expect(answer.kind).toBe('unavailable');
  });
});

describe('session resolver while svc-identity is away', () => {
  beforeEach(() => {
    mode = 'up';
    delayMs = 0;
    lookups = 0;
  });

  it('when svc-identity goes down, then a session it verified within the stale bound is still served and an unknown cookie is unavailable', async () => {
    const { sessions, clock } = clockedResolver();
    expect(await sessions.resolve('levelup.sid=good', 'r1')).toEqual({
      kind: 'signed-in',
      userId: 'user-1',
      role: 'member',
    });
    mode = 'down';
    clock.now += 14 * 60_000;
    expect(await sessions.resolve('levelup.sid=good', 'r2')).toEqual({
      kind: 'signed-in',
      userId: 'user-1',
      role: 'member',
      stale: true,
    });
    expect((await sessions.resolve('levelup.sid=never-seen', 'r3')).kind).toBe('unavailable');
  });

  it('when the last verification is older than the stale bound, then the session is unavailable, not served', async () => {
    const { sessions, clock } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    mode = 'down';
    clock.now += 15 * 60_000 + 1;
    expect((await sessions.resolve('levelup.sid=good', 'r2')).kind).toBe('unavailable');
  });

  it('when svc-identity has just failed, then requests in the next second are answered without asking it again', async () => {
    const { sessions, clock } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    mode = 'down';
    clock.now += 5_000;
    await sessions.resolve('levelup.sid=good', 'r2');
    const asked = lookups;
    for (let i = 0; i < 10; i += 1) await sessions.resolve('levelup.sid=good', `again-${i}`);
    expect(lookups).toBe(asked);
    clock.now += 1_001;
    await sessions.resolve('levelup.sid=good', 'after-retry');
    expect(lookups).toBe(asked + 1);
  });

  it('when svc-identity is back, then its answer replaces the stale one (a session it ended is signed out)', async () => {
    const { sessions, clock } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    mode = 'down';
    clock.now += 60_000;
    expect((await sessions.resolve('levelup.sid=good', 'r2')).kind).toBe('signed-in');
    mode = 'up';
    clock.now += 1_001;
    expect(await sessions.resolve('levelup.sid=nobody', 'r3')).toEqual({ kind: 'anonymous' });
    expect(await sessions.resolve('levelup.sid=good', 'r4')).toEqual({
      kind: 'signed-in',
      userId: 'user-1',
      role: 'member',
    });
  });

  it("when a revocation names the session's hash, then it is refused at once while svc-identity is down and the user's other session is not", async () => {
    const { sessions, clock } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    await sessions.resolve('levelup.sid=other', 'r2');
    mode = 'down';
    expect(sessions.revoke({ userId: 'user-1', sessionHash: HASH_OF['levelup.sid=good'] })).toBe(1);
    clock.now += 500;
    expect((await sessions.resolve('levelup.sid=good', 'r3')).kind).toBe('unavailable');
    clock.now += 5_000;
    expect((await sessions.resolve('levelup.sid=good', 'r4')).kind).toBe('unavailable');
    expect((await sessions.resolve('levelup.sid=other', 'r5')).kind).toBe('signed-in');
  });

  it("when a revocation names only the user, then every one of the user's sessions is refused", async () => {
    const { sessions } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    await sessions.resolve('levelup.sid=other', 'r2');
    mode = 'down';
    expect(sessions.revoke({ userId: 'user-1' })).toBe(2);
    expect((await sessions.resolve('levelup.sid=other', 'r3')).kind).toBe('unavailable');
  });

  it('when svc-identity still vouches for a revoked session (the event overtook its delete), then the session is refused', async () => {
    const { sessions } = clockedResolver();
    sessions.revoke({ userId: 'user-1', sessionHash: HASH_OF['levelup.sid=good'] });
    expect(await sessions.resolve('levelup.sid=good', 'r1')).toEqual({ kind: 'anonymous' });
  });

  it('when a cookie is signed out at the gateway while svc-identity is away, then it is refused until svc-identity confirms', async () => {
    const { sessions, clock } = clockedResolver();
    await sessions.resolve('levelup.sid=good', 'r1');
    mode = 'down';
    sessions.signOutLocally('levelup.sid=good');
    clock.now += 5_000;
    expect(await sessions.resolve('levelup.sid=good', 'r2')).toEqual({ kind: 'anonymous' });
    sessions.signOutConfirmed('levelup.sid=good');
    expect((await sessions.resolve('levelup.sid=good', 'r3')).kind).toBe('unavailable');
  });
});

describe('several svc-identity instances (IDENTITY_URLS)', () => {
  it('when one instance refuses connections, then lookups go to the other and keep answering', async () => {
    // A port nothing listens on: a stopped instance.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    mode = 'up';
    delayMs = 0;
    const sessions = createSessionResolver({
      identityUrls: [deadUrl, identityUrl],
      secret: SECRET,
      cacheMs: 0,
      staleMs: 0,
      timeoutMs: 2_000,
    });
    const before = lookups;
    for (let i = 0; i < 4; i += 1)
      expect(await sessions.resolve('levelup.sid=good', `r${i}`)).toEqual({
        kind: 'signed-in',
        userId: 'user-1',
        role: 'member',
      });
    // Every lookup was answered by the live instance (the dead one is tried last once it failed).
    expect(lookups - before).toBe(4);
  });

  it('when revocations are heard, then a session is asked for once in minutes, and a revocation naming its user makes the next request ask again', async () => {
    const { sessions, clock } = clockedResolver();
    sessions.followRevocations(true);
    lookups = 0;
    await sessions.resolve('levelup.sid=good', 'r1');
    for (let i = 0; i < 10; i += 1) {
      clock.now += 25_000;
      expect((await sessions.resolve('levelup.sid=good', `r${i + 2}`)).kind).toBe('signed-in');
    }
    expect(lookups).toBe(1);
    sessions.revoke({ userId: 'user-1' });
    await sessions.resolve('levelup.sid=good', 'after-revocation');
    expect(lookups).toBe(2);
    clock.now += 5 * 60_000;
    await sessions.resolve('levelup.sid=good', 'after-five-minutes');
    expect(lookups).toBe(3);
  });

  it('when the revocation feed is lost, then sessions are asked for again after seconds, also those verified before it came back', async () => {
    const { sessions, clock } = clockedResolver();
    sessions.followRevocations(true);
    lookups = 0;
    await sessions.resolve('levelup.sid=good', 'r1');
    sessions.followRevocations(false);
    clock.now += 3_000;
    await sessions.resolve('levelup.sid=good', 'r2');
    expect(lookups).toBe(2);
    await sessions.resolve('levelup.sid=other', 'r3');
    expect(lookups).toBe(3);
    clock.now += 1_000;
    // Back: 'good' was verified 1 s ago (while nothing was heard), 'other' too: only seconds for both.
    sessions.followRevocations(true);
    clock.now += 1_500;
    await sessions.resolve('levelup.sid=good', 'r4');
    expect(lookups).toBe(4);
    clock.now += 60_000;
    await sessions.resolve('levelup.sid=good', 'r5');
    expect(lookups).toBe(4);
    await sessions.resolve('levelup.sid=other', 'r6');
    expect(lookups).toBe(5);
  });
});
