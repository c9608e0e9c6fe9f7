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

describe('failed sign-ins and sign-ups are limited (issue 12)', () => {
  it('when one account gets five wrong passwords, then the sixth try is 429 with Retry-After, even with the right password, and other accounts are untouched', async () => {
    const user = newUser();
    const other = newUser();
    const browser = browserAt();
    expect((await browser.register(user)).status).toBe(201);
    expect((await browser.register(other)).status).toBe(201);
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerUsername.max; i += 1) {
      expect((await browser.login(user.username, 'wrong-password')).status).toBe(401);
    }
    const locked = await browserAt().login(user.username.toUpperCase(), user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    const retryAfter = Number(locked.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await browser.login(other.username, other.password)).status).toBe(200);
  });

  it('when the right password comes before the limit, then the count starts again', async () => {
    const user = newUser();
    const browser = browserAt();
    expect((await browser.register(user)).status).toBe(201);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < ATTEMPT_LIMITS.signInPerUsername.max - 1; i += 1) {
        expect((await browser.login(user.username, 'wrong-password')).status).toBe(401);
      }
      expect((await browser.login(user.username, user.password)).status).toBe(200);
    }
  });

  it('when one address fails on many accounts, then it is refused while another address signs in', async () => {
    const user = newUser();
    const guesser = browserAt();
    expect((await browserAt().register(user)).status).toBe(201);
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerAddress.max; i += 1) {
      expect((await guesser.login(`nobody_${i}_${user.username}`, 'wrong-password')).status).toBe(
        401,
      );
    }
    expect((await guesser.login(user.username, user.password)).status).toBe(429);
    expect((await browserAt().login(user.username, user.password)).status).toBe(200);
  });

  it('when one address is refused sign-up after sign-up (taken usernames), then it gets 429 and creates nothing', async () => {
    const taken = newUser();
    const prober = browserAt();
    expect((await prober.register(taken)).status).toBe(201);
    for (let i = 0; i < ATTEMPT_LIMITS.signUpPerAddress.max; i += 1) {
      const probe = newUser({ username: taken.username });
      expect((await prober.register(probe)).status).toBe(409);
    }
    const fresh = newUser();
    const refused = await prober.register(fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many failed sign-up attempts. Please try again in 60 minutes.',
    );
    expect((await browserAt().login(fresh.username, fresh.password)).status).toBe(401);
    expect((await browserAt().register(fresh)).status).toBe(201);
  });

  it('when a window ends, then the key may try again and its count starts from one', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const attempts = attemptsRepository(attemptModel(identity.deps.db), {
      now: () => now,
      limits: {
        signInPerUsername: { max: 2, windowMs: 60_000 },
        signInPerAddress: { max: 100, windowMs: 60_000 },
        signUpPerAddress: { max: 100, windowMs: 60_000 },
      },
    });
    const username = newUser().username;
    await Promise.all([
      attempts.signInFailed(username, undefined),
      attempts.signInFailed(username, undefined),
    ]);
    await expect(attempts.checkSignIn(username, undefined)).rejects.toMatchObject({
      status: 429,
      headers: { 'retry-after': '60' },
    });
    now = new Date(now.getTime() + 60_001);
    await expect(attempts.checkSignIn(username, undefined)).resolves.toBeUndefined();
    await attempts.signInFailed(username, undefined);
    await expect(attempts.checkSignIn(username, undefined)).resolves.toBeUndefined();
  });
});
