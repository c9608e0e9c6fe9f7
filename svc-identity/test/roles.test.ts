import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInternal } from '@levelup/service-kit';
import { identityModels } from '../src/users/models.ts';
import { adminUsernameKeys, usersRepository } from '../src/users/repository.ts';
import {
  TEST_IDENTITY_SECRET,
  client,
  newUser,
  startIdentity,
  type Client,
  type IdentityHarness,
} from './harness.ts';

let identity: IdentityHarness;
const chief = newUser();
beforeAll(async () => {
  // Listed with another case and spaces: ADMIN_USERNAMES is read as the usernames' keys.
  identity = await startIdentity(undefined, {
    adminUsernames: [` ${chief.username.toUpperCase()} `],
  });
});
afterAll(async () => {
  await identity.stop();
});

async function signUp(user = newUser()): Promise<Client> {
  const browser = client(identity.url);
  const { status } = await browser.request('POST', '/api/auth/register', user);
  expect(status).toBe(201);
  return browser;
}

/** What the gateway learns for the browser's cookie. */
async function sessionOf(browser: Client) {
  const { status, body } = await client(identity.url).request(
    'GET',
    '/internal/session',
    undefined,
    {
      cookie: browser.jar.header(),
      ...signInternal(TEST_IDENTITY_SECRET),
    },
  );
  expect(status).toBe(200);
  return body as { userId: string; role: string };
}

describe('roles (issue 11)', () => {
  it('when a user signs up, then they are a member in the profile and in the session the gateway signs', async () => {
    const browser = await signUp();
    expect((await browser.request('GET', '/api/user/profile')).body.role).toBe('member');
    expect((await sessionOf(browser)).role).toBe('member');
  });

  it('when a username listed in ADMIN_USERNAMES signs up, then that user is an admin', async () => {
    const browser = await signUp(chief);
    expect((await browser.request('GET', '/api/user/profile')).body.role).toBe('admin');
    expect((await sessionOf(browser)).role).toBe('admin');
  });

  it('when the admin script grants and then revokes a member, then the next session lookup follows each change', async () => {
    const user = newUser();
    const browser = await signUp(user);
    const users = usersRepository(identityModels(identity.deps.db));
    expect((await users.setRole(user.username, 'admin'))?.role).toBe('admin');
    expect((await sessionOf(browser)).role).toBe('admin');
    expect((await users.setRole(user.username, 'member'))?.role).toBe('member');
    expect((await sessionOf(browser)).role).toBe('member');
    expect(await users.setRole('nobody_by_that_name', 'admin')).toBeNull();
  });

  it('when a user who signed up earlier is listed in ADMIN_USERNAMES at start, then start grants the role once', async () => {
    const user = newUser();
    const browser = await signUp(user);
    const users = usersRepository(identityModels(identity.deps.db), {
      adminUsernames: adminUsernameKeys([user.username, 'not_signed_up_yet']),
    });
    expect(await users.grantConfiguredAdmins()).toBe(1);
    expect(await users.grantConfiguredAdmins()).toBe(0);
    expect((await sessionOf(browser)).role).toBe('admin');
  });

  it('when a client tries to make itself an admin through the profile, then the role does not change', async () => {
    const browser = await signUp();
    const { status } = await browser.request('PATCH', '/api/user/profile', {
      displayName: 'Would Be Admin',
      role: 'admin',
    });
    expect(status).toBe(400);
    expect((await browser.request('GET', '/api/user/profile')).body).toMatchObject({
      displayName: 'Ada Lovelace',
      role: 'member',
    });
    expect((await sessionOf(browser)).role).toBe('member');
  });
});
