// Benchmark (a script, not a test): the server's CPU time per operation for the shapes Level Up's
// busiest calls send (the quest list: 20 documents by user, sorted; a toggle: findOneAndUpdate by _id
// and user with $set and $push, then $pull), read from /proc for the server process (Linux), with 50
// concurrent driver operations as under the gateway load test.
//   npm run bench:hot -w @levelup/mongo-embedded            (durable: --dbpath, as npm start runs it)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient, ObjectId } from 'mongodb';
import { startChild } from '../test/process.ts';

const USERS = 50;
const PER_USER = 20;
const CONCURRENCY = 50;
const OPERATIONS = 4_000;
const TICK_MS = 1000 / 100; // USER_HZ

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function quest(userId: string, i: number) {
  return {
    _id: new ObjectId(),
    userId,
    title: `Quest ${i}`,
    description: 'A quest for the hot-path benchmark',
    difficulty: 'easy',
    xpReward: 20,
    timeEstimate: null,
    dueDate: null,
    isCompleted: false,
    completionType: 'not_completed',
    completedAt: null,
    awardedXp: 0,
    hiddenFromDashboard: false,
    rev: 0,
    tags: [],
    outboxLockedUntil: null,
    outbox: [] as Array<{ id: string; event: { id: string; type: string }; at: Date }>,
    createdAt: new Date(Date.now() + i),
    updatedAt: new Date(),
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-hot-'));
  // CPU_PROFILE=<dir>: the server writes a V8 profile there (read it with bench/profile-summary.ts).
  const profile = process.env.CPU_PROFILE;
  const server = await startChild(
    ['--dbpath', dir],
    {},
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const pid = server.child.pid!;
  const client = await MongoClient.connect(server.uri, { maxPoolSize: CONCURRENCY });
  const quests = client.db('hot').collection<ReturnType<typeof quest>>('quests');
  await quests.createIndex({ userId: 1, createdAt: 1 });
  await quests.createIndex({ 'outbox.at': 1 });
  const users = Array.from({ length: USERS }, (_, u) => `user-${u}`);
  const ids = new Map<string, ObjectId[]>();
  for (const userId of users) {
    const docs = Array.from({ length: PER_USER }, (_, i) => quest(userId, i));
    await quests.insertMany(docs);
    ids.set(
      userId,
      docs.map((d) => d._id),
    );
  }

  const shapes: Record<string, (i: number) => Promise<unknown>> = {
    'list (20 docs, sorted)': (i) =>
      quests
        .find({ userId: users[i % USERS], hiddenFromDashboard: { $ne: true } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray(),
    'findOne by _id and user': (i) => {
      const userId = users[i % USERS]!;
      return quests.findOne({ _id: ids.get(userId)![i % PER_USER], userId });
    },
    'toggle (findOneAndUpdate $set $push, then $pull)': async (i) => {
      const userId = users[i % USERS]!;
      const _id = ids.get(userId)![i % PER_USER]!;
      const eventId = `e-${i}`;
      await quests.findOneAndUpdate(
        { _id, userId },
        {
          $set: { isCompleted: i % 2 === 0, updatedAt: new Date() },
          $inc: { rev: 1 },
          $push: { outbox: { id: eventId, event: { id: eventId, type: 'x' }, at: new Date() } },
        },
        { returnDocument: 'after' },
      );
      await quests.updateOne({ _id }, { $pull: { outbox: { id: { $in: [eventId] } } } });
    },
  };

  console.log(
    `${USERS} users x ${PER_USER} documents, ${CONCURRENCY} concurrent, ${OPERATIONS} each\n`,
  );
  console.log('| operation | server CPU per op | ops/s |');
  console.log('|---|---|---|');
  for (const [name, run] of Object.entries(shapes)) {
    if (process.env.ONLY && !name.startsWith(process.env.ONLY)) continue; // ONLY=toggle, say
    for (let i = 0; i < 500; i++) await run(i); // warm-up
    let next = 0;
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < OPERATIONS) await run(next++);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const perOp = (cpuMs(pid) - cpu0) / OPERATIONS;
    console.log(`| ${name} | ${perOp.toFixed(3)} ms | ${Math.round(OPERATIONS / seconds)} |`);
  }
  await client.close();
  server.child.kill('SIGINT');
  await server.exited;
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
