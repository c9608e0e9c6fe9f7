import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { EVENTS, ROOM_HEARTBEAT_MS, ROOM_PRESENCE_SWEEP_MS, STREAMS } from '@levelup/contracts';
import {
  byUser,
  createLogger,
  createOutboxRelay,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
  handleAll,
  subscribe,
} from '@levelup/service-kit';
import { FEED_EVENTS, communityEventHandlers, migrateFeed } from './feed/feed-events.ts';
import { calendarEntriesRepository, calendarEntriesService } from './calendar/calendar-entries.ts';
import { calendarEntriesRouter } from './calendar/routes.ts';
import { communityDataExport } from './data-export.ts';
import { feedService } from './feed/feed.service.ts';
import { feedRouter } from './feed/routes.ts';
import { meetupsService } from './meetups/meetups.service.ts';
import { meetupsRepository } from './meetups/repository.ts';
import { meetupsRouter } from './meetups/routes.ts';
import { membersRepository } from './members/repository.ts';
import { privacyRouter } from './members/routes.ts';
import { communityModels } from './models.ts';
import { postsService } from './posts/posts.service.ts';
import { postsRepository } from './posts/repository.ts';
import { postsRouter } from './posts/routes.ts';
import { coFocusHandler } from './rooms/co-focus-events.ts';
import { roomsRepository } from './rooms/repository.ts';
import { createRoomHub, type RoomHub } from './rooms/room-hub.ts';
import { roomsRouter } from './rooms/routes.ts';
import { roomsService, type RoomsService } from './rooms/rooms.service.ts';
import { sessionsRepository } from './sessions/repository.ts';
import { sessionsRouter } from './sessions/routes.ts';
import { sessionsService } from './sessions/sessions.service.ts';

export const SERVICE_NAME = 'svc-community';
export const CONSUMER = 'svc-community';
/** The co-focus bonus reads quest completions on its own durable consumer. */
export const CO_FOCUS_CONSUMER = 'svc-community-co-focus';

/** Each instance's live rooms, by database connection: its streams end with the workers. */
const roomRuntimes = new Map<Connection, { hub: RoomHub; timers: NodeJS.Timeout[] }>();

/** Ends every open room stream of this process (shutdown): clients reconnect to another instance. */
export function endRoomStreams(db?: Connection): void {
  for (const [connection, runtime] of roomRuntimes) {
    if (db && connection !== db) continue;
    runtime.hub.close();
    for (const timer of runtime.timers) clearInterval(timer);
    roomRuntimes.delete(connection);
  }
}

/** How many room streams this instance (its database connection) has open: for operators and tests. */
export function openRoomStreams(db: Connection): number {
  return roomRuntimes.get(db)?.hub.connections().length ?? 0;
}

/** Whether this instance runs its room timers (heartbeats, sweep, phases): only while it holds a stream. */
export function roomTimersRunning(db: Connection): boolean {
  return (roomRuntimes.get(db)?.timers.length ?? 0) > 0;
}

function startRoomTimers(rooms: RoomsService, logger: Logger): NodeJS.Timeout[] {
  const every = (ms: number, task: () => Promise<void>, what: string) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((error: unknown) => logger.warn(`room ${what} failed`, { error: String(error) }))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    return timer;
  };
  return [
    every(ROOM_HEARTBEAT_MS, () => rooms.heartbeat(), 'heartbeat'),
    every(ROOM_PRESENCE_SWEEP_MS, () => rooms.sweep(), 'sweep'),
    every(1_000, () => rooms.announcePhases(), 'timer'),
  ];
}

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
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const roomsRepo = roomsRepository(models);
  // Heartbeats, the presence sweep and the timer's phases run while this instance holds a stream:
  // presence is read with its timeout anyway, and the room events only matter to someone watching.
  const runtime: { hub?: RoomHub; timers: NodeJS.Timeout[] } = { timers: [] };
  const hub = createRoomHub({
    bus: deps.bus,
    rooms: roomsRepo,
    logger,
    onBusyChange(busy) {
      for (const timer of runtime.timers.splice(0)) clearInterval(timer);
      if (busy) runtime.timers = startRoomTimers(rooms, logger);
    },
  });
  runtime.hub = hub;
  const sessionsRepo = sessionsRepository(models);
  const rooms = roomsService({
    sessions: sessionsRepo,
    rooms: roomsRepo,
    members,
    hub,
    logger,
    clock: deps.clock,
  });
  const sessions = sessionsService({
    sessions: sessionsRepo,
    members,
    rooms,
    relay: createOutboxRelay({ model: models.Session, bus: deps.bus, logger: deps.logger }),
    clock: deps.clock,
  });
  endRoomStreams(deps.db);
  roomRuntimes.set(deps.db, runtime as { hub: RoomHub; timers: NodeJS.Timeout[] });
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger,
    identitySecret: deps.identitySecret,
    routers: [
      calendarEntriesRouter({
        entries: calendarEntriesService({ entries: calendarEntriesRepository(models), members }),
        identitySecret: deps.identitySecret,
      }),
      communityDataExport(models),
      privacyRouter({ members }),
      postsRouter({ posts: postsService({ posts: postsRepository(models), members }) }),
      feedRouter({
        feed: feedService({ FeedEntry: models.FeedEntry, Member: models.Member, members }),
      }),
      roomsRouter({ rooms, sessions }),
      sessionsRouter({ sessions }),
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
  const handlers = communityEventHandlers(models);
  await deps.bus.ensureStream(STREAMS.COMMUNITY);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  // Session reminder events wait in the sessions' outbox until published (the fast path is the request's).
  const relay = createOutboxRelay({ model: models.Session, bus: deps.bus, logger: deps.logger });
  relay.start();
  const coFocus = coFocusHandler({
    rooms: roomsRepository(models),
    bus: deps.bus,
    logger: deps.logger ?? createLogger(SERVICE_NAME),
  });
  const consumers: ConsumerHandle[] = [
    await subscribe(deps.bus, {
      durable: CONSUMER,
      on: handleAll([EVENTS.userRegistered, EVENTS.userRenamed], handlers.onIdentityEvent),
    }),
    await subscribe(deps.bus, {
      durable: CONSUMER,
      on: handleAll(FEED_EVENTS, handlers.onQuestEvent),
      // The events that came in while the previous batches ran, every member's: one bulk write.
      batchHandler: handlers.onQuestEvents,
      batchAcrossKeys: true,
      partitionKey: byUser,
      idempotent: true,
    }),
    await subscribe(deps.bus, {
      durable: CO_FOCUS_CONSUMER,
      on: handleAll(FEED_EVENTS, coFocus.onQuestEvent),
      // Every member's completions that came in meanwhile: their attendance in one read.
      batchHandler: coFocus.onQuestEvents,
      batchAcrossKeys: true,
      partitionKey: byUser,
      idempotent: true,
    }),
  ];
  return {
    async stop() {
      endRoomStreams(deps.db);
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await relay.stop();
    },
  };
}
