import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS, type EventEnvelope } from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

let identity: IdentityHarness;
let listener: ConsumerHandle;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  // Another service's view of the IDENTITY stream.
  listener = await identity.deps.bus.consume({
    stream: STREAMS.IDENTITY.name,
    durable: 'profile-test-listener',
    handler: async (event) => {
      published.push(event);
    },
  });
});
afterAll(async () => {
  await listener.stop();
  await identity.stop();
});

const eventsOf = (type: string, userId: string) =>
  published.filter((e) => e.type === type && e.data.userId === userId);

describe('identity events', () => {
  it('when a user signs up, then identity.user_registered is published once with their time zone', async () => {
    const { body: user } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      newUser({ timeZone: 'Asia/Tokyo' }),
    );
    const events = await eventually(
      async () => eventsOf('identity.user_registered', user.id),
      (list) => list.length > 0,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      userId: user.id,
      username: user.username,
      displayName: 'Ada Lovelace',
      timeZone: 'Asia/Tokyo',
    });
  });
});

describe('PATCH /api/user/profile', () => {
  it('when a user renames themselves, then the profile shows it and identity.user_renamed is published', async () => {
    const browser = client(identity.url);
    const { body: user } = await browser.request('POST', '/api/auth/register', newUser());
    const newName = `renamed_${user.username}`.slice(0, 30);
    const result = await browser.request('PATCH', '/api/user/profile', {
      displayName: '  Grace Hopper ',
      username: newName,
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      displayName: 'Grace Hopper',
      username: newName,
      initials: 'GH',
    });
    expect((await browser.request('GET', '/api/user/profile')).body.displayName).toBe(
      'Grace Hopper',
    );
    const events = await eventually(
      async () => eventsOf('identity.user_renamed', user.id),
      (list) => list.length > 0,
    );
    expect(events.map((e) => e.data)).toEqual([
      { userId: user.id, username: newName, displayName: 'Grace Hopper', timeZone: user.timeZone },
    ]);
  });

  it('when a user changes only their time zone, then the profile shows it and the change is published with it', async () => {
    const browser = client(identity.url);
    const { body: user } = await browser.request(
      'POST',
      '/api/auth/register',
      newUser({ timeZone: 'Europe/Berlin' }),
    );
    const result = await browser.request('PATCH', '/api/user/profile', {
      displayName: user.displayName,
      username: user.username,
      timeZone: 'America/Chicago',
    });
    expect(result.status).toBe(200);
    expect(result.body.timeZone).toBe('America/Chicago');
    const events = await eventually(
      async () => eventsOf('identity.user_renamed', user.id),
      (list) => list.length > 0,
    );
    expect(events.map((e) => e.data.timeZone)).toEqual(['America/Chicago']);
  });

  it.each([
    [{ displayName: '', username: 'valid_name' }, 'Display name is required'],
    [
      { displayName: 'x'.repeat(51), username: 'valid_name' },
      'Display name must be 50 characters or less',
    ],
    [{ displayName: 'Ada', username: 'ab' }, 'Username must be at least 3 characters'],
    [{ displayName: 'Ada', username: 'a'.repeat(31) }, 'Username must be 30 characters or less'],
    [
      { displayName: 'Ada', username: 'has space' },
      'Username can only contain letters, numbers, hyphens, and underscores',
    ],
  ])("when the edit is %o, then it is refused with that field's message", async (body, message) => {
    const browser = client(identity.url);
    await browser.request('POST', '/api/auth/register', newUser());
    const result = await browser.request('PATCH', '/api/user/profile', body);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(message);
  });

  it("when a user takes another user's username, then it answers 409 and nothing changes", async () => {
    const other = newUser();
    await client(identity.url).request('POST', '/api/auth/register', other);
    const browser = client(identity.url);
    const { body: me } = await browser.request('POST', '/api/auth/register', newUser());
    const result = await browser.request('PATCH', '/api/user/profile', {
      displayName: 'Me',
      username: other.username,
    });
    expect(result.status).toBe(409);
    expect(result.body.error.message).toBe('Username is already taken');
    expect((await browser.request('GET', '/api/user/profile')).body.username).toBe(me.username);
  });

  it('when a signed-out client edits a profile, then it answers 401', async () => {
    const result = await client(identity.url).request('PATCH', '/api/user/profile', {
      displayName: 'Ada',
      username: 'ada_l',
    });
    expect(result.status).toBe(401);
  });
});
