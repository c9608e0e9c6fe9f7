import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
import {
  createLogger,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
} from '@levelup/service-kit';
import {
  communityEventHandlers,
  feedEventPartition,
  feedEventSchemaFor,
  migrateFeed,
} from './feed/feed-events.ts';
import { communityDataExport } from './data-export.ts';
import { feedRouter } from './feed/routes.ts';
import { meetupsService } from './meetups/meetups.service.ts';
import { meetupsRepository } from './meetups/repository.ts';
import { meetupsRouter } from './meetups/routes.ts';
import { membersRepository } from './members/repository.ts';
import { communityModels } from './models.ts';
import { postsService } from './posts/posts.service.ts';
import { postsRepository } from './posts/repository.ts';
import { postsRouter } from './posts/routes.ts';
import { sessionsRepository } from './sessions/repository.ts';
import { sessionsRouter } from './sessions/routes.ts';
import { sessionsService } from './sessions/sessions.service.ts';

export const SERVICE_NAME = 'svc-community';
export const CONSUMER = 'svc-community';

export interface CommunityDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
  clock?: () => Date;
  /** Keep the default weekly meetups scheduled (DEFAULT_MEETUPS, on unless set to off). */
  defaultMeetups?: boolean;
}

export async function createApp(deps: CommunityDeps): Promise<Koa> {
  const models = communityModels(deps.db);
  const members = membersRepository(models);
  await Promise.all(
    Object.values(models).map((model: { init(): Promise<unknown> }) => model.init()),
  );
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger: deps.logger ?? createLogger(SERVICE_NAME),
    identitySecret: deps.identitySecret,
    routers: [
      communityDataExport(models),
      postsRouter({ posts: postsService({ posts: postsRepository(models), members }) }),
      feedRouter({ FeedEntry: models.FeedEntry, Member: models.Member, members }),
      sessionsRouter({
        sessions: sessionsService({
          sessions: sessionsRepository(models),
          members,
          clock: deps.clock,
        }),
      }),
      meetupsRouter({
        meetups: meetupsService({
          meetups: meetupsRepository(models),
          clock: deps.clock,
          defaultMeetups: deps.defaultMeetups,
        }),
      }),
    ],
  });
}

/** Members' names and the achievements feed come from identity and quest events. */
export async function startWorkers(
  deps: Pick<CommunityDeps, 'db' | 'bus' | 'logger'>,
): Promise<{ stop(): Promise<void> }> {
  const models = communityModels(deps.db);
  await models.FeedEntry.init();
  await migrateFeed(models, deps.logger ?? createLogger('svc-community'));
  const handlers = communityEventHandlers(models, { validated: true });
  await deps.bus.ensureStream(STREAMS.COMMUNITY);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  const consumers: ConsumerHandle[] = [
    await deps.bus.consume({
      stream: STREAMS.IDENTITY.name,
      durable: CONSUMER,
      filterSubject: 'identity.>',
      handler: handlers.onIdentityEvent,
    }),
    await deps.bus.consume({
      stream: STREAMS.QUESTS.name,
      durable: CONSUMER,
      filterSubject: 'quests.>',
      handler: handlers.onQuestEvent,
      // A member's events that came in while their previous batch ran: one bulk write.
      batchHandler: handlers.onQuestEvents,
      partitionKey: feedEventPartition,
      schemaFor: feedEventSchemaFor,
      idempotent: true,
    }),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
