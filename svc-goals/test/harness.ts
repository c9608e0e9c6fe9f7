import { randomUUID } from 'node:crypto';
import {
  STREAMS,
  makeEvent,
  type DomainEvent,
  type EventEnvelope,
  type QuestXpEventData,
  type SeriesEventData,
} from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import { startTestService, type TestInfra, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';

export type GoalsHarness = TestService;

/** svc-goals over HTTP with its consumers and outbox poller, on the embedded MongoDB and the real NATS. */
export function startGoals(
  infra?: TestInfra,
  options: { clock?: () => Date } = {},
): Promise<GoalsHarness> {
  return startTestService({ name: 'svc-goals', createApp, startWorkers, deps: options, infra });
}

/** Collects every event on a stream of this test file's namespace. */
export async function listenTo(
  service: GoalsHarness,
  stream: keyof typeof STREAMS,
  durable: string,
): Promise<{ events: EventEnvelope[]; stop(): Promise<void> }> {
  const events: EventEnvelope[] = [];
  await service.deps.bus.ensureStream(STREAMS[stream]);
  const handle: ConsumerHandle = await service.deps.bus.consume({
    stream: STREAMS[stream].name,
    durable,
    handler: async (event) => {
      events.push(event);
    },
  });
  return { events, stop: () => handle.stop() };
}

/** svc-quests' events as svc-quests would publish them, for a user and a series. */
export function questEvents(userId: string, seriesId = randomUUID()) {
  const series = (
    type: 'quests.series_created' | 'quests.series_changed' | 'quests.series_deleted',
    fields: Partial<SeriesEventData> = {},
    now?: Date,
  ) =>
    makeEvent(
      type,
      {
        userId,
        seriesId,
        title: 'Morning run',
        difficulty: 'easy',
        xpReward: 20,
        category: 'health_fitness',
        growthPath: null,
        recurrenceType: 'daily',
        weeklyPattern: null,
        isActive: true,
        ...fields,
      },
      { now },
    );
  const scheduled = (occurrenceId: string, scheduledFor: string) =>
    makeEvent('quests.occurrence_scheduled', {
      userId,
      seriesId,
      occurrenceId,
      title: 'Morning run',
      scheduledFor,
      xpReward: 20,
    });
  const completion = (
    type: 'quests.completed' | 'quests.partial' | 'quests.revoked',
    fields: Partial<QuestXpEventData> & { questId: string },
    now?: Date,
  ): DomainEvent<typeof type> =>
    makeEvent(
      type,
      {
        userId,
        occurrenceId: null,
        seriesId: null,
        xpDelta: type === 'quests.revoked' ? -20 : type === 'quests.partial' ? 10 : 20,
        difficulty: 'easy',
        category: 'health_fitness',
        growthPath: null,
        localDate: '2026-11-22',
        title: 'A quest',
        completionType:
          type === 'quests.completed'
            ? 'completed'
            : type === 'quests.partial'
              ? 'partial'
              : 'not_completed',
        ...fields,
      },
      { now },
    );
  /** An occurrence of the series moving to completed / partial / not completed. */
  const occurrence = (
    type: 'quests.completed' | 'quests.partial' | 'quests.revoked',
    occurrenceId: string,
    now?: Date,
  ) => completion(type, { questId: occurrenceId, occurrenceId, seriesId }, now);
  return { seriesId, series, scheduled, completion, occurrence };
}
