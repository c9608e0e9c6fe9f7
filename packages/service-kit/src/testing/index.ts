import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Koa from 'koa';
import { createConnection, type Connection } from 'mongoose';
import { EVENTS, makeEvent } from '@levelup/contracts';
import { connectBus, deleteNamespacedStreams, type Bus, type BusOptions } from '../bus.ts';
import { signIdentity, type UserRole } from '../identity.ts';
import { connectMongo } from '../mongo.ts';

export interface TestInfra {
  mongoUrl: string;
  natsUrl: string;
  /** Unique per call (per test file): use it for database names and the bus namespace. */
  suffix: string;
  /** 'levelup_quests' -> 'levelup_quests_t1a2b3c4d' */
  dbName(base: string): string;
  stop(): Promise<void>;
}

/**
 * MongoDB from MONGO_URL when set, else the project's embedded server on a free port; NATS from
 * NATS_URL (default nats://127.0.0.1:4222). Each call gets its own suffix so test files never collide.
 */
export async function startTestInfra(): Promise<TestInfra> {
  const suffix = `t${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  let mongoUrl: string;
  let stopMongo: () => Promise<unknown> = async () => undefined;
  if (process.env.MONGO_URL) {
    mongoUrl = process.env.MONGO_URL;
  } else {
    const { start } = await import('@levelup/mongo-embedded');
    const embedded = await start({ port: 0 });
    mongoUrl = embedded.uri;
    stopMongo = () => embedded.stop();
  }
  return {
    mongoUrl,
    natsUrl,
    suffix,
    dbName: (base) => `${base}_${suffix}`,
    stop: async () => {
      await stopMongo();
    },
  };
}

export const TEST_IDENTITY_SECRET = 'test-identity-secret-0123456789abcdef';

/** Headers the gateway would send for `userId` (request id included, since the signature covers it). */
/**
 * Headers the gateway would send for `userId` on this request to this service: the identity is signed
 * for exactly this method, path and body (a test must send the same).
 */
export function identityHeaders(
  userId: string,
  request: { service: string; path: string; method?: string; body?: string },
  options: { secret?: string; now?: number; role?: UserRole } = {},
): Record<string, string> {
  const requestId = randomUUID();
  return {
    'x-request-id': requestId,
    ...signIdentity(
      { userId, requestId, role: options.role ?? 'member' },
      options.secret ?? TEST_IDENTITY_SECRET,
      { method: 'GET', ...request },
      options.now ?? Date.now(),
    ),
  };
}

export interface RunningApp {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves a Koa app on a free loopback port for HTTP tests. */
export async function serve(app: Koa): Promise<RunningApp> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `probe` until it returns a value that `done` accepts (events arrive asynchronously). */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!done(last)) {
    if (Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    last = await probe();
  }
  return last;
}

/** A command a watched connection sent: its name and the collection it named. */
export interface WatchedCommand {
  name: string;
  collection: string;
}

/**
 * A connection of its own to a service's test database that records every command it sends, for a
 * test that counts what a handler asks of the database: build the handler's models on `connection`.
 * It creates no collection and no index (the service's own connection has made them).
 */
export async function watchedConnection(
  mongoUrl: string,
  dbName: string,
): Promise<{ connection: Connection; commands: WatchedCommand[]; close(): Promise<void> }> {
  const connection = createConnection(mongoUrl, {
    dbName,
    monitorCommands: true,
    autoCreate: false,
    autoIndex: false,
  });
  await connection.asPromise();
  const commands: WatchedCommand[] = [];
  connection.getClient().on('commandStarted', (started) => {
    commands.push({
      name: started.commandName,
      collection: String(started.command[started.commandName]),
    });
  });
  return { connection, commands, close: () => connection.close() };
}

export interface TestDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  close(): Promise<void>;
}

/**
 * A service's connections for a test file: its own database (`levelup_quests_<suffix>`) and a bus in
 * the file's namespace, so two services in one file see each other's events and no other file's.
 */
export async function connectTestDeps(
  infra: TestInfra,
  dbBase: string,
  name: string,
  busOptions: Omit<BusOptions, 'namespace'> = {},
): Promise<TestDeps> {
  const db = await connectMongo(infra.mongoUrl, infra.dbName(dbBase), name);
  const bus = await connectBus(infra.natsUrl, name, { ...busOptions, namespace: infra.suffix });
  return {
    db,
    bus,
    identitySecret: TEST_IDENTITY_SECRET,
    close: async () => {
      await bus.close();
      await db.dropDatabase().catch(() => undefined);
      await db.close();
    },
  };
}

/** Removes the streams a test file's namespace created (call once, after the services stopped). */
export async function removeTestStreams(infra: TestInfra): Promise<void> {
  const bus = await connectBus(infra.natsUrl, 'test-cleanup', { namespace: infra.suffix });
  try {
    await deleteNamespacedStreams(bus);
  } finally {
    await bus.close();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies field by field
export type JsonResponse = { status: number; body: any };
export type JsonRequest = (method: string, path: string, body?: unknown) => Promise<JsonResponse>;

export interface TestService {
  infra: TestInfra;
  deps: TestDeps;
  url: string;
  /** Calls the service as the gateway would for `userId` with `role` (signed identity headers). */
  as(userId: string, role?: UserRole): JsonRequest;
  stop(): Promise<void>;
}

export interface TestServiceOptions<Extra extends object> {
  /** 'svc-quests': the bus connection's name; the database is `levelup_quests_<suffix>`. */
  name: string;
  createApp(deps: NoInfer<TestDeps & Extra>): Promise<Koa>;
  startWorkers?(deps: NoInfer<TestDeps & Extra>): Promise<{ stop(): Promise<void> }>;
  /** Service-specific dependencies (svc-identity's session keys, svc-quests' clock). */
  deps?: Extra;
  /** Infra shared with other services in the same file; without it the service gets its own and stops it. */
  infra?: TestInfra;
  /** The bus's options (a lower delivery limit for dead-letter tests); the namespace is the infra's. */
  bus?: Omit<BusOptions, 'namespace'>;
}

/**
 * A service over HTTP with its workers (consumers, outbox poller), on the embedded MongoDB and the real
 * NATS, as its main.ts would run it.
 */
export async function startTestService<Extra extends object = Record<never, never>>(
  options: TestServiceOptions<Extra>,
): Promise<TestService> {
  const infra = options.infra ?? (await startTestInfra());
  const deps = await connectTestDeps(
    infra,
    `levelup_${options.name.replace(/^svc-/, '')}`,
    options.name,
    options.bus,
  );
  const full = { ...(options.deps as Extra), ...deps };
  const workers = await options.startWorkers?.(full);
  const running = await serve(await options.createApp(full));
  return {
    infra,
    deps,
    url: running.url,
    as:
      (userId, role = 'member') =>
      async (method, path, body) => {
        const sent = body === undefined ? undefined : JSON.stringify(body);
        const response = await fetch(`${running.url}${path}`, {
          method,
          headers: {
            ...identityHeaders(
              userId,
              { service: options.name, method, path, body: sent },
              { role },
            ),
            ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(sent === undefined ? {} : { body: sent }),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      },
    async stop() {
      await running.close();
      await workers?.stop();
      await deps.close();
      if (!options.infra) {
        await removeTestStreams(infra);
        await infra.stop();
      }
    },
  };
}

export interface RestartableService {
  infra: TestInfra;
  db: Connection;
  /** Another process's bus connection (as `publisherName`), to publish while the service is down. */
  publisher: Bus;
  /** The running app's URL (throws while stopped). */
  url(): string;
  /** Starts the HTTP app and the workers on the same database, with a new bus connection. */
  start(): Promise<void>;
  /** Stops them as a process exit would: the database keeps its data, the durable consumers their place. */
  stop(): Promise<void>;
  /** Stops and removes everything (database, streams, infra). */
  close(): Promise<void>;
}

/**
 * A service that a test stops and starts again while events keep coming (outage replay). Unlike
 * startTestService, stopping keeps the database: only the bus connection, consumers and HTTP server go.
 */
export async function restartableService(options: {
  name: string;
  dbBase: string;
  publisherName: string;
  createApp(deps: { db: Connection; bus: Bus; identitySecret: string }): Promise<Koa>;
  startWorkers(deps: {
    db: Connection;
    bus: Bus;
    identitySecret: string;
  }): Promise<{ stop(): Promise<void> }>;
}): Promise<RestartableService> {
  const infra = await startTestInfra();
  const db = await connectMongo(infra.mongoUrl, infra.dbName(options.dbBase));
  const publisher = await connectBus(infra.natsUrl, options.publisherName, {
    namespace: infra.suffix,
  });
  let running: { app: RunningApp; bus: Bus; workers: { stop(): Promise<void> } } | undefined;
  const service: RestartableService = {
    infra,
    db,
    publisher,
    url() {
      if (!running) throw new Error(`${options.name} is stopped`);
      return running.app.url;
    },
    async start() {
      const bus = await connectBus(infra.natsUrl, options.name, { namespace: infra.suffix });
      const deps = { db, bus, identitySecret: TEST_IDENTITY_SECRET };
      const workers = await options.startWorkers(deps);
      running = { app: await serve(await options.createApp(deps)), bus, workers };
    },
    async stop() {
      if (!running) return;
      await running.app.close();
      await running.workers.stop();
      await running.bus.close();
      running = undefined;
    },
    async close() {
      await service.stop();
      await publisher.close();
      await db.dropDatabase().catch(() => undefined);
      await db.close();
      await removeTestStreams(infra);
      await infra.stop();
    },
  };
  await service.start();
  return service;
}

/** The username a test member gets from its display name: 'Ada Lovelace' -> 'ada_lovelace'. */
export const testUsername = (displayName: string) => displayName.toLowerCase().replace(/\s+/g, '_');

/**
 * A member registered as svc-identity announces one (identity.user_registered, UTC), for services that
 * keep a read model of members; resolves with the new user id once `known(userId)` finds it there.
 */
export async function registerMember(
  bus: Bus,
  displayName: string,
  known: (userId: string) => Promise<unknown>,
): Promise<string> {
  const userId = randomUUID();
  await bus.publish(
    makeEvent(EVENTS.userRegistered.type, {
      userId,
      username: testUsername(displayName),
      displayName,
      timeZone: 'UTC',
    }),
  );
  await eventually(() => known(userId), Boolean);
  return userId;
}

/** The service's request function with the admin role for `admins`, as the gateway signs it. */
export function withRoles(service: TestService, admins: ReadonlySet<string>): TestService['as'] {
  const as = service.as;
  return (userId) => as(userId, admins.has(userId) ? 'admin' : 'member');
}
