import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityModels } from '../src/users/models.ts';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '@levelup/service-kit/testing/oidc-provider';
import {
  CookieJar,
  client,
  confirmationLinkFor,
  newUser,
  startIdentity,
  type IdentityHarness,
} from './harness.ts';

// External sign-in through OpenID Connect (authorisation code with PKCE), against a real
// provider started here. The browser is played by fetch: redirects followed by hand, forms posted.

/** The public origin the provider sends browsers back to; requests to it go to the service directly. */
const PUBLIC = 'http://app.levelup.test';
let provider: TestOidcProvider;
let identity: IdentityHarness;
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-mail-'));

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [`${PUBLIC}/api/login/callback`] });
  identity = await startIdentity(undefined, {
    externalSignIn: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: `${PUBLIC}/api/login/callback`,
    },
    mailDir,
  });
});
afterAll(async () => {
  await identity?.stop();
  await provider?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

const formField = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

/**
 * Starts at /api/login with the service's cookies in `jar` and plays the browser through the provider's
 * login and consent forms; answers the service's response to the callback (`tamper` may change its URL).
 */
async function signInAs(
  login: string,
  jar: CookieJar,
  tamper: (callback: URL) => URL = (url) => url,
  start = '/api/login',
  method = 'GET',
): Promise<Response> {
  const toService = (url: URL) => `${identity.url}${url.pathname}${url.search}`;
  let response = await fetch(`${identity.url}${start}`, {
    method,
    redirect: 'manual',
    headers: { cookie: jar.header() },
  });
  jar.store(response);
  const providerJar = new CookieJar();
  let location = new URL(response.headers.get('location')!, identity.url);
  for (let step = 0; step < 12; step += 1) {
    if (location.origin === PUBLIC) {
      response = await fetch(toService(tamper(location)), {
        redirect: 'manual',
        headers: { cookie: jar.header() },
      });
      jar.store(response);
      return response;
    }
    response = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: providerJar.header() },
    });
    providerJar.store(response);
    if (response.status === 200) {
      // The development login form, then the consent form: post each as a browser would.
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = formField(html, 'prompt');
      if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
      const body = new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt },
      );
      response = await fetch(new URL(action, location), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: providerJar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      providerJar.store(response);
    }
    const next = response.headers.get('location');
    if (!next) throw new Error(`provider answered ${response.status} without a redirect`);
    location = new URL(next, location);
  }
  throw new Error('too many redirects');
}

const profileWith = async (jar: CookieJar) =>
  client(identity.url).request('GET', '/api/user/profile', undefined, { cookie: jar.header() });

