import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../../svc-identity/src/index.ts';
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// Sign-in attempts are counted before the slow password hash, so a burst sent at once gets no more
// guesses than the same attempts one after another. And the slow-down of one address (an office, a
// carrier's NAT) never keeps out someone typing the right password for an account nobody failed on.

let identity: IdentityHarness;
let gateway: RunningGateway;
beforeAll(async () => {
  identity = await startIdentity();
  gateway = await startGateway({ IDENTITY_URL: identity.url, TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
});

let addresses = 0;
const login = (username: string, password: string, address = `198.51.100.${++addresses}`) =>
  client(gateway.url).request(
    'POST',
    '/api/auth/login',
    { username, password },
    { 'x-forwarded-for': address },
  );

describe('sign-in attempts sent together', () => {
  it('when 20 wrong passwords for one account arrive at once, then only the free allowance is checked and the rest are 429', async () => {
    const user = newUser();
    expect((await client(gateway.url).request('POST', '/api/auth/register', user)).status).toBe(
      201,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, `wrong-${Math.random()}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      ATTEMPT_LIMITS.signInPerAccount.free,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - ATTEMPT_LIMITS.signInPerAccount.free,
    );
    // The account waits now, whoever asks.
    expect((await login(user.username, user.password)).status).toBe(429);
  });
});

describe('many people behind one address', () => {
  it('when others behind the address failed until it is slowed down, then the right password for an account with no failures still signs in', async () => {
    const user = newUser();
    expect((await client(gateway.url).request('POST', '/api/auth/register', user)).status).toBe(
      201,
    );
    const office = '192.0.2.77';
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerAddress.free; i += 1) {
      expect(
        (await login(`colleague_${i}_${user.username}`, 'wrong-password', office)).status,
      ).toBe(401);
    }
    expect((await login(`another_${user.username}`, 'wrong-password', office)).status).toBe(401);
    const signedIn = await login(user.username, user.password, office);
    expect(signedIn.status).toBe(200);
  });
});
