import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
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
import { attemptModel, attemptsRepository } from './auth/attempts.ts';
import { authService } from './auth/auth.service.ts';
import { authRouter } from './auth/routes.ts';
import { emailVerification } from './auth/email-verification.ts';
import { identityDataExport } from './data-export.ts';
import { externalAccounts, externalIdentityModel } from './external-sign-in/external-accounts.ts';
import { oidcClient, type OidcSettings } from './external-sign-in/oidc-client.ts';
import { externalSignInRouter } from './external-sign-in/routes.ts';
import { internalRouter } from './internal/routes.ts';
import { profileService } from './profile/profile.service.ts';
import { profileRouter, requireUser } from './profile/routes.ts';
import { sessionMiddleware } from './sessions/session.ts';
import { ensureIdentityIndexes, identityModels } from './users/models.ts';
import { usersRepository } from './users/repository.ts';
import { applyConfiguredAdmins } from './users/roles.ts';
import {
  XP_CO_FOCUS_EVENTS,
  XP_QUEST_EVENTS,
  reconcileLegacyUsers,
  xpBatchHandler,
  xpEventHandler,
} from './xp/apply-xp-event.ts';
import { reminderModels, ensureReminderIndexes } from './reminders/models.ts';
import { webPushSender, type PushSenderOptions, type VapidKeys } from './reminders/push-sender.ts';
import { DEFAULT_PUSH_ENDPOINT_POLICY } from './reminders/push-endpoint.ts';
import {
  REMINDER_COMMUNITY_CONSUMER,
  REMINDER_QUESTS_CONSUMER,
  reminderEventHandler,
  REMINDER_COMMUNITY_EVENTS,
  REMINDER_QUESTS_EVENTS,
} from './reminders/reminder-events.ts';
import { remindersRepository } from './reminders/repository.ts';
import { remindersService } from './reminders/reminders.service.ts';
import { remindersRouter } from './reminders/routes.ts';
import { reminderScheduler, type ReminderScheduler } from './reminders/scheduler.ts';
import { xpRouter } from './xp/routes.ts';
import { xpHistoryService } from './xp/xp-history.service.ts';

export const SERVICE_NAME = 'svc-identity';
/** Durable consumer name shared by every instance of this service. */
export const XP_CONSUMER = 'svc-identity';

export interface IdentityDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  sessionKeys: string[];
  cookieSecure?: boolean;
  /** OpenID Connect provider for /api/login; without it /api/login says it is not set up. */
  externalSignIn?: OidcSettings | undefined;
  /** ADMIN_USERNAMES: each is granted once, at the first start that lists it, to the account with the name then. */
  adminUsernames?: readonly string[];
  /** The origin browsers use: links in emails point there. */
  publicUrl?: string;
  /** The development mail sink: each email a file in this folder, its link logged (unset: not sent). */
  mailDir?: string | undefined;
  /** Web Push (VAPID) keys; without them reminders are only listed in the app. */
  vapid?: VapidKeys | undefined;
  /** How often the reminder scheduler looks for due reminders (0: never, tests tick it themselves). */
  reminderTickMs?: number;
  /**
   * How reminders reach push services: the endpoint policy (subscriptions are checked against it too)
   * and the timeouts; tests add their stand-in's certificate (`ca`) and allow loopback.
   */
  push?: PushSenderOptions;
  /** Reminders delivered at once (REMINDER_SEND_CONCURRENCY; default 8). */
  reminderConcurrency?: number;
  /** The time every reminder decision and the confirmation-email allowance read (a fake clock in tests). */
  clock?: () => Date;
  logger?: Logger;
}

