import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { EVENTS, STREAMS, isEventOf } from '@levelup/contracts';
import {
  byUser,
  DEFAULT_CONCURRENCY,
  createLogger,
  createOutboxRelay,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
  type OutboxRelay,
  handleAll,
  subscribe,
} from '@levelup/service-kit';
import { goalTemplateModel } from './goal-templates/models.ts';
import { goalTemplatesService } from './goal-templates/goal-templates.service.ts';
import { goalsDataExport } from './data-export.ts';
import { goalTemplatesRouter } from './goal-templates/routes.ts';
import { goalsService } from './goals/goals.service.ts';
import { goalModels } from './goals/models.ts';
import { goalsRepository } from './goals/repository.ts';
import { goalsRouter } from './goals/routes.ts';
import { questViewModels } from './quest-views/models.ts';
import {
  GOALS_QUEST_EVENTS,
  questEventsBatchHandler,
  questEventsHandler,
} from './quest-views/quest-events.ts';
import { questViews } from './quest-views/quest-views.ts';
import { seriesLinkModel } from './series-links/models.ts';
import { seriesLinksRepository } from './series-links/repository.ts';
import { seriesLinksRouter } from './series-links/routes.ts';
import { seriesLinksService } from './series-links/series-links.service.ts';
import { talentModels } from './talent-tree/models.ts';
import { talentTreeRouter } from './talent-tree/routes.ts';
import { talentTreeService } from './talent-tree/talent-tree.service.ts';

export const SERVICE_NAME = 'svc-goals';
/** Durable consumers shared by every svc-goals instance. */
export const QUESTS_CONSUMER = 'svc-goals-quests';
/** svc-goals reading its own goals.progressed events: the history row follows the event, exactly once. */
export const PROGRESS_HISTORY_CONSUMER = 'svc-goals-progress-history';

export interface GoalsDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
  clock?: () => Date;
}

/** Every collection whose documents carry an outbox: each gets a relay. */
function relaysFor(db: Connection, bus: Bus, logger: Logger) {
  return {
    goals: createOutboxRelay({ model: goalModels(db).Goal, bus, logger }),
    talents: createOutboxRelay({ model: talentModels(db).UserTalentProgress, bus, logger }),
  } satisfies Record<string, OutboxRelay>;
}

/** The use cases over one connection; the relays publish events right after each write. */
function services(deps: GoalsDeps, relays: ReturnType<typeof relaysFor>) {
  const clock = deps.clock ?? (() => new Date());
  const links = seriesLinksRepository(seriesLinkModel(deps.db));
  const goals = goalsService({
    goals: goalsRepository(goalModels(deps.db)),
    relay: relays.goals,
    cascadeDelete: (goalId) => links.removeForGoal(goalId),
    clock,
  });
  const views = questViews(questViewModels(deps.db));
  return {
    goals,
    views,
    links: seriesLinksService({ links, views, goals, clock }),
    talents: talentTreeService(talentModels(deps.db), { relay: relays.talents, clock }),
    templates: goalTemplatesService(goalTemplateModel(deps.db)),
  };
}

async function ensureIndexes(db: Connection): Promise<void> {
  const { Goal, GoalProgress } = goalModels(db);
  const { SeriesView, OccurrenceView } = questViewModels(db);
  const { TalentNode, UserTalentProgress, TalentCompletion } = talentModels(db);
  await Promise.all(
    [
      Goal,
      GoalProgress,
      SeriesView,
      OccurrenceView,
      seriesLinkModel(db),
      goalTemplateModel(db),
      TalentNode,
      UserTalentProgress,
      TalentCompletion,
    ].map((model) => model.init()),
  );
}

/** The HTTP app (no listen). Every /api route needs the gateway's signed identity. */
export async function createApp(deps: GoalsDeps): Promise<Koa> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  await ensureIndexes(deps.db);
  const use = services(deps, relaysFor(deps.db, deps.bus, logger));
  // Seed data (idempotent): the goal templates and the talent tree.
  await Promise.all([use.templates.seed(), use.talents.seed()]);
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger,
    identitySecret: deps.identitySecret,
    routers: [
      goalsDataExport(deps.db),
      goalTemplatesRouter({ templates: use.templates }),
      seriesLinksRouter({ links: use.links }),
      goalsRouter({ goals: use.goals }),
      talentTreeRouter({ talents: use.talents }),
    ],
  });
}

/** Streams, the outbox poller, svc-quests' events (read model, goal XP, talent counts) and the history. */
export async function startWorkers(
  deps: Pick<GoalsDeps, 'db' | 'bus' | 'logger' | 'clock' | 'identitySecret'>,
): Promise<{ stop(): Promise<void> }> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  await deps.bus.ensureStream(STREAMS.GOALS);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  await ensureIndexes(deps.db);
  const relays = relaysFor(deps.db, deps.bus, logger);
  for (const relay of Object.values(relays)) relay.start();
  const use = services(deps, relays);
  const consumers: ConsumerHandle[] = [
    await subscribe(deps.bus, {
      durable: QUESTS_CONSUMER,
      on: handleAll(GOALS_QUEST_EVENTS, questEventsHandler(use)),
      // One user's events in order, users side by side; what came in meanwhile for every user not in
      // a batch goes together (the talent counts in one bulk write).
      partitionKey: byUser,
      batchHandler: questEventsBatchHandler(use),
      batchAcrossKeys: true,
      // A linked day costs several reads and writes: more batches at once keep the goals moving.
      concurrency: DEFAULT_CONCURRENCY,
      idempotent: true,
    }),
    await subscribe(deps.bus, {
      durable: PROGRESS_HISTORY_CONSUMER,
      on: { [EVENTS.goalProgressed.type]: (event) => use.goals.recordProgressEvents([event]) },
      // One row per event id, whatever the order: users side by side, and what waited in one write.
      partitionKey: byUser,
      batchHandler: (entries) =>
        use.goals.recordProgressEvents(
          entries.flatMap(({ event }) => (isEventOf(EVENTS.goalProgressed, event) ? [event] : [])),
        ),
      batchAcrossKeys: true,
      idempotent: true,
    }),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await Promise.all(Object.values(relays).map((relay) => relay.stop()));
    },
  };
}
