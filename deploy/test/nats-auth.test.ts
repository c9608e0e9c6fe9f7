import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startMongo, silentLogger } from '../../tools/mongo-embedded/src/index.ts';
import {
  connectBus,
  connectMongo,
  createLogger,
  createSharedCounters,
  natsConnectOptions,
} from '@levelup/service-kit';
import { startWorkers as identityWorkers } from '../../svc-identity/src/index.ts';
import { startWorkers as questsWorkers } from '../../svc-quests/src/index.ts';
import { startWorkers as goalsWorkers } from '../../svc-goals/src/index.ts';
import { startWorkers as communityWorkers } from '../../svc-community/src/index.ts';
import { startWorkers as feedbackWorkers } from '../../svc-feedback/src/index.ts';
import { startNatsServer, type TestNatsServer } from './nats-server.ts';
import {
  OPS_USER,
  WORKLOADS,
  natsPassword,
  passwordEnvOf,
  renderAuthConf,
  type NatsWorkload,
} from '../nats/users.ts';

// deploy/nats/auth.conf on a real nats-server: every service's real workers start as its own user
// (streams, durable consumers, dead-letter consumers, core subscriptions), the gateway's real shared
// counters keep their bucket, and each user is refused what belongs to another.

const CONFIG = path.resolve(import.meta.dirname, '../nats/auth.conf');
const passwords = Object.fromEntries(
  [...WORKLOADS.map((w) => w.user), OPS_USER].map((user) => [user, natsPassword()]),
);
const workload = (user: string) => WORKLOADS.find((w) => w.user === user)!;
const SLOW = 60_000;

let server: TestNatsServer;
let mongo: Awaited<ReturnType<typeof startMongo>>;
const open: NatsConnection[] = [];

const urlOf = (user: string) =>
  server.address.replace('nats://', `nats://${user}:${passwords[user]}@`);
async function connectAs(user: string): Promise<NatsConnection> {
  // As the services connect: user, password and inbox prefix from the URL.
  const nc = await connect(natsConnectOptions(urlOf(user)));
  open.push(nc);
  return nc;
}
/** The server's log lines about a refused publish or subscription by `user`. */
const violationsOf = (user: string) =>
  server
    .log()
    .split('\n')
    .filter((line) => /Violation/.test(line) && line.includes(`User "${user}"`));

beforeAll(async () => {
  const env = Object.fromEntries(
    Object.entries(passwords).map(([user, password]) => [passwordEnvOf(user), password]),
  );
  server = await startNatsServer(CONFIG, env);
  mongo = await startMongo({ port: 0, logger: silentLogger });
}, SLOW);

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  await mongo?.stop();
  await server?.stop();
}, SLOW);

/** Each service's real start of its workers, given its own database and a bus signed in as it. */
const STARTS: Record<string, (deps: StartDeps) => Promise<{ stop(): Promise<void> }>> = {
  'svc-identity': (deps) => identityWorkers({ ...deps, reminderTickMs: 60_000 }),
  'svc-quests': (deps) => questsWorkers(deps),
  'svc-goals': (deps) => goalsWorkers({ ...deps, identitySecret: 'x'.repeat(32) }),
  'svc-community': (deps) => communityWorkers(deps),
  'svc-feedback': (deps) => feedbackWorkers(deps),
};
type StartDeps = {
  db: Awaited<ReturnType<typeof connectMongo>>;
  bus: Awaited<ReturnType<typeof connectBus>>;
  logger: ReturnType<typeof createLogger>;
};

