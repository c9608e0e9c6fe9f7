import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@nats-io/transport-node';
import { EVENTS, type EventOf } from '@levelup/contracts';
import { signInternal } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import {
  TEST_IDENTITY_SECRET,
  client,
  newUser,
  startIdentity,
  type Client,
  type IdentityHarness,
} from './harness.ts';

let identity: IdentityHarness;
let subscription: Subscription;
const revoked: EventOf<'sessionRevoked'>[] = [];
const wire: string[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  // What every gateway instance does: a core subscription to the revocations.
  subscription = identity.deps.bus.connection.subscribe(
    `${identity.infra.suffix}.identity.session_revoked`,
    {
      callback: (_error, message) => {
        wire.push(message.string());
        revoked.push(EVENTS.sessionRevoked.schema.parse(message.json()));
      },
    },
  );
});
afterAll(async () => {
  subscription.unsubscribe();
  await identity.stop();
});

async function sessionOf(browser: Client): Promise<{ userId: string; sessionHash: string }> {
  const result = await client(identity.url).request('GET', '/internal/session', undefined, {
    cookie: browser.jar.header(),
    ...signInternal(TEST_IDENTITY_SECRET, {
      service: 'svc-identity',
      method: 'GET',
      path: '/internal/session',
    }),
  });
  expect(result.status).toBe(200);
  return result.body;
}

const revocationOf = (sessionHash: string) =>
  eventually(
    async () => revoked.find((event) => event.data.sessionHash === sessionHash),
    (event) => event !== undefined,
  );

describe('identity.session_revoked', () => {
  it('when a signed-in user signs out, then every gateway hears which session ended, by hash and never by cookie', async () => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', newUser());
    const session = await sessionOf(browser);
    expect(session.sessionHash).toMatch(/^[0-9a-f]{64}$/);

    await browser.request('POST', '/api/logout');

    const event = await revocationOf(session.sessionHash);
    expect(event?.data).toEqual({
      userId: session.userId,
      sessionHash: session.sessionHash,
      reason: 'sign_out',
    });
    const key = browser.jar.get('levelup.sid');
    expect(wire.some((text) => key !== undefined && text.includes(key))).toBe(false);
  });

  it('when a signed-in browser signs in again, then its previous session is revoked as replaced', async () => {
    const browser = client(identity.url);
    const user = newUser();
    await browser.request('POST', '/api/auth/register', user);
    const before = await sessionOf(browser);
    const login = await browser.request('POST', '/api/auth/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.status).toBe(200);
    const after = await sessionOf(browser);
    expect(after.sessionHash).not.toBe(before.sessionHash);
    expect((await revocationOf(before.sessionHash))?.data.reason).toBe('replaced');
  });

  it('when a visitor who never signed in visits sign-out, then nothing is published', async () => {
    const count = revoked.length;
    const visitor = client(identity.url);
    expect((await visitor.request('POST', '/api/logout')).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(revoked.length).toBe(count);
  });
});
