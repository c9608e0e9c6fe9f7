import {
  registerMember,
  startTestService,
  withRoles,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
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
  options: {
    admins?: Set<string>;
    clock?: () => Date;
    /** The default weekly meetups; off unless a test asks, so lists start empty. */
    defaultMeetups?: boolean;
    /** Shared with another instance in the same file: the same database and NATS namespace. */
    infra?: TestInfra;
  } = {},
): Promise<CommunityHarness> {
  const admins = options.admins ?? new Set<string>();
  const service = await startTestService({
    name: 'svc-community',
    createApp,
    startWorkers,
    ...(options.infra ? { infra: options.infra } : {}),
    deps: {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.defaultMeetups ? { defaultMeetups: true } : {}),
    },
  });
  const { Member } = communityModels(service.deps.db);
  return Object.assign(service, {
    as: withRoles(service, admins),
    member: (displayName: string) =>
      registerMember(service.deps.bus, displayName, (userId) => Member.findById(userId).lean()),
  });
}

export const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString();
