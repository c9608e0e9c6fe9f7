import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema } from '@levelup/contracts';
import { signInternal } from '@levelup/service-kit';
import { identityHeaders } from '@levelup/service-kit/testing';
import {
  TEST_IDENTITY_SECRET,
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from './harness.ts';

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

describe('POST /api/auth/register', () => {
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters', 'username'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    [{ password: '12345' }, 'Password must be at least 6 characters', 'password'],
    [{ displayName: '' }, 'Display name is required', 'displayName'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'Please choose a valid time zone', 'timeZone'],
  ])(
    "when the sign-up has %o, then it is refused with that field's message",
    async (override, message, path) => {
      const { status, body } = await client(identity.url).request(
        'POST',
        '/api/auth/register',
        newUser(override),
      );
      expect(status).toBe(400);
      expect(body).toEqual({
        error: { code: 'VALIDATION_FAILED', message, details: [{ path, message }] },
      });
    },
  );

  it('when a new user signs up, then they get their profile, a session cookie and level 1 with 0 XP', async () => {
    const browser = client(identity.url);
    const payload = newUser({ timeZone: 'America/New_York' });
    const { status, body, response } = await browser.request('POST', '/api/auth/register', payload);
    expect(status).toBe(201);
    const profile = userProfileSchema.parse(body);
    expect(profile).toMatchObject({
      username: payload.username,
      email: payload.email,
      displayName: 'Ada Lovelace',
      level: 1,
      xp: 0,
      xpIntoLevel: 0,
      xpToNextLevel: 100,
      levelProgressPercent: 0,
      timeZone: 'America/New_York',
      initials: 'AL',
      isFounder: true,
    });
    expect(profile.userNumber).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/password|correct-horse|scrypt/i);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('levelup.sid='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(browser.jar.get('levelup.sid.sig')).toBeDefined();

    const me = await browser.request('GET', '/api/user/profile');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(profile);
  });

  it('when a sign-up leaves out the time zone, then UTC is recorded', async () => {
    const { username, email, password, displayName } = newUser();
    const { body } = await client(identity.url).request('POST', '/api/auth/register', {
      username,
      email,
      password,
      displayName,
    });
    expect(body.timeZone).toBe('UTC');
  });

  it('when two users sign up one after the other, then they get consecutive user numbers', async () => {
    const first = await client(identity.url).request('POST', '/api/auth/register', newUser());
    const second = await client(identity.url).request('POST', '/api/auth/register', newUser());
    expect(second.body.userNumber).toBe(first.body.userNumber + 1);
  });

  it('when the username or email is already used, then sign-up answers 409 with a clear message', async () => {
    const taken = newUser();
    expect((await client(identity.url).request('POST', '/api/auth/register', taken)).status).toBe(
      201,
    );
    const sameName = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser({ username: taken.username.toUpperCase() }),
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Username is already taken',
    });
    const sameEmail = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser({ email: taken.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it('when the same username is registered by 5 requests at once, then exactly one account is created', async () => {
    const payload = newUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client(identity.url).request('POST', '/api/auth/register', {
          ...payload,
          email: `racer${i}_${payload.email}`,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('POST /api/auth/login', () => {
  const account = newUser();
  beforeAll(async () => {
    await client(identity.url).request('POST', '/api/auth/register', account);
  });

  it('when the username and password are right, then the user is signed in', async () => {
    const browser = client(identity.url);
    const { status, body } = await browser.request('POST', '/api/auth/login', {
      username: account.username,
      password: account.password,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: account.username, email: account.email });
    expect((await browser.request('GET', '/api/user/profile')).body.username).toBe(
      account.username,
    );
  });

  it('when the email is given instead of the username, then the user is signed in too', async () => {
    const { status } = await client(identity.url).request('POST', '/api/auth/login', {
      username: account.email.toUpperCase(),
      password: account.password,
    });
    expect(status).toBe(200);
  });

  it.each([
    ['a wrong password', () => ({ username: account.username, password: 'wrong-password' })],
    ['an unknown user', () => ({ username: 'nobody_here', password: 'whatever1' })],
  ])(
    'when the sign-in has %s, then it answers 401 Invalid username or password',
    async (_label, body) => {
      const browser = client(identity.url);
      const result = await browser.request('POST', '/api/auth/login', body());
      expect(result.status).toBe(401);
      expect(result.body).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' },
      });
      expect(browser.jar.get('levelup.sid')).toBeUndefined();
    },
  );

  it('when the sign-in misses the username, then Username is required says so', async () => {
    const result = await client(identity.url).request('POST', '/api/auth/login', {
      username: '',
      password: 'secret1',
    });
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe('Username is required');
  });

  it('when a browser signs in, then its session id changes and the old id no longer signs anyone in', async () => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/login', {
      username: account.username,
      password: account.password,
    });
    const before = browser.jar.header();
    await browser.request('POST', '/api/auth/login', {
      username: account.username,
      password: account.password,
    });
    expect(browser.jar.header()).not.toBe(before);
    const stale = await client(identity.url).request('GET', '/api/user/profile', undefined, {
      cookie: before,
    });
    expect(stale.status).toBe(401);
  });
});

describe('signed-out and forged requests', () => {
  it('when nobody is signed in, then the profile answers 401', async () => {
    const { status, body } = await client(identity.url).request('GET', '/api/user/profile');
    expect(status).toBe(401);
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });

  it('when a client sends its own x-user-id, then it is ignored (401)', async () => {
    const { body: victim } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser(),
    );
    const forged = await client(identity.url).request('GET', '/api/user/profile', undefined, {
      'x-user-id': victim.id,
    });
    expect(forged.status).toBe(401);
    const badSignature = await client(identity.url).request(
      'GET',
      '/api/user/profile',
      undefined,
      identityHeaders(
        victim.id,
        { service: 'svc-identity', path: '/api/user/profile' },
        { secret: 'a-guessed-secret-value' },
      ),
    );
    expect(badSignature.status).toBe(401);
  });

  it('when the gateway sends a signed identity, then the profile of that user is answered', async () => {
    const { body: user } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser(),
    );
    const result = await client(identity.url).request(
      'GET',
      '/api/user/profile',
      undefined,
      identityHeaders(user.id, { service: 'svc-identity', path: '/api/user/profile' }),
    );
    expect(result.status).toBe(200);
    expect(result.body.id).toBe(user.id);
  });
});