describe('NATS users (deploy/nats/auth.conf)', () => {
  it('when rendered from deploy/nats/users.ts, then it is the committed file', () => {
    expect(readFileSync(CONFIG, 'utf8')).toBe(renderAuthConf());
    expect(Object.keys(STARTS).sort()).toEqual(
      WORKLOADS.map((w) => w.user)
        .filter((user) => user !== 'gateway')
        .sort(),
    );
  });

  it.each(Object.keys(STARTS))(
    'when %s starts its real workers as its own user, then every stream, consumer and subscription is allowed',
    async (user) => {
      const lines: string[] = [];
      const logger = createLogger(user, (line) => lines.push(line), 'warn');
      const bus = await connectBus(urlOf(user), user, { logger });
      const db = await connectMongo(mongo.uri, `levelup_${user.slice(4)}`, user);
      try {
        const workers = await STARTS[user]!({ db, bus, logger }).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${lines.join('\n')}`);
        });
        // A refused subscription is not an error to the caller: the server says it in its log.
        await bus.connection.flush();
        await workers.stop();
        expect(violationsOf(user)).toEqual([]);
      } finally {
        await bus.close();
        await db.close();
      }
    },
    SLOW,
  );

  it("when every service has started, then the server holds exactly the table's durable consumers", async () => {
    const jsm = await jetstreamManager(await connectAs(OPS_USER));
    const found: string[] = [];
    for await (const stream of jsm.streams.list())
      for await (const consumer of jsm.consumers.list(stream.config.name))
        found.push(`${stream.config.name}/${consumer.name}`);
    const expected = WORKLOADS.flatMap((w) =>
      w.consumers.flatMap(({ stream, durable }) => [
        `${stream}/${durable}`,
        `DEADLETTER/replay_${stream}_${durable}`,
      ]),
    );
    expect(found.sort()).toEqual(expected.sort());
  });

  it("when a service publishes on its own subjects, then JetStream stores it; on another service's, it is refused", async () => {
    const owners = WORKLOADS.filter((w) => w.ownStream);
    const subjectOf = (w: NatsWorkload) => w.ownStream!.subjects[0]!.replace('>', 'probe');
    for (const publisher of owners) {
      const js = jetstream(await connectAs(publisher.user));
      const ack = await js.publish(subjectOf(publisher), '{}');
      expect(ack.stream, publisher.user).toBe(publisher.ownStream!.name);
      for (const other of owners.filter((w) => w !== publisher))
        await expect(
          js.publish(subjectOf(other), '{}'),
          `${publisher.user} -> ${subjectOf(other)}`,
        ).rejects.toThrow(/Permissions Violation for Publish/);
    }
    // The example that matters most: only svc-quests moves XP.
    const feedback = jetstream(await connectAs('svc-feedback'));
    await expect(feedback.publish('quests.completed', '{}')).rejects.toThrow(
      /Permissions Violation for Publish to "quests.completed"/,
    );
  });

  it("when a service reaches for what another owns (its stream's settings, a consumer, a dead letter), then it is refused", async () => {
    const feedback = await connectAs('svc-feedback');
    const jsm = await jetstreamManager(feedback);
    await expect(jsm.streams.delete('QUESTS')).rejects.toThrow(/Permissions Violation/);
    await expect(jsm.streams.update('QUESTS', { subjects: ['quests.>'] })).rejects.toThrow(
      /Permissions Violation/,
    );
    // Reading quest events under its own name, or by taking over svc-goals' consumer.
    await expect(
      jsm.consumers.add('QUESTS', { durable_name: 'svc-feedback', filter_subject: 'quests.>' }),
    ).rejects.toThrow(/Permissions Violation/);
    await expect(jsm.consumers.info('QUESTS', 'svc-goals-quests')).rejects.toThrow(
      /Permissions Violation/,
    );
    await expect(
      jetstream(feedback).publish('deadletter.replay.QUESTS.svc-goals-quests', '{}'),
    ).rejects.toThrow(/Permissions Violation/);
    // Nor listen on the replies another service gets (its fetched events come that way).
    for (const subject of ['_INBOX.>', '_INBOX_svc-quests.>', 'quests.>']) {
      const listener = await connect({
        servers: server.address,
        user: 'svc-feedback',
        pass: passwords['svc-feedback'],
      });
      open.push(listener);
      const refused = (async () => {
        for await (const status of listener.status())
          if (
            status.type === 'error' &&
            /Permissions Violation for Subscription/.test(String(status.error))
          )
            return true;
        return false;
      })();
      listener.subscribe(subject);
      // The server answers the subscription before the flush's ping; closing ends the status stream.
      await listener.flush();
      await listener.close();
      expect(await refused, subject).toBe(true);
    }
    // The gateway only hears sign-outs: it cannot forge one.
    await expect(
      jetstream(await connectAs('gateway')).publish('identity.session_revoked', '{}'),
    ).rejects.toThrow(/Permissions Violation/);
  });

  it('when the gateway counts a rate limit and svc-identity revokes a session, then the gateway keeps its bucket and hears the sign-out', async () => {
    const counters = createSharedCounters({
      url: urlOf('gateway'),
      bucket: workload('gateway').kvBuckets![0]!,
      ttlMs: 60_000,
      timeoutMs: 10_000,
      name: 'gateway-limits',
      logger: createLogger('gateway-limits', () => undefined),
    });
    try {
      await counters.ready;
      expect(counters.available()).toBe(true);
      expect(await counters.take('probe', 2, 60_000)).toBe(0);
      expect(await counters.take('probe', 2, 60_000)).toBe(0);
      expect(await counters.take('probe', 2, 60_000)).toBeGreaterThan(0);
    } finally {
      await counters.close();
    }
    const gateway = await connectAs('gateway');
    const heard = gateway.subscribe('identity.session_revoked', { max: 1 });
    await gateway.flush();
    await jetstream(await connectAs('svc-identity')).publish('identity.session_revoked', '{}');
    for await (const message of heard) expect(message.subject).toBe('identity.session_revoked');
    expect(violationsOf('gateway').filter((line) => !line.includes('session_revoked'))).toEqual([]);
  });

  it('when a password starts with a digit, then the server does not start: why natsPassword() starts with a letter', async () => {
    const env = Object.fromEntries(
      Object.keys(passwords).map((user) => [passwordEnvOf(user), natsPassword()]),
    );
    env[passwordEnvOf('svc-quests')] = '2026-11-29x';
    await expect(startNatsServer(CONFIG, env)).rejects.toThrow(/could not be parsed/);
    expect(Object.values(passwords).every((p) => /^[a-z][0-9a-f]+$/.test(p))).toBe(true);
  });

  it('when a user gives a wrong password, then the server refuses the connection', async () => {
    await expect(
      connect({ servers: server.address, user: 'svc-quests', pass: 'wrong' }),
    ).rejects.toThrow(/Authorization Violation/);
  });
});
