import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSectionSchema, makeEvent } from '@levelup/contracts';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

// Export of the user's data, the identity part (account and XP history).

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

const exportOf = (userId: string) =>
  client(identity.url).request(
    'GET',
    '/api/user/export',
    undefined,
    identityHeaders(userId, { service: 'svc-identity', path: '/api/user/export' }),
  );

describe('GET /api/user/export', () => {
  it('when a user has earned XP, then the export has the account without its secrets and every XP change', async () => {
    const user = newUser();
    const { body: profile } = await client(identity.url).request(
      'POST',
      '/api/auth/register',
      user,
    );
    const userId = profile.id as string;
    await identity.deps.bus.publish(
      makeEvent('quests.completed', {
        userId,
        questId: randomUUID(),
        occurrenceId: null,
        seriesId: null,
        xpDelta: 25,
        difficulty: 'medium',
        category: null,
        growthPath: null,
        localDate: '2026-11-23',
        title: 'Morning stretch',
        completionType: 'completed',
      }),
    );
    const exported = await eventually(
      async () => dataExportSectionSchema.parse((await exportOf(userId)).body),
      (body) => body.xpHistory?.length === 1 && body.profile?.[0]?.xp === 25,
    );
    expect(Object.keys(exported)).toEqual([
      'profile',
      'xpHistory',
      'reminders',
      'reminderSettings',
    ]);
    expect(exported.profile).toEqual([
      expect.objectContaining({ id: userId, username: user.username, xp: 25 }),
    ]);
    for (const secret of ['passwordHash', 'usernameKey', 'xpApplying', 'outbox'])
      expect(exported.profile![0]).not.toHaveProperty(secret);
    expect(exported.xpHistory![0]).toMatchObject({
      userId,
      xpDelta: 25,
      type: 'quests.completed',
      title: 'Morning stretch',
      localDate: '2026-11-23',
    });
  });

  it('when nobody is signed in, then it is refused', async () => {
    const { status } = await client(identity.url).request('GET', '/api/user/export');
    expect(status).toBe(401);
  });
});
