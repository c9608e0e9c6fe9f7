/**
 * How long one user's silent push endpoints hold back another user's reminder. svc-identity's own
 * reminder scheduler and push sender against the embedded server, the local push service stand-in
 * (on loopback, so the test allowance is on) and N endpoints that accept a connection and never
 * answer. The other user's reminder is due one second after the silent user's.
 *   node bench/reminders-isolation.ts [N silent endpoints, default 10] [runs, default 3]
 * Prints, per run, the time from the scheduler's tick to the other user's notification at the push
 * service, alone (no silent user) and behind the silent user; the difference is the delay.
 */
import { Agent } from 'node:https';
import { createServer, type Socket } from 'node:net';
import mongoose from 'mongoose';
import { silentLogger, start } from '@levelup/mongo-embedded';
import { createLogger } from '@levelup/service-kit';
import { startPushServiceStandIn } from '@levelup/service-kit/testing/push-service';
import {
  generateVapidKeys,
  identityModels,
  reminderModels,
  reminderScheduler,
  remindersRepository,
  webPushSender,
  type PushSenderOptions,
} from '../svc-identity/src/index.ts';
import { summarise } from './lib.ts';

const SILENT = Number(process.argv[2] ?? 10);
const RUNS = Number(process.argv[3] ?? 3);

const mongo = await start({ port: 0, memory: true, logger: silentLogger });
const db = await mongoose
  .createConnection(mongo.uri, { dbName: 'reminders_isolation' })
  .asPromise();
const store = reminderModels(db);
await Promise.all([store.Reminder.init(), store.PushSubscription.init()]);
const reminders = remindersRepository(store);
const push = await startPushServiceStandIn();
const held: Socket[] = [];
const silent = createServer((socket) => {
  held.push(socket);
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentPort = (silent.address() as { port: number }).port;

const vapid = { ...generateVapidKeys(), subject: 'mailto:bench@levelup.test' };
// The stand-in's certificate, and loopback allowed (its address). `agent` is how a sender before the
// endpoint policy took the certificate; today's ignores it.
const options = {
  ca: push.ca,
  policy: { allowLoopback: true, allowedHosts: [] },
  agent: new Agent({ ca: push.ca }),
} as PushSenderOptions;
const sender = webPushSender(vapid, options);
const scheduler = reminderScheduler({
  reminders,
  users: identityModels(db).User,
  sender,
  clock: () => new Date(),
  logger: createLogger('bench', () => {}),
});
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
let run = 0;

async function remind(userId: string, dueAt: Date) {
  await reminders.updateSettings(userId, { quietHours: null });
  await reminders.schedule(
    { userId, kind: 'quest', itemId: `q-${userId}`, occurrence: 'x', dueAt, title: 'Bench' },
    new Date(),
  );
}

/** Milliseconds from the tick to the other user's notification at the push service. */
async function otherUsersWait(withSilentUser: boolean): Promise<number> {
  run += 1;
  const now = Date.now();
  if (withSilentUser) {
    const silentUser = `silent-${run}`;
    for (let i = 0; i < SILENT; i += 1) {
      await reminders.subscribe(
        silentUser,
        { endpoint: `https://127.0.0.1:${silentPort}/push/${run}-${i}`, keys },
        new Date(),
      );
    }
    await remind(silentUser, new Date(now - 2000));
  }
  const other = `other-${run}`;
  const device = push.subscribe();
  await reminders.subscribe(other, device.json, new Date());
  await remind(other, new Date(now - 1000));
  const started = performance.now();
  const tick = scheduler.tick();
  while (!push.received.some((message) => message.subscriptionId === device.id)) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const waited = performance.now() - started;
  for (const socket of held.splice(0)) socket.destroy();
  await tick;
  for (const socket of held.splice(0)) socket.destroy();
  return waited;
}

const alone: number[] = [];
const behind: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  alone.push(await otherUsersWait(false));
  behind.push(await otherUsersWait(true));
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const a = summarise(alone);
const b = summarise(behind);
console.log(`silent endpoints of one user: ${SILENT}; runs: ${RUNS}`);
console.log(`other user's reminder, alone:          median ${ms(a.p50)}, max ${ms(a.max)}`);
console.log(`other user's reminder, behind silent:  median ${ms(b.p50)}, max ${ms(b.max)}`);
console.log(
  `delay caused by the silent user:       median ${ms(b.p50 - a.p50)}, worst ${ms(b.max - a.p50)}`,
);

(sender as Partial<typeof sender>).close?.();
await push.close();
silent.close();
await db.close();
await mongo.stop();
