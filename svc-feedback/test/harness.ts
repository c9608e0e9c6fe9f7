import { randomUUID } from 'node:crypto';
import { makeEvent } from '@levelup/contracts';
import { eventually, startTestService, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { memberModel } from '../src/members/models.ts';

export type FeedbackHarness = TestService & {
  /** Registers a member through identity events and waits until svc-feedback knows the name. */
  member(displayName: string): Promise<string>;
  /** Renames a member through identity events and waits until svc-feedback knows the new name. */
  rename(userId: string, displayName: string): Promise<void>;
};

const usernameOf = (displayName: string) => displayName.toLowerCase().replace(/\s+/g, '_');

/**
 * svc-feedback over HTTP with its consumer, on the embedded MongoDB and the real NATS. `admins` play the
 * admin role in the signed identity, as the gateway signs it for svc-identity's admins.
 */
export async function startFeedback(
  options: { admins?: Set<string> } = {},
): Promise<FeedbackHarness> {
  const admins = options.admins ?? new Set<string>();
  const service = await startTestService({
    name: 'svc-feedback',
    createApp,
    startWorkers,
  });
  const Member = memberModel(service.deps.db);
  const known = (userId: string, displayName: string) =>
    eventually(
      () => Member.findById(userId).lean(),
      (member) => member?.displayName === displayName,
    );
  const as = service.as;
  return Object.assign(service, {
    as: (userId: string) => as(userId, admins.has(userId) ? 'admin' : 'member'),
    async member(displayName: string) {
      const userId = randomUUID();
      await service.deps.bus.publish(
        makeEvent('identity.user_registered', {
          userId,
          username: usernameOf(displayName),
          displayName,
          timeZone: 'UTC',
        }),
      );
      await known(userId, displayName);
      return userId;
    },
    async rename(userId: string, displayName: string) {
      await service.deps.bus.publish(
        makeEvent('identity.user_renamed', {
          userId,
          username: usernameOf(displayName),
          displayName,
        }),
      );
      await known(userId, displayName);
    },
  });
}