describe('external sign-in (OpenID Connect)', () => {
  it('when a provider is configured, then /api/login/options says so, without a session', async () => {
    const result = await client(identity.url).request('GET', '/api/login/options');
    expect(result).toMatchObject({ status: 200, body: { externalSignIn: true } });
  });

  it('when a new provider account signs in, then an account is made from its claims and the browser is signed in at /', async () => {
    provider.account('oidc-ada', {
      email: 'Ada.OIDC@example.com',
      email_verified: true,
      name: 'Ada Provider',
      preferred_username: 'ada.provider',
    });
    const jar = new CookieJar();
    const callback = await signInAs('oidc-ada', jar);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    const { status, body } = await profileWith(jar);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: 'adaprovider',
      displayName: 'Ada Provider',
      email: 'ada.oidc@example.com',
    });

    // Again, from another browser: the same account, not a second one.
    const again = new CookieJar();
    expect((await signInAs('oidc-ada', again)).headers.get('location')).toBe('/');
    expect((await profileWith(again)).body.id).toBe(body.id);
    // The account has no password that works.
    const password = await client(identity.url).request('POST', '/api/auth/login', {
      username: 'adaprovider',
      password: 'external-sign-in-only',
    });
    expect(password.status).toBe(401);
  });

  it("when a new account signs in with the browser's time zone, then the account lives in it; a later sign-in from another zone does not move it", async () => {
    provider.account('oidc-tokyo', { email: 'tokyo.oidc@example.com', email_verified: true });
    const jar = new CookieJar();
    const start = `/api/login?timeZone=${encodeURIComponent('Asia/Tokyo')}`;
    expect((await signInAs('oidc-tokyo', jar, undefined, start)).headers.get('location')).toBe('/');
    expect((await profileWith(jar)).body.timeZone).toBe('Asia/Tokyo');

    const later = new CookieJar();
    await signInAs('oidc-tokyo', later, undefined, '/api/login?timeZone=Europe%2FBerlin');
    expect((await profileWith(later)).body.timeZone).toBe('Asia/Tokyo');
  });

  it('when the time zone given to /api/login is not one, then the sign-in goes on and the new account starts in UTC', async () => {
    provider.account('oidc-mars', { email: 'mars.oidc@example.com', email_verified: true });
    const jar = new CookieJar();
    const start = '/api/login?timeZone=Mars%2FBase';
    expect((await signInAs('oidc-mars', jar, undefined, start)).headers.get('location')).toBe('/');
    expect((await profileWith(jar)).body.timeZone).toBe('UTC');
  });

  it('when the provider vouches for the email of a password account whose owner confirmed it, then it signs in to that account', async () => {
    const existing = newUser();
    const { body: user } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      existing,
    );
    const confirm = await client(identity.url).request(
      'GET',
      confirmationLinkFor(mailDir, existing.email)!,
    );
    expect(confirm.response.headers.get('location')).toBe('/auth?notice=email-verified');
    provider.account('oidc-linked', { email: existing.email, email_verified: true });
    const jar = new CookieJar();
    expect((await signInAs('oidc-linked', jar)).headers.get('location')).toBe('/');
    expect((await profileWith(jar)).body.id).toBe(user.id);
  });

  it("when someone signed up with another person's email (never confirmed), then that person's provider sign-in does not land in the squatter's account", async () => {
    // The attacker signs up first with the victim's address and keeps the password.
    const squatter = newUser({ email: 'victim.takeover@example.com' });
    const attacker = client(identity.url);
    const { body: squatterAccount } = await attacker.request(
      'POST',
      '/api/auth/register',
      squatter,
    );
    // The victim later signs in with a provider that verified that address.
    provider.account('oidc-victim', { email: squatter.email, email_verified: true });
    const jar = new CookieJar();
    const callback = await signInAs('oidc-victim', jar);
    expect(callback.headers.get('location')).toBe('/auth?notice=external-email-taken');
    expect((await profileWith(jar)).status).toBe(401);
    // Nothing was linked: the attacker's password still opens only the attacker's own, empty account.
    const again = new CookieJar();
    await signInAs('oidc-victim', again);
    expect((await profileWith(again)).status).toBe(401);
    expect((await attacker.request('GET', '/api/user/profile')).body.id).toBe(squatterAccount.id);
  });

  it('when an account has a username shaped like the email of a provider account, then the provider sign-in never lands in it', async () => {
    // Sign-up refuses such usernames now; an account from before is matched by email only.
    const victimEmail = 'victim.username@example.com';
    const legacy = newUser();
    const { body: legacyAccount } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      legacy,
    );
    await identityModels(identity.deps.db).User.updateOne(
      { _id: legacyAccount.id },
      { $set: { username: victimEmail, usernameKey: victimEmail, emailVerifiedAt: new Date() } },
    );
    provider.account('oidc-username', { email: victimEmail, email_verified: true });
    const jar = new CookieJar();
    expect((await signInAs('oidc-username', jar)).headers.get('location')).toBe('/');
    const { body } = await profileWith(jar);
    expect(body.id).not.toBe(legacyAccount.id);
    expect(body.email).toBe(victimEmail);
  });

  it('when a signed-in user links a provider account from their session, then that provider account signs in to theirs; GET cannot start a link', async () => {
    const owner = newUser();
    const browser = client(identity.url);
    const { body: account } = await browser.request('POST', '/api/auth/register', owner);
    // A provider account with another, unconfirmed address: only the session can link it.
    provider.account('oidc-own-link', { email: 'someone.else@example.com', email_verified: false });
    expect((await browser.request('GET', '/api/login/link')).status).toBe(405);
    const linked = await signInAs(
      'oidc-own-link',
      browser.jar,
      undefined,
      '/api/login/link',
      'POST',
    );
    expect(linked.headers.get('location')).toBe('/profile');
    const jar = new CookieJar();
    expect((await signInAs('oidc-own-link', jar)).headers.get('location')).toBe('/');
    expect((await profileWith(jar)).body.id).toBe(account.id);
    // Signed out, there is nothing to link to.
    expect((await client(identity.url).request('POST', '/api/login/link')).status).toBe(401);
  });

  it('when the email is an account’s but not verified by the provider, then nothing is linked and /auth says why', async () => {
    const existing = newUser();
    await client(identity.url).request('POST', '/api/auth/register', existing);
    provider.account('oidc-unverified', { email: existing.email, email_verified: false });
    const jar = new CookieJar();
    const callback = await signInAs('oidc-unverified', jar);
    expect(callback.headers.get('location')).toBe('/auth?notice=external-email-taken');
    expect((await profileWith(jar)).status).toBe(401);
  });

  it('when the callback’s state is not the one sent, then the sign-in fails to /auth and nobody is signed in', async () => {
    provider.account('oidc-tampered', { name: 'Mallory' });
    const jar = new CookieJar();
    const callback = await signInAs('oidc-tampered', jar, (url) => {
      url.searchParams.set('state', 'forged');
      return url;
    });
    expect(callback.headers.get('location')).toBe('/auth?notice=external-failed');
    expect((await profileWith(jar)).status).toBe(401);
  });

  it('when the callback comes without the start’s cookie, then it fails to /auth', async () => {
    const result = await client(identity.url).request(
      'GET',
      '/api/login/callback?code=abc&state=def',
    );
    expect(result.status).toBe(302);
    expect(result.response.headers.get('location')).toBe('/auth?notice=external-failed');
  });
});
