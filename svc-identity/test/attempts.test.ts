import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS, attemptModel, attemptsRepository } from '../src/auth/attempts.ts';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

let addresses = 0;
/** A browser behind its own address, as the gateway forwards it (X-Forwarded-For). */
function browserAt(address = `203.0.113.${++addresses}`) {
  const browser = client(identity.url);
  const headers = { 'x-forwarded-for': address };
  return {
    register: (user: ReturnType<typeof newUser>) =>
      browser.request('POST', '/api/auth/register', user, headers),
    login: (username: string, password: string) =>
      browser.request('POST', '/api/auth/login', { username, password }, headers),
  };
}

describe('failed sign-ins and sign-ups are slowed down', () => {
  it('when one account gets five wrong passwords, by username and by email, then the next try waits 15 s (429 with Retry-After), even with the right password, and other accounts are untouched', async () => {
    const user = newUser();
    const other = newUser();
    const browser = browserAt();
    expect((await browser.register(user)).status).toBe(201);
    expect((await browser.register(other)).status).toBe(201);
    // Username and email are one account, so one count.
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerAccount.free; i += 1) {
      const typed = i % 2 ? user.email.toUpperCase() : user.username;
      expect((await browserAt().login(typed, 'wrong-password')).status).toBe(401);
    }
    for (const typed of [user.username.toUpperCase(), user.email]) {
      const delayed = await browserAt().login(typed, user.password);
      expect(delayed.status).toBe(429);
      expect(delayed.body.error).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(
          /^Too many failed sign-in attempts\. Please try again in 1[0-5] seconds\.$/,
        ),
      });
      const retryAfter = Number(delayed.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(10);
      expect(retryAfter).toBeLessThanOrEqual(15);
    }
    expect((await browser.login(other.username, other.password)).status).toBe(200);
  });

  it('when the right password comes before the limit, then the count starts again', async () => {
    const user = newUser();
    const browser = browserAt();
    expect((await browser.register(user)).status).toBe(201);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < ATTEMPT_LIMITS.signInPerAccount.free - 1; i += 1) {
        expect((await browser.login(user.username, 'wrong-password')).status).toBe(401);
      }
      expect((await browser.login(user.username, user.password)).status).toBe(200);
    }
  });

  it('when one address fails on many accounts, then it is slowed down on accounts with failures of their own; the right password of an account nobody failed on still signs in from there', async () => {
    const user = newUser();
    const failedOn = newUser();
    const office = '203.0.113.200';
    const guesser = browserAt(office);
    expect((await browserAt().register(user)).status).toBe(201);
    expect((await browserAt().register(failedOn)).status).toBe(201);
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerAddress.free; i += 1) {
      expect((await guesser.login(`nobody_${i}_${user.username}`, 'wrong-password')).status).toBe(
        401,
      );
    }
    // A colleague behind the same address, on an account with no failures: in.
    expect((await browserAt(office).login(user.username, user.password)).status).toBe(200);
    // One wrong password on an account from there is checked and counted; the next attempt waits.
    expect((await guesser.login(failedOn.username, 'wrong-password')).status).toBe(401);
    expect((await guesser.login(failedOn.username, failedOn.password)).status).toBe(429);
    // Another address is not slowed down by this one.
    expect((await browserAt().login(failedOn.username, failedOn.password)).status).toBe(200);
  });

  it('when one address is refused sign-up after sign-up (taken usernames), then it gets 429 and creates nothing', async () => {
    const taken = newUser();
    const prober = browserAt();
    expect((await prober.register(taken)).status).toBe(201);
    for (let i = 0; i < ATTEMPT_LIMITS.signUpPerAddress.free; i += 1) {
      const probe = newUser({ username: taken.username });
      expect((await prober.register(probe)).status).toBe(409);
    }
    const fresh = newUser();
    const refused = await prober.register(fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many failed sign-up attempts. Please try again in 1 minute.',
    );
    expect((await browserAt().login(fresh.username, fresh.password)).status).toBe(401);
    expect((await browserAt().register(fresh)).status).toBe(201);
  });

  it('when failures go on, then each waits twice as long as the one before, up to the cap, and never longer; a forgotten count starts from one', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const limit = { free: 2, firstDelayMs: 1_000, maxDelayMs: 4_000, forgetMs: 60_000 };
    const attempts = attemptsRepository(attemptModel(identity.deps.db), {
      now: () => now,
      limits: { signInPerAccount: limit, signInPerAddress: limit, signUpPerAddress: limit },
    });
    const key = attempts.accountKey(undefined, newUser().username);
    /** One attempt: 0 when it is counted (and the password would be checked), else the seconds to wait. */
    const attempt = async () => {
      try {
        await attempts.beginSignIn(key, undefined);
        return 0;
      } catch (error) {
        return Number((error as { headers: Record<string, string> }).headers['retry-after']);
      }
    };
    expect(await Promise.all([attempt(), attempt()])).toEqual([0, 0]);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const wait = await attempt();
      waits.push(wait);
      now = new Date(now.getTime() + wait * 1000);
      expect(await attempt()).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 4]);
    now = new Date(now.getTime() + 60_001);
    expect(await attempt()).toBe(0);
    expect(await attempt()).toBe(0);
  });
});
