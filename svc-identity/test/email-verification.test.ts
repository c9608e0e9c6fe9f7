import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_MAIL_LIMITS } from '../src/auth/email-verification.ts';
import { identityModels } from '../src/users/models.ts';
import {
  client,
  confirmationLinkFor,
  newUser,
  startIdentity,
  type IdentityHarness,
} from './harness.ts';

// A sign-up's email is only the user's claim until they open the confirmation link mailed to it (through
// the development mail sink here: a folder of files).

let identity: IdentityHarness;
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-mail-'));
/** The clock the confirmation-email allowance reads: a test moves it past the spacing. */
let now = new Date('2026-12-01T09:00:00.000Z');
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
beforeAll(async () => {
  identity = await startIdentity(undefined, { mailDir, clock: () => now });
});
afterAll(async () => {
  await identity?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const verifiedAt = async (email: string) =>
  (await identityModels(identity.deps.db).User.findOne({ email }).lean())?.emailVerifiedAt;

describe('email verification', () => {
  it('when a user signs up, then a link is mailed to their email, and opening it confirms the email once', async () => {
    const user = newUser();
    expect((await client(identity.url).request('POST', '/api/auth/register', user)).status).toBe(
      201,
    );
    expect(await verifiedAt(user.email)).toBeUndefined();
    const link = confirmationLinkFor(mailDir, user.email);
    expect(link).toMatch(/^\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{40,}$/);
    const opened = await client(identity.url).request('GET', link!);
    expect(opened.status).toBe(303);
    expect(opened.response.headers.get('location')).toBe('/auth?notice=email-verified');
    expect(await verifiedAt(user.email)).toBeInstanceOf(Date);
    // A second use of the same link is refused.
    const again = await client(identity.url).request('GET', link!);
    expect(again.response.headers.get('location')).toBe('/auth?notice=email-verification-failed');
  });

  it('when a client posts a token, then a good one confirms and a bad or used one is 400 and changes nothing', async () => {
    const user = newUser();
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', user);
    const token = new URL(confirmationLinkFor(mailDir, user.email)!, 'http://x').searchParams.get(
      'token',
    );
    const bad = await browser.request('POST', '/api/auth/verify-email', { token: 'forged' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'That confirmation link is invalid or has expired.',
    });
    expect(await verifiedAt(user.email)).toBeUndefined();
    const good = await browser.request('POST', '/api/auth/verify-email', { token });
    expect(good).toMatchObject({ status: 200, body: { verified: true, email: user.email } });
    expect((await browser.request('POST', '/api/auth/verify-email', { token })).status).toBe(400);
  });

  it('when a signed-in user asks for a new link, then one is mailed; signed out it is 401', async () => {
    const user = newUser();
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', user);
    const first = confirmationLinkFor(mailDir, user.email);
    later(VERIFICATION_MAIL_LIMITS.spacingMs);
    const resent = await browser.request('POST', '/api/auth/verify-email/send');
    expect(resent).toMatchObject({ status: 202, body: { sent: true } });
    const second = confirmationLinkFor(mailDir, user.email);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await client(identity.url).request('POST', '/api/auth/verify-email/send')).status).toBe(
      401,
    );
    // It takes no body: anything sent is refused, and nothing is mailed.
    later(VERIFICATION_MAIL_LIMITS.spacingMs);
    expect((await browser.request('POST', '/api/auth/verify-email/send', [1, 2, 3])).status).toBe(
      400,
    );
    expect(confirmationLinkFor(mailDir, user.email)).toBe(second);
  });

  it('when a username is shaped like an email, then sign-up is 400 with the message and nothing is created', async () => {
    const user = newUser({ username: 'victim@example.com' });
    const refused = await client(identity.url).request('POST', '/api/auth/register', user);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Username cannot be an email address');
    expect(await identityModels(identity.deps.db).User.findOne({ email: user.email })).toBeNull();
  });

  it('when an account asks for links again and again, then one goes a minute and five a day, the rest 429 with Retry-After', async () => {
    const user = newUser();
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', user);
    const signUpLink = confirmationLinkFor(mailDir, user.email);
    const again = await browser.request('POST', '/api/auth/verify-email/send');
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({ code: 'TOO_MANY_EMAILS' });
    expect(again.response.headers.get('retry-after')).toBe('60');
    expect(confirmationLinkFor(mailDir, user.email)).toBe(signUpLink);
    // A minute apart: the sign-up's and four more, then the day is used up.
    for (let i = 0; i < VERIFICATION_MAIL_LIMITS.perWindow - 1; i += 1) {
      later(VERIFICATION_MAIL_LIMITS.spacingMs);
      expect((await browser.request('POST', '/api/auth/verify-email/send')).status).toBe(202);
    }
    later(VERIFICATION_MAIL_LIMITS.spacingMs);
    const sixth = await browser.request('POST', '/api/auth/verify-email/send');
    expect(sixth.status).toBe(429);
    const dayLeft =
      (VERIFICATION_MAIL_LIMITS.windowMs - 5 * VERIFICATION_MAIL_LIMITS.spacingMs) / 1000;
    expect(Number(sixth.response.headers.get('retry-after'))).toBe(dayLeft);
    // A day after the first, the allowance starts again.
    later(dayLeft * 1000);
    expect((await browser.request('POST', '/api/auth/verify-email/send')).status).toBe(202);
  });
});
