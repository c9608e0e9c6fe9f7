import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS } from '@levelup/contracts';
import { signInternal } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { applyConfiguredAdmins, changeRole, roleModels } from '../src/users/roles.ts';
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
/** Listed in ADMIN_USERNAMES before anyone has the name. */
const unclaimed = newUser();
/** What the service logged about roles. */
const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
const logger = {
  info: (msg: string, fields?: Record<string, unknown>) => logged.push({ msg, fields }),
  warn: (msg: string, fields?: Record<string, unknown>) => logged.push({ msg, fields }),
};
beforeAll(async () => {
  // Listed with another case and spaces: ADMIN_USERNAMES is read as the usernames' keys.
  identity = await startIdentity(undefined, {
    adminUsernames: [` ${chief.username.toUpperCase()} `, unclaimed.username],
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
      ...signInternal(TEST_IDENTITY_SECRET, {
        service: 'svc-identity',
        method: 'GET',
        path: '/internal/session',
      }),
    },
  );
  expect(status).toBe(200);
  return body as { userId: string; role: string };
}

describe('roles', () => {
  it('when a user signs up, then they are a member in the profile and in the session the gateway signs', async () => {
    const browser = await signUp();
    expect((await browser.request('GET', '/api/user/profile')).body.role).toBe('member');
    expect((await sessionOf(browser)).role).toBe('member');
  });

  it('when someone signs up with a name listed in ADMIN_USERNAMES, then they are a member, now and after a restart', async () => {
    const db = identity.deps.db;
    for (const user of [chief, unclaimed]) {
      const browser = await signUp(user);
      expect((await browser.request('GET', '/api/user/profile')).body.role).toBe('member');
      expect((await sessionOf(browser)).role).toBe('member');
    }
    // The next start with the same list: each name was applied at the first start, when nobody had it.
    expect(await applyConfiguredAdmins(db, [chief.username, unclaimed.username], logger)).toBe(0);
    const again = client(identity.url);
    await again.request('POST', '/api/auth/login', {
      username: unclaimed.username,
      password: unclaimed.password,
    });
    expect((await sessionOf(again)).role).toBe('member');
  });

  it('when a member renames themselves to a name listed in ADMIN_USERNAMES, then they stay a member after a restart', async () => {
    const listed = `boss_${Date.now().toString(36)}`;
    const db = identity.deps.db;
    expect(await applyConfiguredAdmins(db, [listed], logger)).toBe(0); // a start: nobody has the name
    const browser = await signUp();
    const renamed = await browser.request('PATCH', '/api/user/profile', {
      username: listed,
      displayName: 'Ada Lovelace',
    });
    expect(renamed.status).toBe(200);
    expect(await applyConfiguredAdmins(db, [listed], logger)).toBe(0); // the next start
    expect((await sessionOf(browser)).role).toBe('member');
  });

  it('when the admin script grants and then revokes a member, then the next session lookup follows each change, and each is logged and recorded', async () => {
    const user = newUser();
    const browser = await signUp(user);
    const db = identity.deps.db;
    logged.length = 0;
    expect((await changeRole(db, user.username, 'admin', 'admin script', logger))?.role).toBe(
      'admin',
    );
    expect((await sessionOf(browser)).role).toBe('admin');
    expect((await changeRole(db, user.username, 'member', 'admin script', logger))?.role).toBe(
      'member',
    );
    expect((await sessionOf(browser)).role).toBe('member');
    expect(await changeRole(db, 'nobody_by_that_name', 'admin', 'admin script', logger)).toBeNull();
    expect(logged.map(({ msg, fields }) => [msg, fields?.username])).toEqual([
      ['admin role granted', user.username],
      ['admin role revoked', user.username],
    ]);
    const records = await roleModels(db)
      .RoleChange.find({ username: user.username })
      .sort({ at: 1 })
      .lean();
    expect(records.map(({ role, by }) => [role, by])).toEqual([
      ['admin', 'admin script'],
      ['member', 'admin script'],
    ]);
  });

  it('when a role changes, then identity.session_revoked for every session of the user goes out, so gateways ask again', async () => {
    const user = newUser();
    const browser = await signUp(user);
    const { userId } = await sessionOf(browser);
    const heard: Array<{ userId: unknown; reason: unknown; sessionHash: unknown }> = [];
    const listener = await identity.deps.bus.consume({
      stream: STREAMS.IDENTITY.name,
      durable: 'roles-test-revocations',
      filterSubject: 'identity.session_revoked',
      handler: async (event) => {
        if (event.data.userId === userId) heard.push({ ...event.data } as never);
      },
    });
    try {
      await changeRole(identity.deps.db, user.username, 'admin', 'admin script', logger);
      const events = await eventually(
        async () => heard,
        (list) => list.length > 0,
      );
      expect(events).toEqual([{ userId, reason: 'admin' }]);
    } finally {
      await listener.stop();
    }
  });

  it('when a user who signed up earlier is listed in ADMIN_USERNAMES at start, then start grants the role once, and a revoke sticks', async () => {
    const user = newUser();
    const browser = await signUp(user);
    const db = identity.deps.db;
    expect(await applyConfiguredAdmins(db, [user.username, 'not_signed_up_yet'], logger)).toBe(1);
    expect(await applyConfiguredAdmins(db, [user.username], logger)).toBe(0);
    expect((await sessionOf(browser)).role).toBe('admin');
    await changeRole(db, user.username, 'member', 'admin script', logger);
    expect(await applyConfiguredAdmins(db, [user.username], logger)).toBe(0);
    expect((await sessionOf(browser)).role).toBe('member');
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
