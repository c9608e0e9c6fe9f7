import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
import {
  createLogger,
  createOutboxRelay,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
} from '@levelup/service-kit';
import { overviewService } from './dashboard/overview.service.ts';
import { dashboardRouter } from './dashboard/routes.ts';
import { ensureQuestsIndexes, questsModels } from './quests/models.ts';
import { questsService } from './quests/quests.service.ts';
import { questsRepository } from './quests/repository.ts';
import { questsRouter } from './quests/routes.ts';
import { userZones } from './users/user-zones.ts';

export const SERVICE_NAME = 'svc-quests';
/** Durable consumer shared by every svc-quests instance (operators scale this service alone). */
export const IDENTITY_CONSUMER = 'svc-quests';

export interface QuestsDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
  clock?: () => Date;
}

/** The HTTP app (no listen). Every /api route needs the gateway's signed identity (decision 2). */
export async function createApp(deps: QuestsDeps): Promise<Koa> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = questsModels(deps.db);
  await ensureQuestsIndexes(models);
  const quests = questsRepository(models);
  const zones = userZones(models);
  const relay = createOutboxRelay({ model: models.Quest, bus: deps.bus, logger });
  const clock = deps.clock ?? (() => new Date());
  return createServiceApp({
    name: SERVICE_NAME,
    logger,
    identitySecret: deps.identitySecret,
    routers: [
      questsRouter({ quests: questsService({ quests, zones, relay, clock }) }),
      dashboardRouter({ overview: overviewService({ quests, zones, clock }) }),
    ],
  });
}

export interface Workers {
  stop(): Promise<void>;
}

/** Streams, the identity read-model consumer and the outbox poller. */
export async function startWorkers(
  deps: Pick<QuestsDeps, 'db' | 'bus' | 'logger'>,
): Promise<Workers> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = questsModels(deps.db);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  const relay = createOutboxRelay({ model: models.Quest, bus: deps.bus, logger });
  relay.start();
  const zones = userZones(models);
  const consumers: ConsumerHandle[] = [
    await deps.bus.consume({
      stream: STREAMS.IDENTITY.name,
      durable: IDENTITY_CONSUMER,
      filterSubject: 'identity.>',
      handler: (event) => zones.apply(event),
    }),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await relay.stop();
    },
  };
}
