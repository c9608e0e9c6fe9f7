import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../../svc-identity/src/index.ts';
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// Behind a load balancer every browser reaches the gateway from the balancer's address. The sign-in limit
// per address must count each browser's own address (what the trusted balancer says), or one guesser
// slows down everyone.

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

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('sign-in limits behind a load balancer', () => {
  it('when one browser fails sign-in on many accounts, then it is slowed down and another browser behind the same balancer is not', async () => {
    const user = newUser();
    expect(
      (await client(gateway.url).request('POST', '/api/auth/register', user, from('203.0.113.60')))
        .status,
    ).toBe(201);
    const guesser = client(gateway.url);
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerAddress.free; i += 1) {
      const answer = await guesser.request(
        'POST',
        '/api/auth/login',
        { username: `nobody_${i}_${user.username}`, password: 'wrong-password' },
        from('203.0.113.50'),
      );
      expect(answer.status).toBe(401);
    }
    // Slowed down on accounts with failures of their own (an account nobody failed on still signs in).
    const counted = await guesser.request(
      'POST',
      '/api/auth/login',
      { username: user.username, password: 'wrong-password' },
      from('203.0.113.50'),
    );
    expect(counted.status).toBe(401);
    const slowed = await guesser.request(
      'POST',
      '/api/auth/login',
      { username: user.username, password: user.password },
      from('203.0.113.50'),
    );
    expect(slowed.status).toBe(429);
    const other = await client(gateway.url).request(
      'POST',
      '/api/auth/login',
      { username: user.username, password: user.password },
      from('203.0.113.51'),
    );
    expect(other.status).toBe(200);
  });
});