describe('POST /api/logout and GET /api/login', () => {
  it('when a signed-in user visits GET /api/logout (a link or an image), then it is 405 and they stay signed in', async () => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', newUser());
    const result = await browser.request('GET', '/api/logout');
    expect(result.status).toBe(405);
    expect(result.response.headers.get('allow')).toBe('POST');
    expect(result.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect((await browser.request('GET', '/api/user/profile')).status).toBe(200);
  });

  it('when a signed-in user logs out, then they go to / and the session is over', async () => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', newUser());
    const cookieWhileSignedIn = browser.jar.header();
    const result = await browser.request('POST', '/api/logout');
    expect(result.status).toBe(303);
    expect(result.response.headers.get('location')).toBe('/');
    expect((await browser.request('GET', '/api/user/profile')).status).toBe(401);
    // Even a copy of the old cookie is dead: the session is gone from the store.
    expect(
      (
        await client(identity.url).request('GET', '/api/user/profile', undefined, {
          cookie: cookieWhileSignedIn,
        })
      ).status,
    ).toBe(401);
  });

  it('when no external sign-in provider is configured, then /api/login goes to the sign-in page without an error notice', async () => {
    const result = await client(identity.url).request('GET', '/api/login?timeZone=Europe%2FBerlin');
    expect(result.status).toBe(302);
    expect(result.response.headers.get('location')).toBe('/auth');
  });

  it('when no external sign-in provider is configured, then /api/login/options says so, without a session', async () => {
    const result = await client(identity.url).request('GET', '/api/login/options');
    expect(result).toMatchObject({ status: 200, body: { externalSignIn: false } });
  });
});

describe('GET /internal/session', () => {
  it('when the gateway asks with a signed-in cookie, then it learns the user id', async () => {
    const browser = client(identity.url);
    const { body: user } = await browser.request('POST', '/api/auth/register', newUser());
    const result = await client(identity.url).request('GET', '/internal/session', undefined, {
      cookie: browser.jar.header(),
      ...signInternal(TEST_IDENTITY_SECRET, {
        service: 'svc-identity',
        method: 'GET',
        path: '/internal/session',
      }),
    });
    expect(result).toMatchObject({ status: 200, body: { userId: user.id } });
  });

  it('when the cookie holds no session, then it answers 401', async () => {
    const result = await client(identity.url).request(
      'GET',
      '/internal/session',
      undefined,
      signInternal(TEST_IDENTITY_SECRET, {
        service: 'svc-identity',
        method: 'GET',
        path: '/internal/session',
      }),
    );
    expect(result.status).toBe(401);
  });

  it('when the internal signature is missing or wrong, then it answers 401 even with a valid cookie', async () => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', newUser());
    expect(
      (
        await client(identity.url).request('GET', '/internal/session', undefined, {
          cookie: browser.jar.header(),
        })
      ).status,
    ).toBe(401);
    const wrong = await client(identity.url).request('GET', '/internal/session', undefined, {
      cookie: browser.jar.header(),
      ...signInternal('not-the-identity-secret', {
        service: 'svc-identity',
        method: 'GET',
        path: '/internal/session',
      }),
    });
    expect(wrong.status).toBe(401);
  });
});

describe('common passwords', () => {
  it('when the password is one of the most common ones, in any case, then sign-up is 400 with the message and no account is made', async () => {
    for (const password of ['123456', 'password1', 'PASSWORD1', 'qwerty123', 'iloveyou']) {
      const user = newUser({ password });
      const refused = await client(identity.url).request('POST', '/api/auth/register', user);
      expect(refused.status, password).toBe(400);
      expect(refused.body.error).toMatchObject({
        message: 'This password is too common. Please choose a less common password',
        details: [
          {
            path: 'password',
            message: 'This password is too common. Please choose a less common password',
          },
        ],
      });
      const signIn = await client(identity.url).request('POST', '/api/auth/login', {
        username: user.username,
        password,
      });
      expect(signIn.status).toBe(401);
    }
  });

  it('when the password is uncommon, then six characters are still enough, and shorter is refused with the length message', async () => {
    expect(
      (
        await client(identity.url).request(
          'POST',
          '/api/auth/register',
          newUser({ password: 'zq8#Lm' }),
        )
      ).status,
    ).toBe(201);
    const short = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser({ password: 'zq8#L' }),
    );
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Password must be at least 6 characters');
  });
});
