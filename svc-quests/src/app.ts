import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { EVENTS, STREAMS } from '@levelup/contracts';
import {
  byUser,
  calendarFeedTokens,
  createLogger,
  createOutboxRelay,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
  type OutboxRelay,
  type OutboxRelayOptions,
  handleAll,
  subscribe,
} from '@levelup/service-kit';
import { breakHabitsService } from './break-habits/break-habits.service.ts';
import { breakHabitModels, ensureBreakHabitIndexes } from './break-habits/models.ts';
import { breakHabitsRepository } from './break-habits/repository.ts';
import { breakHabitsRouter } from './break-habits/routes.ts';
import { calendarFeedService } from './calendar-feed/calendar-feed.service.ts';
import { communityCalendar } from './calendar-feed/community-calendar.ts';
import { calendarFeedModel } from './calendar-feed/models.ts';
import { calendarFeedRepository } from './calendar-feed/repository.ts';
import { calendarFeedPublicRouter, calendarFeedRouter } from './calendar-feed/routes.ts';
import { tokenSealer } from './calendar-feed/tokens.ts';
import { calendarService } from './dashboard/calendar.service.ts';
import {
  CO_FOCUS_BONUS_EVENTS,
  coFocusBonusModel,
  coFocusBonuses,
} from './dashboard/co-focus-bonuses.ts';
import { overviewService } from './dashboard/overview.service.ts';
import { GOAL_STATE_EVENTS, goalStateModel, goalStates } from './goals/goal-states.ts';
import { dashboardRouter } from './dashboard/routes.ts';
import {
  undoableCompletionsService,
  undoCompletionService,
  undoRouter,
} from './completions/undo.ts';
import { questsDataExport } from './data-export.ts';
import { importService } from './import/import.service.ts';
import { importBatchModel } from './import/models.ts';
import { importRepository } from './import/repository.ts';
import { importRouter } from './import/routes.ts';
import { lifeTaskCompletionHistory } from './life-tasks/completion-history.ts';
import { lifeTasksService } from './life-tasks/life-tasks.service.ts';
import { ensureLifeTaskIndexes, lifeTaskModels } from './life-tasks/models.ts';
import { lifeTasksRepository } from './life-tasks/repository.ts';
import { lifeTasksRouter } from './life-tasks/routes.ts';
import { habitStatsService } from './habit-stats/habit-stats.service.ts';
import { habitStatsRouter } from './habit-stats/routes.ts';
import { groupedService } from './grouped/grouped.service.ts';
import { groupedRouter } from './grouped/routes.ts';
import { backfillService } from './backfill/backfill.service.ts';
import { backfillRouter } from './backfill/routes.ts';
import { occurrenceMaterialiser } from './occurrences/materialiser.ts';
import { occurrenceModel } from './occurrences/models.ts';
import { occurrencesService } from './occurrences/occurrences.service.ts';
import { occurrencesRepository } from './occurrences/repository.ts';
import { occurrencesRouter } from './occurrences/routes.ts';
import { ensureQuestsIndexes, questsModels } from './quests/models.ts';
import { questsService } from './quests/quests.service.ts';
import { questsRepository } from './quests/repository.ts';
import { questsRouter } from './quests/routes.ts';
import { seriesModel } from './series/models.ts';
import { seriesRepository } from './series/repository.ts';
import { seriesRouter } from './series/routes.ts';
import { seriesService } from './series/series.service.ts';
import { todoModel } from './todos/models.ts';
import { todosRepository } from './todos/repository.ts';
import { todosRouter } from './todos/routes.ts';
import { todosService } from './todos/todos.service.ts';
import { questsQuotas } from './shared/storage-quotas.ts';
import { userZones } from './users/user-zones.ts';
import { ZONE_EVENTS, followZoneEvents } from './users/zone-events.ts';

export const SERVICE_NAME = 'svc-quests';
export const DEFAULT_COMMUNITY_URL = 'http://localhost:4004';
/** Durable consumers shared by every svc-quests instance (operators scale this service alone). */
export const IDENTITY_CONSUMER = 'svc-quests';
export const GOALS_CONSUMER = 'svc-quests-goals';
/** svc-quests reading its own life task events: the completion row follows the event, exactly once. */
export const LIFE_TASK_HISTORY_CONSUMER = 'svc-quests-life-task-history';
export const LIFE_TASK_UNDO_HISTORY_CONSUMER = 'svc-quests-life-task-undo-history';
/** svc-community's co-focus bonuses, for the calendar's XP. */
export const CO_FOCUS_CONSUMER = 'svc-quests-co-focus';

