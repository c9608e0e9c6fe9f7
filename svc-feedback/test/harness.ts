import { makeEvent } from '@levelup/contracts';
import {
  eventually,
  registerMember,
  startTestService,
  testUsername,
  withRoles,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { memberModel } from '../src/members/models.ts';

export type FeedbackHarness = TestService & {
  /** Registers a member through identity events and waits until svc-feedback knows the name. */
  member(displayName: string): Promise<string>;
  /** Renames a member through identity events and waits until svc-feedback knows the new name. */
  rename(userId: string, displayName: string): Promise<void>;
};

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
  return Object.assign(service, {
    as: withRoles(service, admins),
    member: (displayName: string) =>
      registerMember(service.deps.bus, displayName, (userId) =>
        Member.findOne({ _id: userId, displayName }).lean(),
      ),
    async rename(userId: string, displayName: string) {
      await service.deps.bus.publish(
        makeEvent('identity.user_renamed', {
          userId,
          username: testUsername(displayName),
          displayName,
        }),
      );
      await known(userId, displayName);
    },
  });
}
