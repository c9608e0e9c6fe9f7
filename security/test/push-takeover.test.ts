import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  newUser,
  startIdentity,
  type Client,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// A push endpoint is a URL; whoever learns another user's (a shared computer, a log, a screenshot)
// must not be able to move it to their own account: the victim's reminders would stop, and the
// attacker's would appear in the victim's browser. Only the browser's own keys prove it is the same
// browser, now signed in to another account.

let identity: IdentityHarness;
let gateway: RunningGateway;
beforeAll(async () => {
  identity = await startIdentity();
  gateway = await startGateway({ IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
});

async function signedUp(): Promise<{ browser: Client; userId: string }> {
  const browser = client(gateway.url);
  const registered = await browser.request('POST', '/api/auth/register', newUser());
  expect(registered.status).toBe(201);
  return { browser, userId: (registered.body as { id: string }).id };
}

const stored = (endpoint: string) =>
  identity.deps.db.collection('push_subscriptions').findOne({ endpoint });

describe('taking over another user’s push subscription', () => {
  it('when another user sends the endpoint with keys of their own, then it is refused with a 409 and nothing changes', async () => {
    const victim = await signedUp();
    const endpoint = `https://fcm.googleapis.com/fcm/send/victim-${victim.userId}`;
    const victimKeys = {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    expect(
      (
        await victim.browser.request('PUT', '/api/reminders/subscriptions', {
          endpoint,
          keys: victimKeys,
        })
      ).status,
    ).toBe(200);
    const before = await stored(endpoint);

    const attacker = await signedUp();
    const attempt = await attacker.browser.request('PUT', '/api/reminders/subscriptions', {
      endpoint,
      keys: {
        p256dh: 'BOr6Yh0kQeVQ0k5QHcC3kCdZqA0y6Tj2R8Pq1c9V5XcAttackerKeyAttackerKeyAttackerKey0',
        auth: 'attacker-auth-secret0',
      },
    });
    expect(attempt.status).toBe(409);
    expect(attempt.body).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(await stored(endpoint)).toEqual(before);
    expect(before).toMatchObject({ userId: victim.userId, keys: victimKeys });
    // The attacker has no subscription; the victim still has theirs.
    const attackerAgain = await attacker.browser.request(
      'POST',
      '/api/reminders/subscriptions/remove',
      { endpoint },
    );
    expect(attackerAgain).toMatchObject({ status: 200, body: { subscriptions: 0 } });
    expect(await stored(endpoint)).toEqual(before);
  });

  it('when the same browser subscribes for a newly signed-in account with its own keys, then it moves to that account', async () => {
    const first = await signedUp();
    const endpoint = `https://fcm.googleapis.com/fcm/send/shared-${first.userId}`;
    const keys = {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'sameBrowserAuthSecret',
    };
    await first.browser.request('PUT', '/api/reminders/subscriptions', { endpoint, keys });
    const second = await signedUp();
    const moved = await second.browser.request('PUT', '/api/reminders/subscriptions', {
      endpoint,
      keys,
    });
    expect(moved).toMatchObject({ status: 200, body: { subscriptions: 1 } });
    expect(await stored(endpoint)).toMatchObject({ userId: second.userId });
  });
});