export interface QuestsDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
  clock?: () => Date;
  /** svc-community's address, for the calendar feed's sessions and meetups. */
  communityUrl?: string;
}

/** Every collection whose documents carry an outbox: each gets a relay. */
function outboxModels(db: Connection) {
  return {
    quests: questsModels(db).Quest,
    lifeTasks: lifeTaskModels(db).LifeTask,
    series: seriesModel(db),
    occurrences: occurrenceModel(db),
  } satisfies Record<string, OutboxModel>;
}

type OutboxModel = OutboxRelayOptions['model'];

function relaysFor<K extends string>(
  models: Record<K, OutboxModel>,
  bus: Bus,
  logger: Logger,
): Record<K, OutboxRelay> {
  return Object.fromEntries(
    Object.entries<OutboxModel>(models).map(([name, model]) => [
      name,
      createOutboxRelay({ model, bus, logger }),
    ]),
  ) as Record<K, OutboxRelay>;
}

/** Every collection's indexes, before the first request. */
async function ensureIndexes(
  db: QuestsDeps['db'],
  models: ReturnType<typeof questsModels>,
  taskModels: ReturnType<typeof lifeTaskModels>,
): Promise<void> {
  await Promise.all([
    ensureQuestsIndexes(models),
    ensureLifeTaskIndexes(taskModels),
    seriesModel(db).init(),
    occurrenceModel(db).init(),
    goalStateModel(db).init(),
    importBatchModel(db).init(),
    calendarFeedModel(db).init(),
    coFocusBonusModel(db).init(),
    ensureBreakHabitIndexes(breakHabitModels(db)),
  ]);
}

/** The calendar feed: the user's routines, with their sessions and meetups from svc-community. */
function calendarFeedUseCases(
  deps: QuestsDeps,
  parts: Pick<
    Parameters<typeof calendarFeedService>[0],
    'series' | 'materialiser' | 'zones' | 'clock'
  > & { models: ReturnType<typeof questsModels> },
) {
  const { models, ...used } = parts;
  return calendarFeedService({
    ...used,
    feeds: calendarFeedRepository(calendarFeedModel(deps.db), models),
    community: communityCalendar({
      communityUrl: deps.communityUrl ?? DEFAULT_COMMUNITY_URL,
      secret: deps.identitySecret,
    }),
    sealer: tokenSealer(deps.identitySecret),
    tokens: calendarFeedTokens(deps.identitySecret),
  });
}

/** The HTTP app (no listen). Every /api route needs the gateway's signed identity. */
export async function createApp(deps: QuestsDeps): Promise<Koa> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = questsModels(deps.db);
  const taskModels = lifeTaskModels(deps.db);
  await ensureIndexes(deps.db, models, taskModels);
  const quests = questsRepository(models);
  const lifeTasks = lifeTasksRepository(taskModels);
  const series = seriesRepository(seriesModel(deps.db));
  const occurrences = occurrencesRepository(occurrenceModel(deps.db));
  const zones = userZones(models);
  const goals = goalStates(goalStateModel(deps.db), zones);
  const bonuses = coFocusBonuses(coFocusBonusModel(deps.db));
  const relays = relaysFor(outboxModels(deps.db), deps.bus, logger);
  const clock = deps.clock ?? (() => new Date());
  const quotas = questsQuotas(deps.db);
  const materialiser = occurrenceMaterialiser({ occurrences, relay: relays.occurrences });
  const seriesUseCases = seriesService({
    series,
    occurrences,
    materialiser,
    zones,
    relay: relays.series,
    clock,
    quotas,
  });
  const occurrenceUseCases = occurrencesService({
    occurrences,
    series,
    materialiser,
    zones,
    relay: relays.occurrences,
    clock,
  });
  const questUseCases = questsService({
    quests,
    zones,
    relay: relays.quests,
    clock,
    hideCompletedElsewhere: (userId) => occurrences.hideDone(userId),
    quotas,
  });
  const lifeTaskUseCases = lifeTasksService({
    lifeTasks,
    zones,
    relay: relays.lifeTasks,
    clock,
    quotas,
  });
  const calendarFeeds = calendarFeedUseCases(deps, { models, series, materialiser, zones, clock });
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger,
    identitySecret: deps.identitySecret,
    publicRouters: [
      calendarFeedPublicRouter({
        feeds: calendarFeeds,
        identitySecret: deps.identitySecret,
        service: SERVICE_NAME,
      }),
    ],
    routers: [
      calendarFeedRouter({ feeds: calendarFeeds }),
      // Fixed paths under /api/quests before the ones with an id.
      questsDataExport(deps.db),
      breakHabitsRouter({
        habits: breakHabitsService({
          habits: breakHabitsRepository(breakHabitModels(deps.db)),
          zones,
          clock,
          quotas,
        }),
      }),
      seriesRouter({ series: seriesUseCases }),
      habitStatsRouter({ stats: habitStatsService({ series, occurrences, zones, clock }) }),
      groupedRouter({
        grouped: groupedService({
          quests,
          series,
          seriesService: seriesUseCases,
          lifeTasks,
          materialiser,
          zones,
          clock,
        }),
      }),
      occurrencesRouter({ occurrences: occurrenceUseCases }),
      importRouter({
        imports: importService({
          imports: importRepository({
            Batch: importBatchModel(deps.db),
            Series: seriesModel(deps.db),
            Occurrence: occurrenceModel(deps.db),
            Quest: questsModels(deps.db).Quest,
            lifeTasks: taskModels,
            breakHabits: breakHabitModels(deps.db),
          }),
          zones,
          seriesRelay: relays.series,
          clock,
          quotas,
        }),
      }),
      undoRouter({
        undo: undoCompletionService({
          quests,
          occurrences,
          lifeTasks,
          questsService: questUseCases,
          occurrencesService: occurrenceUseCases,
          lifeTasksService: lifeTaskUseCases,
        }),
        undoable: undoableCompletionsService({ quests, occurrences, lifeTasks }),
      }),
      backfillRouter({
        backfill: backfillService({
          quests,
          series,
          materialiser,
          questsService: questUseCases,
          occurrencesService: occurrenceUseCases,
          zones,
          clock,
        }),
      }),
      questsRouter({ quests: questUseCases }),
      lifeTasksRouter({ lifeTasks: lifeTaskUseCases }),
      todosRouter({ todos: todosService({ todos: todosRepository(todoModel(deps.db)) }) }),
      dashboardRouter({
        overview: overviewService({
          quests,
          occurrences,
          series,
          lifeTasks,
          goals,
          coFocusBonuses: bonuses,
          zones,
          clock,
        }),
        calendar: calendarService({
          quests,
          occurrences,
          lifeTasks,
          goals,
          coFocusBonuses: bonuses,
        }),
      }),
    ],
  });
}

