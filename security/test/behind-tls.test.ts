import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// Behind a TLS terminator (docs/operations.md, Running behind TLS): the gateway takes the client's
// protocol and address from X-Forwarded-* only when the peer is a proxy it trusts (TRUST_PROXY), passes
// them on, and svc-identity then sets Secure cookies; HSTS goes with every HTTPS answer.

let secureIdentity: IdentityHarness;
let plainIdentity: IdentityHarness;
let behindProxy: RunningGateway;
let trustingNobody: RunningGateway;
beforeAll(async () => {
  secureIdentity = await startIdentity(undefined, { cookieSecure: true });
  plainIdentity = await startIdentity(secureIdentity.infra);
  // The tests' own connection comes from 127.0.0.1: for this gateway, that is the TLS terminator.
  behindProxy = await startGateway({ IDENTITY_URL: secureIdentity.url, TRUST_PROXY: 'loopback' });
  trustingNobody = await startGateway({ IDENTITY_URL: plainIdentity.url });
});
afterAll(async () => {
  await behindProxy?.close();
  await trustingNobody?.close();
  await plainIdentity?.stop();
  await secureIdentity?.stop();
});

const viaTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };

describe('running behind TLS', () => {
  it('when COOKIE_SECURE is on and the trusted proxy says https, then sign-up and sign-in work with Secure cookies and HSTS', async () => {
    const browser = client(behindProxy.url);
    const user = newUser();
    const signUp = await browser.request('POST', '/api/auth/register', user, viaTls);
    expect(signUp.status).toBe(201);
    expect(signUp.response.headers.getSetCookie().join('\n')).toMatch(
      /levelup\.sid=[^;]+;.*secure/i,
    );
    expect(signUp.response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const signIn = await client(behindProxy.url).request(
      'POST',
      '/api/auth/login',
      { username: user.username, password: user.password },
      viaTls,
    );
    expect(signIn.status).toBe(200);
    for (const cookie of signIn.response.headers.getSetCookie())
      expect(cookie.toLowerCase()).toContain('secure');
    expect((await browser.request('GET', '/api/user/profile', undefined, viaTls)).status).toBe(200);
  });

  it('when a client that is not a trusted proxy claims https, then the claim is ignored: no Secure cookie, no HSTS', async () => {
    const browser = client(trustingNobody.url);
    const signUp = await browser.request('POST', '/api/auth/register', newUser(), viaTls);
    expect(signUp.status).toBe(201);
    expect(signUp.response.headers.get('strict-transport-security')).toBeNull();
    for (const cookie of signUp.response.headers.getSetCookie())
      expect(cookie.toLowerCase()).not.toContain('secure');
  });
});
