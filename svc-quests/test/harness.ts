import { startTestService, type TestInfra, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';

export type QuestsHarness = TestService;

/** svc-quests over HTTP with its consumers and outbox poller, on the embedded MongoDB and the real NATS. */
export function startQuests(
  infra?: TestInfra,
  options: { clock?: () => Date } = {},
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
