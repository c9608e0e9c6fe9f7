import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  STREAMS,
  journeyResponseSchema,
  makeEvent,
  type DomainEvent,
  type EventEnvelope,
  type QuestXpEventData,
  type SeriesEventData,
} from '@levelup/contracts';
import type { ConsumerHandle } from '@levelup/service-kit';
import {
  eventually,
  removeTestStreams,
  startTestInfra,
  startTestService,
  type JsonRequest,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';

export type GoalsHarness = TestService;

/** svc-goals over HTTP with its consumers and outbox poller, on the embedded MongoDB and the real NATS. */
export function startGoals(
  infra?: TestInfra,
  options: { clock?: () => Date } = {},
): Promise<GoalsHarness> {
  return startTestService({ name: 'svc-goals', createApp, startWorkers, deps: options, infra });
}

/** A pause long enough for a wrongly repeated or wrongly applied event to have arrived. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** The first node of the physical growth path, with how many completions unlock it. */
export async function physicalRoot(me: JsonRequest) {
  const tree = (await me('GET', '/api/talent-tree')).body as Array<{
    nodeKey: string;
    path: string;
    tier: number;
    completionsRequired: number;
  }>;
  const root = tree.find((n) => n.path === 'physical_growth' && n.tier === 1);
  if (!root) throw new Error('no physical_growth root');
  return root;
}

/** A goal's journey, checked against its contract. */
export async function journeyOf(me: JsonRequest, goalId: string) {
  const { status, body } = await me('GET', `/api/goals/${goalId}/journey`);
  expect(status).toBe(200);
  return journeyResponseSchema.parse(body);
}

export interface WithQuests {
  quests: TestService;
  goals: GoalsHarness;
  /** A new user, as svc-quests and as svc-goals see them. */
  user(): { userId: string; inQuests: JsonRequest; inGoals: JsonRequest };
  stop(): Promise<void>;
}

/**
 * svc-quests and svc-goals side by side on one NATS namespace, as in production: each answers from its
 * own database, and everything one learns from the other arrives as events. `clock` is both services'.
 */
export async function startWithQuests(options: { clock?: () => Date } = {}): Promise<WithQuests> {
  // Loaded here, not at the top, so the files that run svc-goals alone do not load svc-quests.
  const questsApp = await import('../../svc-quests/src/index.ts');
  const infra = await startTestInfra();
  const quests = await startTestService({
    name: 'svc-quests',
    createApp: questsApp.createApp,
    startWorkers: questsApp.startWorkers,
    deps: options,
    infra,
  });
  const goals = await startGoals(infra, options);
  return {
    quests,
    goals,
    user: () => {
      const userId = randomUUID();
      return { userId, inQuests: quests.as(userId), inGoals: goals.as(userId) };
    },
    stop: async () => {
      await goals.stop();
      await quests.stop();
      await removeTestStreams(infra);
      await infra.stop();
    },
  };
}

/**
 * Links a svc-quests series to a goal over HTTP. The link dialog lists svc-quests' series; the link
 * waits for svc-goals to know it, so it is retried until the series' event has arrived.
 */
export async function linkOnceKnown(
  inGoals: JsonRequest,
  goalId: string,
  series: { id: string; title: string },
  xpPerOccurrence: number,
) {
  const link = await eventually(
    () => inGoals('POST', `/api/goals/${goalId}/series`, { seriesId: series.id, xpPerOccurrence }),
    (answer) => answer.status === 201 && answer.body.title === series.title,
  );
  expect(link.body).toMatchObject({ seriesId: series.id, title: series.title });
  return link.body;
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