export interface Workers {
  stop(): Promise<void>;
}

/** Streams, the identity read-model consumer and the outbox pollers. */
export async function startWorkers(
  deps: Pick<QuestsDeps, 'db' | 'bus' | 'logger'>,
): Promise<Workers> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = questsModels(deps.db);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  await deps.bus.ensureStream(STREAMS.GOALS);
  await deps.bus.ensureStream(STREAMS.COMMUNITY);
  const relays = Object.values<OutboxRelay>(relaysFor(outboxModels(deps.db), deps.bus, logger));
  for (const relay of relays) relay.start();
  const zones = userZones(models);
  const zoneEvents = followZoneEvents(deps.bus, zones, logger);
  const goals = goalStates(goalStateModel(deps.db), zones);
  const lifeTaskHistory = lifeTaskCompletionHistory(lifeTasksRepository(lifeTaskModels(deps.db)));
  const bonuses = coFocusBonuses(coFocusBonusModel(deps.db));
  const consumers: ConsumerHandle[] = [
    await subscribe(deps.bus, {
      durable: IDENTITY_CONSUMER,
      on: handleAll(ZONE_EVENTS, (event) => zones.apply(event)),
    }),
    await subscribe(deps.bus, {
      durable: GOALS_CONSUMER,
      on: handleAll(GOAL_STATE_EVENTS, (event) => goals.apply(event)),
      // Newest-wins per goal and safe to apply twice: users side by side, one user's goals in order.
      partitionKey: byUser,
      idempotent: true,
    }),
    await subscribe(deps.bus, {
      durable: LIFE_TASK_HISTORY_CONSUMER,
      on: { [EVENTS.lifeTaskCompleted.type]: (event) => lifeTaskHistory.apply(event) },
    }),
    await subscribe(deps.bus, {
      durable: LIFE_TASK_UNDO_HISTORY_CONSUMER,
      on: { [EVENTS.lifeTaskUncompleted.type]: (event) => lifeTaskHistory.apply(event) },
    }),
    await subscribe(deps.bus, {
      durable: CO_FOCUS_CONSUMER,
      on: handleAll(CO_FOCUS_BONUS_EVENTS, (event) => bonuses.apply(event)),
      // Each completion's row takes its award and return in either order, once each.
      partitionKey: byUser,
      idempotent: true,
    }),
  ];
  return {
    async stop() {
      zoneEvents.stop();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await Promise.all(relays.map((relay) => relay.stop()));
    },
  };
}
