import { STREAMS, makeEvent, type EventEnvelope } from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import {
  eventually,
  startTestService,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { questsModels } from '../src/quests/models.ts';

export type QuestsHarness = TestService;

/** svc-quests over HTTP with its consumers and outbox poller, on the embedded MongoDB and the real NATS. */
export function startQuests(
  infra?: TestInfra,
  options: { clock?: () => Date; communityUrl?: string } = {},
): Promise<QuestsHarness> {
  return startTestService({ name: 'svc-quests', createApp, startWorkers, deps: options, infra });
}

let counter = 0;
export function newQuest(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Quest number ${counter}`,
    description: 'Drink a full glass of water',
    difficulty: 'easy',
    ...overrides,
  };
}

/**
 * A user whose zone reached svc-quests' read model the way production does it: an identity event on
 * the bus, then waiting until the consumer applied it.
 */
export async function userInZone(
  quests: QuestsHarness,
  userId: string,
  timeZone: string,
): Promise<void> {
  await quests.deps.bus.publish(
    makeEvent('identity.user_registered', {
      userId,
      username: `u${userId.slice(0, 8)}`,
      displayName: 'Zoned',
      timeZone,
    }),
  );
  const { UserZone } = questsModels(quests.deps.db);
  const zone = await eventually(
    () => UserZone.findById(userId).lean(),
    (doc) => doc?.timeZone === timeZone,
  );
  if (zone?.timeZone !== timeZone) throw new Error(`zone ${timeZone} never reached svc-quests`);
}

/** Collects every event svc-quests publishes, for assertions on what other services would see. */
export async function listenToQuestEvents(
  quests: QuestsHarness,
  durable: string,
): Promise<{ events: EventEnvelope[]; stop(): Promise<void> }> {
  const events: EventEnvelope[] = [];
  const handle: ConsumerHandle = await quests.deps.bus.consume({
    stream: STREAMS.QUESTS.name,
    durable,
    handler: async (event) => {
      events.push(event);
    },
  });
  return { events, stop: () => handle.stop() };
}
