import { randomUUID } from 'node:crypto';
import { makeEvent } from '@levelup/contracts';
import { eventually, startTestService, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { communityModels } from '../src/models.ts';

export type CommunityHarness = TestService & {
  /** Registers a member through identity events and waits until svc-community knows the name. */
  member(displayName: string): Promise<string>;
};

/**
 * svc-community over HTTP with its consumers, on the embedded MongoDB and the real NATS. `admins` play
 * the admin role in the signed identity, as the gateway signs it for svc-identity's admins.
 */
export async function startCommunity(
  options: { admins?: Set<string>; clock?: () => Date } = {},
): Promise<CommunityHarness> {
  const admins = options.admins ?? new Set<string>();
  const service = await startTestService({
    name: 'svc-community',
    createApp,
    startWorkers,
    deps: {
      ...(options.clock ? { clock: options.clock } : {}),
    },
  });
  const { Member } = communityModels(service.deps.db);
  const as = service.as;
  return Object.assign(service, {
    as: (userId: string) => as(userId, admins.has(userId) ? 'admin' : 'member'),
    async member(displayName: string) {
      const userId = randomUUID();
      await service.deps.bus.publish(
        makeEvent('identity.user_registered', {
          userId,
          username: displayName.toLowerCase().replace(/\s+/g, '_'),
          displayName,
          timeZone: 'UTC',
        }),
      );
      await eventually(
        () => Member.findById(userId).lean(),
        (member) => member !== null,
      );
      return userId;
    },
  });
}

export const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString();