/** The HTTP app (no listen). Indexes are created first: uniqueness of usernames relies on them. */
export async function createApp(deps: IdentityDeps): Promise<Koa> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = identityModels(deps.db);
  await ensureIdentityIndexes(models);
  const users = usersRepository(models);
  await applyConfiguredAdmins(deps.db, deps.adminUsernames ?? [], logger);
  const relay = createOutboxRelay({ model: models.User, bus: deps.bus, logger });
  const Attempt = attemptModel(deps.db);
  await Attempt.init();
  const attempts = attemptsRepository(Attempt);
  const auth = authService({ users, relay, attempts });
  await externalIdentityModel(deps.db).init();
  const reminderStore = reminderModels(deps.db);
  await ensureReminderIndexes(reminderStore);
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger,
    keys: deps.sessionKeys,
    // The browser's protocol is the gateway's X-Forwarded-Proto (it replaces whatever a client sent, and
    // says https only when a proxy it trusts does): cookies are Secure on HTTPS, and always with COOKIE_SECURE.
    proxy: true,
    middleware: (app) => [sessionMiddleware(app, models, { secure: deps.cookieSecure ?? false })],
    routers: [
      authRouter({
        auth,
        users,
        logger,
        verification: emailVerification({
          db: deps.db,
          publicUrl: deps.publicUrl ?? 'http://localhost:8080',
          mailDir: deps.mailDir,
          logger,
          ...(deps.clock ? { now: deps.clock } : {}),
        }),
      }),
      externalSignInRouter({
        oidc: deps.externalSignIn ? oidcClient(deps.externalSignIn) : null,
        accounts: externalAccounts({ db: deps.db, users, relay }),
        auth,
        secureCookies: deps.cookieSecure ?? false,
        logger,
      }),
      profileRouter({
        profiles: profileService({ users, relay }),
        identitySecret: deps.identitySecret,
      }),
      xpRouter({ xp: xpHistoryService(models), identitySecret: deps.identitySecret }),
      identityDataExport({ ...models, ...reminderStore }, requireUser(deps.identitySecret)),
      internalRouter({ identitySecret: deps.identitySecret, users }),
      remindersRouter({
        reminders: remindersService({
          reminders: remindersRepository(reminderStore),
          publicKey: deps.vapid?.publicKey ?? null,
          policy: deps.push?.policy ?? DEFAULT_PUSH_ENDPOINT_POLICY,
          clock: deps.clock ?? (() => new Date()),
        }),
        identitySecret: deps.identitySecret,
      }),
    ],
  });
}

export interface Workers {
  /** The reminder scheduler (tests tick it with their clock). */
  reminders: ReminderScheduler;
  stop(): Promise<void>;
}

/** Streams, the XP consumer and the outbox poller. Several instances share the durable consumer. */
export async function startWorkers(
  deps: Pick<
    IdentityDeps,
    'db' | 'bus' | 'logger' | 'vapid' | 'reminderTickMs' | 'clock' | 'push' | 'reminderConcurrency'
  >,
): Promise<Workers> {
  const logger = deps.logger ?? createLogger(SERVICE_NAME);
  const models = identityModels(deps.db);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  await deps.bus.ensureStream(STREAMS.QUESTS);
  await deps.bus.ensureStream(STREAMS.COMMUNITY);
  await reconcileLegacyUsers(models, logger);
  const relay = createOutboxRelay({ model: models.User, bus: deps.bus, logger });
  relay.start();
  const consumers: ConsumerHandle[] = [
    await subscribe(deps.bus, {
      durable: XP_CONSUMER,
      on: handleAll(XP_QUEST_EVENTS, xpEventHandler(models, logger)),
      // What came in while the previous batches ran, for every user not in one: four writes in all.
      batchHandler: xpBatchHandler(models),
      batchAcrossKeys: true,
      // Events delivered again go in the batch too: it skips those already in the ledger.
      batchTakesRedeliveries: true,
      idempotent: true,
      // Several users' events at once; one user's in stream order.
      partitionKey: byUser,
    }),
    // The co-focus bonus (svc-community): the same one-at-a-time path, exactly once by event id.
    await subscribe(deps.bus, {
      durable: XP_CONSUMER,
      on: handleAll(XP_CO_FOCUS_EVENTS, xpEventHandler(models, logger)),
      idempotent: true,
      partitionKey: byUser,
    }),
  ];
  // Reminders: the services that own quests and sessions schedule and cancel them by events.
  const reminderStore = reminderModels(deps.db);
  await ensureReminderIndexes(reminderStore);
  const reminders = remindersRepository(reminderStore);
  const onReminderEvent = reminderEventHandler(reminders);
  for (const [events, durable] of [
    [REMINDER_QUESTS_EVENTS, REMINDER_QUESTS_CONSUMER],
    [REMINDER_COMMUNITY_EVENTS, REMINDER_COMMUNITY_CONSUMER],
  ] as const) {
    consumers.push(
      await subscribe(deps.bus, {
        durable,
        on: handleAll(events, onReminderEvent),
        idempotent: true,
        partitionKey: byUser,
      }),
    );
  }
  const sender = deps.vapid ? webPushSender(deps.vapid, deps.push) : null;
  const scheduler = reminderScheduler({
    reminders,
    users: models.User,
    sender,
    clock: deps.clock ?? (() => new Date()),
    logger,
    ...(deps.reminderConcurrency ? { concurrency: deps.reminderConcurrency } : {}),
  });
  scheduler.start(deps.reminderTickMs ?? 15_000);
  return {
    reminders: scheduler,
    async stop() {
      await scheduler.stop();
      sender?.close();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await relay.stop();
    },
  };
}
